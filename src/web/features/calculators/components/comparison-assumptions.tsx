import { ChevronDown } from 'lucide-react';
import {
  COMPARISON_BASE_APPRECIATION_SHARE,
  COMPARISON_BASE_DISCOUNT,
  COMPARISON_BASELINE_RATE,
  COMPARISON_DISCOUNT_MAX,
  COMPARISON_DISCOUNT_PER_GAP_POINT,
  COMPARISON_INSURANCE_RATE,
  COMPARISON_MORTGAGE_INSURANCE_DOWN_THRESHOLD,
  COMPARISON_MORTGAGE_INSURANCE_RATE,
  COMPARISON_NEXT_HOME_FACTOR,
  COMPARISON_NEXT_HOME_PURCHASE_COST_RATE,
  COMPARISON_PRINCIPAL_REDUCTION_PER_STEP,
  COMPARISON_PROPERTY_TAX_RATE,
  COMPARISON_PURCHASE_COST_RATE,
  COMPARISON_RENT_RATE,
  COMPARISON_SELLING_COST_RATE,
  COMPARISON_SHARE_FALL_PER_GAP_POINT,
  COMPARISON_SHARE_REDUCTION_PER_STEP,
  COMPARISON_SHARE_RISE_PER_GAP_POINT,
  COMPARISON_SLIDER_FACTOR,
  COMPARISON_SLIDER_STEP,
  COMPARISON_TERM_MONTHS,
  COMPARISON_TRANSFER_FEE_RATE,
  COMPARISON_TRANSFER_FEE_SHARE,
} from '../../../../domain/calculators';
import { formatMoneyCents, formatPercent } from '../../../../domain/format';

const p = (ratio: number) => formatPercent(ratio, { digits: 4, trim: true });
/** A rate typed as a percent number (5.5 means 5.5 %). */
const rate = (percent: number) => p(percent / 100);

/**
 * Every constant of docs/product/calculators.md#comparison, in words, so a reader can
 * check the figures. Quiet and folded away (visual.md 'Calculators').
 */
export function ComparisonAssumptions({ productName: n }: { productName: string }) {
  const items = [
    `Mortgage: a ${COMPARISON_TERM_MONTHS / 12}-year fixed-rate loan of the price minus the down payment, at the mortgage rate you enter.`,
    `Rent for comparison: ${p(COMPARISON_RENT_RATE)} of the home price a month.`,
    `Property taxes: ${p(COMPARISON_PROPERTY_TAX_RATE)} of the price a year. Homeowners insurance: ${p(COMPARISON_INSURANCE_RATE)} of the price a year. Both buyers pay both.`,
    `Mortgage insurance: ${p(COMPARISON_MORTGAGE_INSURANCE_RATE)} of the loan a year when the down payment is under ${p(COMPARISON_MORTGAGE_INSURANCE_DOWN_THRESHOLD)} of the price.`,
    `${n} payment: the mortgage’s principal and interest less a discount of ${p(COMPARISON_BASE_DISCOUNT)} at a ${rate(COMPARISON_BASELINE_RATE)} baseline rate, plus ${p(COMPARISON_DISCOUNT_PER_GAP_POINT)} for every 0.01 point your rate is above it (minus below it), between 0% and ${p(COMPARISON_DISCOUNT_MAX)}.`,
    `Appreciation share: ${n} buyers keep ${p(COMPARISON_BASE_APPRECIATION_SHARE)} of the home’s appreciation at the ${rate(COMPARISON_BASELINE_RATE)} baseline rate, ${p(COMPARISON_SHARE_RISE_PER_GAP_POINT)} more for every 0.01 point your rate is below it and ${p(COMPARISON_SHARE_FALL_PER_GAP_POINT)} less for every 0.01 point above it.`,
    `Payment slider: moves in ${formatMoneyCents(COMPARISON_SLIDER_STEP)} steps. Each step down gives up ${formatMoneyCents(COMPARISON_PRINCIPAL_REDUCTION_PER_STEP)} a month of equity and ${p(COMPARISON_SHARE_REDUCTION_PER_STEP)} of the appreciation share. The lowest payment is the highest minus ${COMPARISON_SLIDER_FACTOR} times one twelfth of the first year’s mortgage principal, in whole ${formatMoneyCents(COMPARISON_SLIDER_STEP)} steps.`,
    `Equity: the mortgage buyer’s is the down payment plus the principal repaid; the ${n} buyer’s is the same at the highest payment, less the equity given up on the slider. Savings are the monthly difference between the two payments, added up.`,
    `Appreciation: the home’s value grows by the appreciation rate you enter, compounded yearly.`,
    `Purchase costs: ${p(COMPARISON_PURCHASE_COST_RATE)} of the price, paid by both buyers alike, so they are not subtracted.`,
    `Net Home Wealth, mortgage: selling costs of ${p(COMPARISON_SELLING_COST_RATE)} of the home’s future value, then purchase costs of ${p(COMPARISON_NEXT_HOME_PURCHASE_COST_RATE)} on a next home worth ${COMPARISON_NEXT_HOME_FACTOR} times that value.`,
    `Net Home Wealth, ${n}: an equity transfer fee of ${p(COMPARISON_TRANSFER_FEE_SHARE)} of ${p(COMPARISON_TRANSFER_FEE_RATE)} (${p(COMPARISON_TRANSFER_FEE_SHARE * COMPARISON_TRANSFER_FEE_RATE)}) of the home’s future value.`,
  ];

  return (
    <details className="group rounded-[var(--radius-card)] border border-border bg-card/60">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-[var(--radius-card)] px-5 py-3 font-semibold [&::-webkit-details-marker]:hidden">
        How we calculate: assumptions
        <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
      </summary>
      <ul className="list-disc space-y-2 px-5 pb-5 pl-10 text-sm text-muted-foreground marker:text-input">
        {items.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </details>
  );
}
