import { comparisonPath } from '../../../../domain/brand';
import { brand } from '../../../lib/config';

const whole = (n: number) => String(Math.round(Number.isFinite(n) ? n : 0));

/**
 * The comparison with a price, down payment and (optionally) rate filled in. It
 * opens already calculated: the visitor asked to see the comparison, and the URL is
 * the same one a shared, calculated comparison has.
 */
export function comparisonHref({ price, down, rate }: { price: number; down: number; rate?: number }): string {
  const params = new URLSearchParams({ price: whole(price), down: whole(down) });
  if (rate !== undefined && Number.isFinite(rate)) params.set('rate', String(rate));
  params.set('calc', '1');
  return `${comparisonPath(brand)}?${params}`;
}

/** The application, carrying the home the visitor looked at (docs/product/application.md#home-you-want). */
export function applyHref({ price, down }: { price: number; down: number }): string {
  return `/apply?${new URLSearchParams({ price: whole(price), down: whole(down) })}`;
}
