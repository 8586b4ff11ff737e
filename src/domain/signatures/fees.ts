/**
 * Grace and late fees as an agreement states them (docs/product/calculators.md 'Fees'): settings'
 * `graceDays` and `lateFee` when they exist, else the defaults 10 days and 5 %. The one place that
 * reads them for documents, so the agreement says what billing does.
 */
export interface FeeTerms {
  graceDays: number;
  lateFee: { type: 'percentage' | 'fixed'; amount: number };
}

export const DEFAULT_FEE_TERMS: FeeTerms = { graceDays: 10, lateFee: { type: 'percentage', amount: 5 } };

export function feeTermsOf(settings: object): FeeTerms {
  const s = settings as { graceDays?: unknown; lateFee?: { type?: unknown; amount?: unknown } };
  const graceDays = typeof s.graceDays === 'number' && Number.isInteger(s.graceDays) && s.graceDays >= 0 ? s.graceDays : DEFAULT_FEE_TERMS.graceDays;
  const fee = s.lateFee;
  const lateFee =
    fee && (fee.type === 'percentage' || fee.type === 'fixed') && typeof fee.amount === 'number' && fee.amount >= 0
      ? { type: fee.type as FeeTerms['lateFee']['type'], amount: fee.amount }
      : DEFAULT_FEE_TERMS.lateFee;
  return { graceDays, lateFee };
}
