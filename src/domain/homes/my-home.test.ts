import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreementBounds, homeownerFigures } from '../calculators';
import { equityCredit, figuresInCents, MOVEMENT_LABELS, movementsOf, splitCharge } from './my-home';

/** The payment breakdown and the figures in cents of the homeowner's own pages (src/domain/homes/my-home.ts). */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };

describe('equityCredit and the payment breakdown', () => {
  it('adds up, over the paid months, to the equity principal of homeownerFigures', () => {
    const { min, max } = agreementBounds(AGREEMENT);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Math.floor((max - min) / 5) }),
        fc.integer({ min: 0, max: Math.floor((max - min) / 5) }),
        fc.integer({ min: 2, max: 60 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 30 }),
        (firstSteps, laterSteps, changeAt, paid) => {
          const terms = [
            { fromMonth: 1, monthlyPayment: max - 5 * firstSteps },
            { fromMonth: changeAt, monthlyPayment: max - 5 * laterSteps },
          ];
          const figures = homeownerFigures({ ...AGREEMENT, terms, paidMonths: paid, billedMonths: 60 });
          const sum = paid.reduce((total, k) => total + equityCredit(AGREEMENT, terms, k), AGREEMENT.downPayment);
          expect(sum).toBeCloseTo(figures.equityPrincipal, 6);
        },
      ),
    );
  });

  it('splits a charge into equity credited, taxes and insurance for P, and a rest that makes up the charge to the cent', () => {
    const terms = [{ fromMonth: 1, monthlyPayment: 2_354 }];
    const split = splitCharge(AGREEMENT, terms, 1, 2_354_00);
    // (1 % + 0.4 %) of 420,000 a year is $490 a month.
    expect(split.taxesInsuranceCents).toBe(490_00);
    expect(split.equityCreditCents).toBe(Math.round(100 * equityCredit(AGREEMENT, terms, 1)));
    expect(split.equityCreditCents + split.taxesInsuranceCents + split.restCents).toBe(2_354_00);
    // The credit grows month by month as the reference loan's principal share does.
    expect(splitCharge(AGREEMENT, terms, 24, 2_354_00).equityCreditCents).toBeGreaterThan(split.equityCreditCents);
  });

  it('a lower payment credits less equity each month (the slider gives principal up)', () => {
    const { max } = agreementBounds(AGREEMENT);
    const full = equityCredit(AGREEMENT, [{ fromMonth: 1, monthlyPayment: max }], 1);
    const lower = equityCredit(AGREEMENT, [{ fromMonth: 1, monthlyPayment: max - 50 }], 1);
    expect(full - lower).toBeCloseTo(10 * 2.5, 9);
  });
});

describe('figuresInCents', () => {
  it('rounds money to whole cents and keeps ratios as they are', () => {
    const figures = homeownerFigures({
      ...AGREEMENT,
      terms: [{ fromMonth: 1, monthlyPayment: 2_354 }],
      paidMonths: [1, 2],
      billedMonths: 3,
      valuation: 431_234.567,
    });
    const cents = figuresInCents(figures);
    expect(cents.totalEquityCents).toBe(Math.round(figures.totalEquity * 100));
    expect(Number.isInteger(cents.wealthCents)).toBe(true);
    expect(cents.appreciationShare).toBe(figures.appreciationShare);
    expect(cents.appreciationChange).toBe(figures.appreciationChange);
    expect(cents.totalEquityChange).toBe(figures.totalEquityChange);
  });
});

describe('movementsOf: the homeowner’s money movements', () => {
  const entry = (seq: number, kind: string, more: Partial<{ month: number; reference: string; reversesSeq: number }> = {}) => ({
    seq,
    kind,
    amountCents: 100_00 * seq,
    month: more.month ?? null,
    effectiveOn: `2026-0${Math.min(seq, 9)}-01`,
    reference: more.reference ?? null,
    reversesSeq: more.reversesSeq ?? null,
  });

  it('leaves the charges out, lists the rest newest first, and names what each reversal undid', () => {
    const movements = movementsOf([
      entry(1, 'charge', { month: 1 }),
      entry(2, 'payment', { reference: 'B-1' }),
      entry(3, 'reversal', { reversesSeq: 2 }),
      entry(4, 'refund'),
      entry(5, 'reversal', { reversesSeq: 4 }),
      entry(6, 'reversal', { reversesSeq: 1 }),
      entry(7, 'payout'),
      entry(8, 'reversal', { reversesSeq: 7 }),
    ]);
    expect(movements.map((m) => [m.seq, m.kind, m.reference, m.reverses?.seq ?? null, m.reverses?.month ?? null])).toEqual([
      [8, 'payout_reversed', null, 7, null],
      [7, 'payout', null, null, null],
      [6, 'charge_reversed', null, 1, 1],
      [5, 'refund_reversed', null, 4, null],
      [4, 'refund', null, null, null],
      [3, 'payment_returned', 'B-1', 2, null],
      [2, 'payment', 'B-1', null, null],
    ]);
    expect(MOVEMENT_LABELS[movements[5]!.kind]).toBe('Payment returned');
    expect(movementsOf([entry(1, 'charge', { month: 1 })])).toEqual([]);
  });
});
