import { homeownerFigures } from '../../../domain/calculators';
import { VALUATION_SOURCE_LABELS, type ValuationSource } from '../../../domain/homes/states';
import { periodBounds, periodLabel, type StatementPeriod } from '../../../domain/homes/statements';
import { allocateLedger, type LedgerEntry } from '../../../domain/ledger';
import { pdfDocument, type PdfLine } from '../../platform/pdf/pdf';
import { agreementOf, agreementTermsOf, type HomeRow, type HomeTermRow } from './home-figures';
import type { ChainHead } from './ledger';

/**
 * A monthly statement's content and its PDF (docs/product/dashboard.md#what-comes-with-a-home:
 * charges, payments, balance, equity credited, valuation, and the chain's head
 * hash so the statements a homeowner keeps anchor their ledger). The month's entries
 * are those dated in it (a charge's due date, a payment's date received); balances
 * and equity come from allocateLedger and homeownerFigures over the entries dated up
 * to the start and the end of the month, so they agree with the dashboard's.
 */

export interface StatementInputs {
  period: StatementPeriod;
  /** The day it is made (YYYY-MM-DD, the ledger's calendar). */
  madeOn: string;
  brandName: string;
  homeowner: { name: string; email: string };
  home: Pick<HomeRow, 'id' | 'address' | 'purchaseDate' | 'priceCents' | 'downPaymentCents' | 'mortgageRate' | 'appreciationRate'>;
  terms: readonly Pick<HomeTermRow, 'fromMonth' | 'monthlyPaymentCents'>[];
  /** The home's entries dated up to the end of the period (more are ignored). */
  entries: readonly LedgerEntry[];
  /** The latest valuation dated up to the end of the period. */
  valuation: { valueCents: number; valuedOn: string; source: string } | undefined;
  /** The ledger's head when the statement is made: the anchor it prints. */
  head: ChainHead;
  /** Set when the check of the chain found that it does not hold (ledger-checks.ts): the statement says so. */
  ledgerWarning?: string;
}

export interface StatementFigures {
  balanceStartCents: number;
  balanceEndCents: number;
  chargesCents: number;
  /** Late fees dated in the month. */
  feesCents: number;
  paymentsCents: number;
  /** Dollars (full precision): homeownerFigures' equity principal at the end less at the start. */
  equityCredited: number;
  equityPrincipal: number;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as '$1,234.56' (a minus sign in front when negative). */
export function centsText(cents: number): string {
  return cents < 0 ? `\u2212${dollars.format(-cents / 100)}` : dollars.format(cents / 100);
}

/** Dollars rounded to the cent, as centsText shows them. */
const dollarsText = (value: number) => centsText(Math.round(value * 100));

const KIND_TEXT = { refund: 'Refund', payout: 'Equity payout', reversal: 'Reversal', buy_out: 'Buy-out price paid' } as const;

/** A reversal that undoes a late fee is its waiver: the statement says so. */
const reversalText = (target: { kind: string } | undefined) => (target?.kind === 'fee' ? 'Late fee waived' : 'Reversal');

/** The statement's sums from the entries dated up to each end of the month. */
export function statementFigures(inputs: StatementInputs): StatementFigures {
  const { start, end } = periodBounds(inputs.period);
  const before = inputs.entries.filter((entry) => entry.effectiveOn < start);
  const upToEnd = inputs.entries.filter((entry) => entry.effectiveOn <= end);
  const during = upToEnd.filter((entry) => entry.effectiveOn >= start);
  const atStart = allocateLedger(before, start);
  const atEnd = allocateLedger(upToEnd, end);
  const equityAt = (allocation: typeof atEnd) =>
    homeownerFigures({
      ...agreementOf(inputs.home),
      terms: agreementTermsOf(inputs.terms),
      paidMonths: allocation.paidMonths,
      billedMonths: allocation.billedMonths,
    }).equityPrincipal;
  const sum = (kind: string) => during.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amountCents, 0);
  const equityStart = equityAt(atStart);
  const equityEnd = equityAt(atEnd);
  return {
    balanceStartCents: atStart.balanceCents,
    balanceEndCents: atEnd.balanceCents,
    chargesCents: sum('charge'),
    feesCents: sum('fee'),
    paymentsCents: sum('payment'),
    equityCredited: equityEnd - equityStart,
    equityPrincipal: equityEnd,
  };
}

const balanceText = (cents: number) => (cents < 0 ? `${centsText(-cents)} in credit` : centsText(cents));

/** The statement as PDF bytes. */
export async function statementPdf(inputs: StatementInputs): Promise<Buffer> {
  const { start, end } = periodBounds(inputs.period);
  const figures = statementFigures(inputs);
  const during = inputs.entries.filter((entry) => entry.effectiveOn >= start && entry.effectiveOn <= end).sort((a, b) => a.seq - b.seq);
  const label = periodLabel(inputs.period);

  const activity: PdfLine[] = during.flatMap((entry): PdfLine[] => {
    const ref = `#${entry.seq}`;
    if (entry.kind === 'charge')
      return [{ text: `${entry.effectiveOn}  Monthly charge, agreement month ${entry.month} (${ref})`, amount: centsText(entry.amountCents) }];
    if (entry.kind === 'payment') {
      const bank = entry.reference ? `, reference ${entry.reference}` : '';
      return [{ text: `${entry.effectiveOn}  Payment received${bank} (${ref})`, amount: centsText(-entry.amountCents) }];
    }
    if (entry.kind === 'fee')
      return [{ text: `${entry.effectiveOn}  Late fee, agreement month ${entry.month} (${ref})`, amount: centsText(entry.amountCents) }];
    // The note (a waiver's reason, a bank return's code in words) on a line of its own, wrapped: a line with an
    // amount is cut short at the amount, and the reason would be lost.
    const note: PdfLine[] = entry.note ? [{ text: entry.note, small: true }] : [];
    if (entry.kind === 'reversal') {
      const target = inputs.entries.find((other) => other.seq === entry.reversesSeq);
      return [{ text: `${entry.effectiveOn}  ${reversalText(target)} of entry #${entry.reversesSeq} (${ref})`, amount: centsText(entry.amountCents) }, ...note];
    }
    return [{ text: `${entry.effectiveOn}  ${KIND_TEXT[entry.kind]} (${ref})`, amount: centsText(entry.amountCents) }, ...note];
  });

  const lines: PdfLine[] = [
    { heading: 'Homeowner' },
    { text: inputs.homeowner.name },
    { text: inputs.homeowner.email },
    { text: inputs.home.address },
    { text: `Purchased ${inputs.home.purchaseDate} for ${centsText(inputs.home.priceCents)}`, small: true },
    { heading: `Account for ${label}` },
    { text: `Balance on ${start}`, amount: balanceText(figures.balanceStartCents), bold: true },
    ...(activity.length > 0 ? activity : [{ text: 'No charges, payments or other entries were dated this month.' }]),
    { text: `Balance on ${end}`, amount: balanceText(figures.balanceEndCents), bold: true },
    {
      text: `Charged this month ${centsText(figures.chargesCents)}${figures.feesCents > 0 ? `; late fees ${centsText(figures.feesCents)}` : ''}; received ${centsText(figures.paymentsCents)}.`,
      small: true,
    },
    {
      text: 'Payments pay the oldest open charge or late fee first (by due date). Refunds add to the balance; an equity payout is paid from your equity and does not change it; a reversal undoes the entry it names.',
      small: true,
    },
    { heading: 'Your equity' },
    { text: 'Equity credited this month', amount: dollarsText(figures.equityCredited) },
    { text: `Home equity principal on ${end}`, amount: dollarsText(figures.equityPrincipal) },
    inputs.valuation
      ? {
          text: `Latest valuation (${inputs.valuation.valuedOn}, ${VALUATION_SOURCE_LABELS[inputs.valuation.source as ValuationSource] ?? inputs.valuation.source})`,
          amount: centsText(inputs.valuation.valueCents),
        }
      : { text: 'Latest valuation (purchase price)', amount: centsText(inputs.home.priceCents) },
    { heading: 'Your ledger' },
    ...(inputs.ledgerWarning
      ? [
          {
            text: `We could not confirm your ledger when we made this statement: ${inputs.ledgerWarning} We are looking into it; until we write to you, please treat the figures above as unconfirmed.`,
            bold: true,
          },
        ]
      : []),
    {
      text:
        inputs.head.seq === 0
          ? `On ${inputs.madeOn} your ledger had no entries yet.`
          : `On ${inputs.madeOn} your ledger's last entry was #${inputs.head.seq}. Its hash (SHA-256):`,
    },
    ...(inputs.head.seq === 0 ? [] : [{ text: inputs.head.hash, bold: true }]),
    {
      text: 'Keep this statement. Each entry of your ledger includes the hash of the one before it, so this hash fixes every entry up to it: download your ledger from your home page to check that entry carries the same hash. A later change to any of those entries would not match it.',
      small: true,
    },
  ];

  return pdfDocument({
    title: `Monthly statement: ${label}`,
    subtitle: `${inputs.brandName}  \u2022  ${inputs.home.address}  \u2022  made on ${inputs.madeOn}`,
    lines,
    footer: `${inputs.brandName} statement ${inputs.period}, home ${inputs.home.id}`,
  });
}
