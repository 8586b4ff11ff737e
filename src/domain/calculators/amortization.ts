/**
 * Level-payment amortization, as docs/product/calculators.md#notation defines it.
 * Rates are annual percentages (6.4 means 6.4 %), compounded monthly: i = r / 1200.
 */

// docs/product/calculators.md#notation: the schedule is always 360 months (30 years).
export const LOAN_TERM_MONTHS = 360;

// docs/product/calculators.md#notation: i = r / 1200 (percent, twelve months).
const monthlyRate = (ratePercent: number): number => ratePercent / 1200;

/** (1 + i)^k − 1 without the cancellation of subtracting 1 when i is tiny. */
const growthMinusOne = (i: number, k: number): number => Math.expm1(k * Math.log1p(i));

/**
 * Level monthly payment on principal `L` at `ratePercent` over `n` months:
 * `L·i / (1 − (1+i)^−n)`; `L/n` when i = 0; 0 when L ≤ 0.
 */
export function amort(L: number, ratePercent: number, n: number): number {
  if (!(L > 0) || !(n > 0)) return 0;
  const i = monthlyRate(ratePercent);
  if (i === 0) return L / n;
  // 1 − (1+i)^−n = −expm1(−n·log1p(i))
  return (L * i) / -growthMinusOne(i, -n);
}

/**
 * Principal repaid during the first `m` payments of the `n`-month schedule of
 * `amort(L, ratePercent, n)`; `m` is clamped to [0, n].
 *
 * O(1): with g = (1+i)^m and G = (1+i)^n, the balance after m payments is
 * L·g − pmt·(g − 1)/i, so the principal paid is L − balance = (g − 1)·(pmt/i − L),
 * and since pmt/i − L = L/(G − 1) this equals L·(g − 1)/(G − 1), which keeps full
 * precision for small rates. When i = 0 it is pmt·m = L·m/n.
 */
export function principalPaid(L: number, ratePercent: number, m: number, n: number = LOAN_TERM_MONTHS): number {
  if (!(L > 0) || !(n > 0)) return 0;
  const months = m > 0 ? Math.min(m, n) : 0; // NaN counts as 0
  if (months === 0) return 0;
  if (months === n) return L;
  const i = monthlyRate(ratePercent);
  if (i === 0) return amort(L, ratePercent, n) * months;
  return (L * growthMinusOne(i, months)) / growthMinusOne(i, n);
}
