import { describe, expect, it } from 'vitest';
import { agreementBounds, dollarsToCents, exitQuote, exitQuoteTotalCents, homeownerFigures, type AgreementInputs, type ExitQuoteInputs } from './index';

// The comparison's defaults as an agreement; with no month paid and the value still the price, E = D = 29,400 exactly.
const agreement: AgreementInputs = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const terms = [{ fromMonth: 1, monthlyPayment: agreementBounds(agreement).max }];
const base: ExitQuoteInputs = {
  ...agreement,
  terms,
  paidMonths: [],
  billedMonths: 0,
  valuation: 420_000,
  kind: 'move',
  transferFee: { type: 'percentage', amount: 2 },
  arrearsCents: 0,
  creditCents: 0,
};

describe('dollarsToCents', () => {
  it('rounds half away from zero on both sides', () => {
    expect(dollarsToCents(0.125)).toBe(13);
    expect(dollarsToCents(-0.125)).toBe(-13);
    expect(dollarsToCents(0.005)).toBe(1);
    expect(dollarsToCents(-0.005)).toBe(-1);
    expect(dollarsToCents(12.344)).toBe(1234);
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('exitQuote', () => {
  it('move: the percentage fee of the settings on the equity, then arrears and credit', () => {
    const quote = exitQuote({ ...base, arrearsCents: 12_345, creditCents: 500 });
    expect(quote).toMatchObject({
      kind: 'move',
      totalEquityCents: 2_940_000,
      feeCents: 58_800,
      costsCents: 0,
      equityOutCents: 2_881_200,
      arrearsCents: 12_345,
      creditCents: 500,
    });
    expect(exitQuoteTotalCents(quote)).toBe(2_881_200 - 12_345 + 500);
  });

  it('move: a fixed fee is its amount, whatever the equity', () => {
    const quote = exitQuote({ ...base, transferFee: { type: 'fixed', amount: 1_500.255 } });
    // Each line is rounded on its own from full precision: the fee 1,500.255 → 1,500.26, the equity out 27,899.745 → 27,899.75.
    expect(quote).toMatchObject({ feeCents: 150_026, equityOutCents: 2_789_975, payoutCents: 2_789_975 });
  });

  it('cashOut: sale and transfer costs of 9.6 % of the value; equity out never below 0, so the payout is what is owed', () => {
    const quote = exitQuote({ ...base, kind: 'cashOut', arrearsCents: 10_000, creditCents: 0 });
    expect(quote).toMatchObject({ kind: 'cashOut', costsCents: 4_032_000, feeCents: 0, equityOutCents: 0, payoutCents: -10_000 });
    // At 600,000 the share of appreciation at 6.4 % (0.47 − 0.00094 · 90 = 0.3854) of 180,000: E = 29,400 + 69,372 = 98,772; costs 57,600.
    const risen = exitQuote({ ...base, kind: 'cashOut', valuation: 600_000, creditCents: 2_501 });
    expect(risen).toMatchObject({ totalEquityCents: 9_877_200, costsCents: 5_760_000, equityOutCents: 4_117_200, payoutCents: 4_117_200 + 2_501 });
  });

  it('buyOut: the value less the equity, plus arrears, less credit', () => {
    const quote = exitQuote({ ...base, kind: 'buyOut', arrearsCents: 1_000, creditCents: 250 });
    expect(quote).toMatchObject({ kind: 'buyOut', valuationCents: 42_000_000, buyOutPriceCents: 42_000_000 - 2_940_000 + 1_000 - 250 });
  });

  it('uses homeownerFigures at the quoted valuation, paid months and terms included', () => {
    const inputs = { ...base, paidMonths: [1, 2, 4], billedMonths: 5, valuation: 455_123.45 };
    const E = homeownerFigures(inputs).totalEquity;
    const quote = exitQuote(inputs);
    expect(quote.totalEquity).toBe(E);
    expect(quote.kind === 'move' && quote.equityOutCents).toBe(dollarsToCents(E - 0.02 * E));
  });

  it('refuses a missing valuation and cents that are not whole', () => {
    expect(() => exitQuote({ ...base, valuation: 0 })).toThrow(/valuation/);
    expect(() => exitQuote({ ...base, arrearsCents: 1.5 })).toThrow(/Arrears/);
  });
});
