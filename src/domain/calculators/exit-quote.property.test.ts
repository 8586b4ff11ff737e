/**
 * exitQuote against an independent re-implementation written here from
 * docs/product/calculators.md ('Comparison', 'Homeowner figures', 'Exit quote') — no code
 * of src/domain/calculators is used by the model — over 2,000 random homes: agreements,
 * payment changes, payment histories with gaps, arrears (fees among them), credit and
 * valuations. Compared to the cent.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exitQuote, type ExitKind } from './index';

// --- The model, from the text.
function modelAmort(L: number, r: number, n: number): number {
  if (L <= 0) return 0;
  const i = r / 1200;
  return i === 0 ? L / n : (L * i) / (1 - (1 + i) ** -n);
}
function modelPrincipalPaid(L: number, r: number, m: number): number {
  if (L <= 0 || m <= 0) return 0;
  if (m >= 360) return L;
  const i = r / 1200;
  if (i === 0) return (L / 360) * m;
  return (L * ((1 + i) ** m - 1)) / ((1 + i) ** 360 - 1);
}
const clampTo = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

interface ModelHome {
  P: number;
  D: number;
  r: number;
  a: number;
  /** Steps below the slider's maximum of each term, from its month on. */
  terms: { fromMonth: number; steps: number }[];
  paid: number[];
  billed: number;
}

function modelSlider(P: number, D: number, r: number) {
  const L = Math.max(0, P - D);
  const gap = Math.round((r - 5.5) * 100);
  const discount = clampTo(0.21906 + 0.0002 * gap, 0, 0.5);
  const baseShare = clampTo(0.47 + (gap < 0 ? 0.00056 * -gap : -0.00094 * gap), 0, 1);
  const baseTotal = modelAmort(L, r, 360) * (1 - discount) + (0.01 * P) / 12 + (0.004 * P) / 12;
  const maxSteps = Math.floor((0.83409563 * (modelPrincipalPaid(L, r, 12) / 12)) / 5);
  return { L, baseShare, baseTotal, maxSteps };
}

function modelEquity(home: ModelHome, V: number): number {
  const { L, baseShare } = modelSlider(home.P, home.D, home.r);
  const stepsIn = (k: number) => {
    let steps = home.terms[0].steps;
    for (const term of home.terms) if (term.fromMonth <= k) steps = term.steps;
    return steps;
  };
  let equity = home.D;
  for (const k of [...new Set(home.paid)].sort((x, y) => x - y)) {
    equity += modelPrincipalPaid(L, home.r, k) - modelPrincipalPaid(L, home.r, k - 1) - 2.5 * stepsIn(k);
  }
  const sigma = (k: number) => Math.max(0, baseShare - 0.003 * stepsIn(k));
  let share = sigma(1);
  if (home.billed > 0) {
    let sum = 0;
    for (let k = 1; k <= home.billed; k++) sum += sigma(k);
    share = sum / home.billed;
  }
  return equity + share * (V - home.P);
}

/** Half away from zero, written differently from the code: truncate |x|·100 + ½. */
const cents = (dollars: number) => Math.sign(dollars) * Math.trunc(Math.abs(dollars) * 100 + 0.5);

function modelQuote(home: ModelHome, V: number, kind: ExitKind, fee: { type: 'percentage' | 'fixed'; amount: number }, arrears: number, credit: number) {
  const E = modelEquity(home, V);
  if (kind === 'buyOut') return { buyOutPriceCents: cents(V) - cents(E) + arrears - credit };
  const deduction = kind === 'cashOut' ? 0.8 * 0.12 * V : fee.type === 'percentage' ? (fee.amount / 100) * Math.max(0, E) : fee.amount;
  const equityOut = cents(Math.max(0, E - deduction));
  return { deductionCents: cents(deduction), equityOutCents: equityOut, payoutCents: equityOut - arrears + credit };
}

// --- Random homes.
const homeArb = fc
  .record({
    P: fc.integer({ min: 100_000_00, max: 2_000_000_00 }).map((c) => c / 100),
    downShare: fc.double({ min: 0.03, max: 0.5, noNaN: true }),
    r: fc.integer({ min: 300, max: 900 }).map((x) => x / 100),
    a: fc.integer({ min: 0, max: 800 }).map((x) => x / 100),
    billed: fc.integer({ min: 0, max: 180 }),
    firstSteps: fc.double({ min: 0, max: 1, noNaN: true }),
    // Payment changes: from month 2 on, at most one per month.
    changes: fc.uniqueArray(fc.tuple(fc.integer({ min: 2, max: 180 }), fc.double({ min: 0, max: 1, noNaN: true })), {
      maxLength: 3,
      selector: ([month]) => month,
    }),
    paidSeed: fc.array(fc.boolean(), { minLength: 180, maxLength: 180 }),
    valueFactor: fc.double({ min: 0.5, max: 2.5, noNaN: true }),
    kind: fc.constantFrom<ExitKind>('move', 'cashOut', 'buyOut'),
    fee: fc.oneof(
      fc.record({ type: fc.constant('percentage' as const), amount: fc.integer({ min: 0, max: 10_000 }).map((x) => x / 100) }),
      fc.record({ type: fc.constant('fixed' as const), amount: fc.integer({ min: 0, max: 5_000_000 }).map((x) => x / 100) }),
    ),
    // Open parts of charges and late fees due by t, and credit left over.
    openItems: fc.array(fc.integer({ min: 1, max: 500_000 }), { maxLength: 6 }),
    credit: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .map((x) => {
    const D = Math.round(x.P * x.downShare * 100) / 100;
    const { baseTotal, maxSteps } = modelSlider(x.P, D, x.r);
    const stepsOf = (u: number) => Math.floor(u * (maxSteps + 1)) % (maxSteps + 1);
    const terms = [{ fromMonth: 1, steps: stepsOf(x.firstSteps) }, ...x.changes.map(([fromMonth, u]) => ({ fromMonth, steps: stepsOf(u) }))].sort(
      (p, q) => p.fromMonth - q.fromMonth,
    );
    // Payment histories with gaps: any subset of the billed months.
    const paid = Array.from({ length: x.billed }, (_, k) => k + 1).filter((k) => x.paidSeed[k - 1]);
    const home: ModelHome = { P: x.P, D, r: x.r, a: x.a, terms, paid, billed: x.billed };
    const V = Math.max(1, Math.round(x.P * x.valueFactor * 100) / 100);
    return { home, baseTotal, V, kind: x.kind, fee: x.fee, arrears: x.openItems.reduce((s, c) => s + c, 0), credit: x.credit };
  });

describe('exitQuote (property)', () => {
  it('matches an independent model to the cent over 2,000 random homes', () => {
    fc.assert(
      fc.property(homeArb, ({ home, baseTotal, V, kind, fee, arrears, credit }) => {
        const quote = exitQuote({
          price: home.P,
          downPayment: home.D,
          mortgageRate: home.r,
          appreciationRate: home.a,
          terms: home.terms.map((t) => ({ fromMonth: t.fromMonth, monthlyPayment: baseTotal - 5 * t.steps })),
          paidMonths: home.paid,
          billedMonths: home.billed,
          valuation: V,
          kind,
          transferFee: fee,
          arrearsCents: arrears,
          creditCents: credit,
        });
        const model = modelQuote(home, V, kind, fee, arrears, credit);
        if (quote.kind === 'buyOut') {
          expect(quote.buyOutPriceCents).toBe(model.buyOutPriceCents);
          expect(quote.valuationCents - quote.totalEquityCents + quote.arrearsCents - quote.creditCents).toBe(quote.buyOutPriceCents);
        } else {
          expect(quote.equityOutCents).toBe(model.equityOutCents);
          expect(quote.kind === 'cashOut' ? quote.costsCents : quote.feeCents).toBe(model.deductionCents);
          expect(quote.payoutCents).toBe(model.payoutCents);
          // The total is the rounded lines' sum.
          expect(quote.equityOutCents - quote.arrearsCents + quote.creditCents).toBe(quote.payoutCents);
        }
      }),
      { numRuns: 2_000, seed: 29 },
    );
  });
});
