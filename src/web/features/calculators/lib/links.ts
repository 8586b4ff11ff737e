import { comparisonPath } from '../../../../domain/brand';
import { brand } from '../../../lib/config';

const whole = (n: number) => String(Math.round(Number.isFinite(n) ? n : 0));

/**
 * The comparison with a price, down payment and (optionally) rate filled in. It
 * opens already calculated: the visitor asked to see the comparison, and the URL is
 * the same one a shared, calculated comparison has.
 */
export function comparisonHref({ price, down, rate, budget }: { price: number; down: number; rate?: number; budget?: number }): string {
  const params = new URLSearchParams({ price: whole(price), down: whole(down) });
  if (rate !== undefined && Number.isFinite(rate)) params.set('rate', String(rate));
  params.set('calc', '1');
  // Variant A's monthly budget, said beside the payment for this home (docs/product/calculators.md#comparison-from-variant-a).
  if (budget !== undefined && Number.isFinite(budget) && budget > 0) params.set('budget', whole(budget));
  return `${comparisonPath(brand)}?${params}`;
}

/** The application, carrying the home the visitor looked at (docs/product/application.md#home-you-want). */
export function applyHref({ price, down }: { price: number; down: number }): string {
  return `/apply?${new URLSearchParams({ price: whole(price), down: whole(down) })}`;
}
