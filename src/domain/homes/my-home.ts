import { z } from 'zod';
import { ledgerWarningSchema } from './ledger-warning';
import {
  agreementComparisonInputs,
  applySlider,
  COMPARISON_TERM_MONTHS,
  comparisonBaseline,
  principalPaid,
  termAt,
  type AgreementInputs,
  type AgreementTerm,
  type HomeownerFigures,
} from '../calculators';
import { safeString } from '../safe-text';
import { HOME_STATES, VALUATION_SOURCES } from './states';
import { lateFeeWarningSchema, myFeeSchema } from './fees';

/**
 * The homeowner's own home, read-only
 * (docs/product/dashboard.md#homeowner-dashboard): the agreement and its terms, the
 * figures of calculators.md 'Homeowner figures', the latest valuation, this month's
 * charge split into equity credited, taxes and insurance and the rest, the payment
 * history, and the valuations with the equity at each. Shared by the server and the
 * pages. Pure.
 *
 * Units: money crosses the API in whole cents (`…Cents`, integers), like the ledger;
 * the figures of homeownerFigures (full-precision dollars) are sent as
 * `Math.round(100 · figure)` cents. Ratios (the appreciation share and the two
 * changes since purchase) are sent unrounded: rounding happens only when shown.
 */

/** A figure of homeownerFigures (dollars) as whole cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** The dashboard's figures in cents, ratios as they are (see the file's note on units). */
export interface HomeFiguresCents {
  equityPrincipalCents: number;
  appreciationShare: number;
  appreciationCents: number;
  totalEquityCents: number;
  accessibleEquityCents: number;
  savingsCents: number;
  wealthCents: number;
  projectedWealth5yCents: number;
  wealthTargetCents: number;
  appreciationChange: number;
  totalEquityChange: number;
}

export function figuresInCents(figures: HomeownerFigures): HomeFiguresCents {
  return {
    equityPrincipalCents: toCents(figures.equityPrincipal),
    appreciationShare: figures.appreciationShare,
    appreciationCents: toCents(figures.appreciation),
    totalEquityCents: toCents(figures.totalEquity),
    accessibleEquityCents: toCents(figures.accessibleEquity),
    savingsCents: toCents(figures.savings),
    wealthCents: toCents(figures.wealth),
    projectedWealth5yCents: toCents(figures.projectedWealth5y),
    wealthTargetCents: toCents(figures.wealthTarget),
    appreciationChange: figures.appreciationChange,
    totalEquityChange: figures.totalEquityChange,
  };
}

/**
 * equityCredit(k) of calculators.md 'Homeowner figures', in dollars:
 * principalPaid(L, r, k) − principalPaid(L, r, k − 1) − PR(k), PR(k) from the term in force in month k.
 * The equity a paid month k adds to equityPrincipal.
 */
export function equityCredit(agreement: AgreementInputs, terms: readonly AgreementTerm[], month: number): number {
  const baseline = comparisonBaseline(agreementComparisonInputs(agreement));
  const { homePrice: P, downPayment: D, mortgageRate: r } = baseline.inputs;
  const L = Math.max(0, P - D);
  const { principalReduction } = applySlider(baseline, termAt(terms, month).monthlyPayment);
  return principalPaid(L, r, month, COMPARISON_TERM_MONTHS) - principalPaid(L, r, month - 1, COMPARISON_TERM_MONTHS) - principalReduction;
}

/** A month's charge split as the landing page promises ('payment breakdown'), in whole cents. */
export interface ChargeSplit {
  /** equityCredit(k), rounded to the cent. */
  equityCreditCents: number;
  /** The comparison's property taxes and insurance for P: (1 % + 0.4 %) · P / 12. */
  taxesInsuranceCents: number;
  /** The rest of the charge: the use of the home Ownstead co-owns. The three add up to the charge. */
  restCents: number;
}

/** Splits month `month`'s charge of `chargeCents` (docs/product/dashboard.md#payment-breakdown). */
export function splitCharge(agreement: AgreementInputs, terms: readonly AgreementTerm[], month: number, chargeCents: number): ChargeSplit {
  const baseline = comparisonBaseline(agreementComparisonInputs(agreement));
  const equityCreditCents = toCents(equityCredit(agreement, terms, month));
  const taxesInsuranceCents = toCents(baseline.taxes + baseline.insurance);
  return { equityCreditCents, taxesInsuranceCents, restCents: chargeCents - equityCreditCents - taxesInsuranceCents };
}

// ---- The API's shapes (src/domain/api/home.ts) ----

const cents = z.number().int();
const day = safeString();
const chargeState = z.enum(['paid', 'due', 'overdue']);

export const CHARGE_STATE_LABELS: Readonly<Record<z.infer<typeof chargeState>, string>> = { paid: 'Paid', due: 'Due', overdue: 'Overdue' };

export const NO_HOME_MESSAGE = 'You do not have a home with us yet.';

const homeTermSchema = z.object({
  fromMonth: z.number().int(),
  /** The due date of the term's first month. */
  startsOn: day,
  monthlyPaymentCents: cents,
});

const valuationSchema = z.object({
  valueCents: cents,
  valuedOn: day,
  source: z.enum(VALUATION_SOURCES),
  sourceLabel: safeString(),
});

const chargeSchema = z.object({
  month: z.number().int(),
  dueOn: day,
  amountCents: cents,
  paidCents: cents,
  state: chargeState,
});

/** What a money movement was, as the homeowner reads it. */
export const MOVEMENT_KINDS = [
  'payment',
  'refund',
  'payout',
  'buy_out',
  'payment_returned',
  'refund_reversed',
  'payout_reversed',
  'buy_out_reversed',
  'charge_reversed',
  'fee_waived',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_LABELS: Readonly<Record<MovementKind, string>> = {
  payment: 'Payment received',
  refund: 'Refund to you',
  payout: 'Equity paid out',
  buy_out: 'Buy-out price paid',
  payment_returned: 'Payment returned',
  refund_reversed: 'Refund reversed',
  payout_reversed: 'Payout reversed',
  buy_out_reversed: 'Buy-out payment reversed',
  charge_reversed: 'Charge cancelled',
  fee_waived: 'Late fee waived',
};

/** One money movement of the ledger: every entry but the monthly charges, newest first. */
const movementSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  /** The date received, paid or reversed. */
  effectiveOn: day,
  amountCents: cents,
  /** The bank's reference of a payment; of a reversal, the reversed entry's. */
  reference: safeString().nullable(),
  /** For a returned payment or a cancelled charge: the month or the date of what it undid. */
  reverses: z.object({ seq: z.number().int(), effectiveOn: day, month: z.number().int().nullable() }).nullable(),
});
export type Movement = z.output<typeof movementSchema>;

/** The ledger's entries (oldest first) as the homeowner's money movements, newest first; charges and fees stay in `charges` and `fees`. */
export function movementsOf(
  entries: readonly {
    seq: number;
    kind: string;
    amountCents: number;
    month: number | null;
    effectiveOn: string;
    reference: string | null;
    reversesSeq: number | null;
  }[],
): Movement[] {
  const bySeq = new Map(entries.map((entry) => [entry.seq, entry]));
  const movements: Movement[] = [];
  for (const entry of entries) {
    if (entry.kind === 'charge' || entry.kind === 'fee') continue;
    const target = entry.kind === 'reversal' && entry.reversesSeq !== null ? bySeq.get(entry.reversesSeq) : undefined;
    const kind: MovementKind =
      entry.kind === 'reversal'
        ? target?.kind === 'payment'
          ? 'payment_returned'
          : target?.kind === 'refund'
            ? 'refund_reversed'
            : target?.kind === 'payout'
              ? 'payout_reversed'
              : target?.kind === 'buy_out'
                ? 'buy_out_reversed'
                : target?.kind === 'fee'
                  ? 'fee_waived'
                  : 'charge_reversed'
        : (entry.kind as 'payment' | 'refund' | 'payout' | 'buy_out');
    movements.push({
      seq: entry.seq,
      kind,
      effectiveOn: entry.effectiveOn,
      amountCents: entry.amountCents,
      reference: entry.reference ?? target?.reference ?? null,
      reverses: target ? { seq: target.seq, effectiveOn: target.effectiveOn, month: target.month } : null,
    });
  }
  return movements.reverse();
}

/** GET /api/me/home. */
export const myHomeSchema = z.object({
  /** The ledger's today (New York), the date every state below is for. */
  today: day,
  /** Set when the home's chain does not hold: the page says so instead of presenting the figures as fact. */
  ledgerWarning: ledgerWarningSchema.nullable(),
  home: z.object({
    id: safeString(),
    address: safeString(),
    purchaseDate: day,
    state: z.enum(HOME_STATES),
    closedOn: day.nullable(),
    priceCents: cents,
    downPaymentCents: cents,
    /** r and a, percent a year. */
    mortgageRate: z.number(),
    appreciationRate: z.number(),
    /** S of the next month to be billed (the term in force now). */
    monthlyPaymentCents: cents,
    /** The history of terms, oldest first. */
    terms: z.array(homeTermSchema),
  }),
  figures: z.object({
    equityPrincipalCents: cents,
    appreciationShare: z.number(),
    appreciationCents: cents,
    totalEquityCents: cents,
    accessibleEquityCents: cents,
    savingsCents: cents,
    wealthCents: cents,
    projectedWealth5yCents: cents,
    wealthTargetCents: cents,
    appreciationChange: z.number(),
    totalEquityChange: z.number(),
  }),
  /** The latest valuation (the one the figures use), or null: the price counts then. */
  valuation: valuationSchema.nullable(),
  /** The payment breakdown: the latest charge billed (this month's), split; null before the first. */
  currentCharge: chargeSchema.extend({ equityCreditCents: cents, taxesInsuranceCents: cents, restCents: cents }).nullable(),
  /** The next charge to fall due; null once the home is closed. */
  nextCharge: z.object({ month: z.number().int(), dueOn: day, amountCents: cents }).nullable(),
  /** Σ charges − Σ credit: owed when positive, in credit when negative. */
  balanceCents: cents,
  /** Every charge billed, newest first, as the ledger's allocation states it. */
  charges: z.array(chargeSchema),
  /** Payments received, refunds, payouts and reversals, newest first (movementsOf). */
  movements: z.array(movementSchema),
  /** Late fees (calculators.md 'Fees'), newest first, waived ones included. */
  fees: z.array(myFeeSchema),
  /** 'Pay by Mar 11, 2026 to avoid a $118.25 late fee': the next fee a payment can still avoid; null when none. */
  lateFeeWarning: lateFeeWarningSchema.nullable(),
});
export type MyHome = z.output<typeof myHomeSchema>;
export type MyHomeCharge = z.output<typeof chargeSchema>;

/** One point of GET /api/me/home/valuations: a valuation and the equity at its date. */
export const valuationPointSchema = valuationSchema.extend({
  /** totalEquity with the ledger as it stood on valuedOn and this value. */
  totalEquityCents: cents,
  equityPrincipalCents: cents,
  appreciationCents: cents,
});
export const myValuationsSchema = z.object({ points: z.array(valuationPointSchema) });
export type ValuationPoint = z.output<typeof valuationPointSchema>;
