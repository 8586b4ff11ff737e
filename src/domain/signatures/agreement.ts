import { agreementBounds, agreementComparisonInputs, compareWithMortgage, principalPaid } from '../calculators';
import { formatCents, formatDate, formatMoneyCents, formatPercent } from '../format';
import type { DocBlock } from './envelopes';
import type { FeeTerms } from './fees';

/**
 * The co-ownership agreement's text (docs/decisions/033-signatures.md), made from a recorded
 * purchase: parties, property, price, down payment, the monthly payment and its bounds, the equity
 * and appreciation-share rules of calculators.md 'Homeowner figures' with this agreement's own
 * numbers, the transfer fee, the 60-day notice and the three ways out, grace and late fees, and the
 * ACH authorisation when one was given. The same blocks are drawn into the PDF and shown as HTML.
 */
export interface AgreementFacts {
  brandName: string;
  brandEmail: string;
  homeowner: { name: string; email: string };
  homeId: string;
  address: string;
  purchaseDate: string;
  priceCents: number;
  downPaymentCents: number;
  mortgageRate: number;
  appreciationRate: number;
  monthlyPaymentCents: number;
  transferFee: { type: 'percentage' | 'fixed'; amount: number };
  fees: FeeTerms;
  /** The ACH debit authorisation the homeowner gave (its text and version), if any. */
  achAuthorisation?: { text: string; version: string; givenAt: string };
}

export const agreementTitle = (address: string) => `Co-ownership agreement: ${address}`;

const pct = (value: number) => formatPercent(value / 100, { digits: 3, trim: true });

export function agreementBlocks(facts: AgreementFacts): DocBlock[] {
  const P = facts.priceCents / 100;
  const D = facts.downPaymentCents / 100;
  const S = facts.monthlyPaymentCents / 100;
  const agreement = { price: P, downPayment: D, mortgageRate: facts.mortgageRate, appreciationRate: facts.appreciationRate };
  const bounds = agreementBounds(agreement);
  const result = compareWithMortgage(agreementComparisonInputs(agreement), S);
  const L = Math.max(0, P - D);
  const PR = result.principalReduction;
  const credit = (k: number) => principalPaid(L, facts.mortgageRate, k) - principalPaid(L, facts.mortgageRate, k - 1) - PR;
  const company = facts.brandName;
  const fee =
    facts.transferFee.type === 'percentage'
      ? `${pct(facts.transferFee.amount)} of your total equity (when positive)`
      : `${formatCents(Math.round(facts.transferFee.amount * 100))}`;
  const late =
    facts.fees.lateFee.type === 'percentage'
      ? `${pct(facts.fees.lateFee.amount)} of the part of the charge still unpaid`
      : formatCents(Math.round(facts.fees.lateFee.amount * 100));

  return [
    {
      text: `This agreement is between ${company} ("we", "us") and ${facts.homeowner.name} (${facts.homeowner.email}) ("you"). We bought the home below together; you live in it, pay us monthly and build equity in it under the terms that follow.`,
    },
    { heading: '1. The home' },
    {
      table: {
        columns: ['Term', 'Value'],
        rows: [
          ['Property', facts.address],
          ['Purchase date', formatDate(facts.purchaseDate)],
          ['Purchase price (P)', formatCents(facts.priceCents)],
          ['Your down payment (D)', formatCents(facts.downPaymentCents)],
          ['Mortgage reference rate (r)', `${pct(facts.mortgageRate)} a year`],
          ['Appreciation assumption (a)', `${pct(facts.appreciationRate)} a year`],
          ['Home reference', facts.homeId],
        ],
      },
    },
    { heading: '2. Your monthly payment' },
    {
      text: `You pay ${formatCents(facts.monthlyPaymentCents)} a month (S). Month 1 is the first calendar month after the purchase date; each month's charge falls due on the 1st. You may ask to change the payment within the agreement's bounds, ${formatMoneyCents(bounds.min)} to ${formatMoneyCents(bounds.max)} a month, from a month not yet billed; a change approved by us is an addendum to this agreement and nothing is recomputed backwards.`,
    },
    {
      text: `For comparison, a mortgage on the same home with your down payment would cost about ${formatMoneyCents(result.totalMortgageMonthly)} a month with taxes and insurance; at ${formatCents(facts.monthlyPaymentCents)} you pay ${formatMoneyCents(result.monthlySavings)} a month less.`,
    },
    { heading: '3. Your equity' },
    {
      text: `Your equity starts at your down payment, ${formatCents(facts.downPaymentCents)}. Each month whose charge you pay in full credits equity equal to the principal a ${pct(facts.mortgageRate)} 30-year loan of ${formatMoneyCents(L)} would repay that month, less ${formatMoneyCents(PR)} (the principal reduction of your payment). Only paid months count; fees never count toward equity.`,
    },
    {
      table: {
        columns: ['Month', 'Equity credited when paid'],
        rows: [1, 12, 60, 120].map((k) => [`Month ${k}`, formatMoneyCents(credit(k))]),
      },
    },
    {
      text: `You share in the home's appreciation: your appreciation share is ${formatPercent(result.appreciationShare, { digits: 2 })} of any change in value since the purchase (the average of each billed month's share when the payment changes). With V the latest valuation we record (the price until then), your appreciation is that share of (V − ${formatCents(facts.priceCents)}); it is negative when the value falls. Your total equity is your equity principal plus your appreciation.`,
    },
    { heading: '4. Moving on: the 60-day notice and the three ways out' },
    {
      text: 'You may end the co-ownership at any time by giving us 60 days’ notice in your home page. We then give you a written exit quote, valid 30 days, itemised from your ledger and a valuation from the last 90 days. You choose one of three ways out:',
    },
    {
      list: [
        `Move: we buy your share; you receive your total equity less the transfer fee of ${fee}, less any arrears, plus any credit.`,
        'Cash out: the home is sold; you receive your total equity less sale and transfer costs of 9.6% of the value (80% of 12%), less any arrears, plus any credit.',
        'Buy out: you buy our share and own the whole home, for the valuation less your total equity, plus any arrears, less any credit.',
      ],
    },
    { heading: '5. Late payments' },
    {
      text: `A month's charge not paid in full by the end of its due date plus ${facts.fees.graceDays} days is overdue and carries one late fee of ${late}. One fee per charge, ever; none on a fee. Payments pay the oldest open charge or fee first.`,
    },
    { heading: '6. Payments by bank debit' },
    {
      text: facts.achAuthorisation
        ? `You authorised us on ${formatDate(facts.achAuthorisation.givenAt)} to debit your bank account for each month's charge (authorisation version ${facts.achAuthorisation.version}): ${facts.achAuthorisation.text}`
        : 'You have not authorised bank debits. You pay each month by the means your home page offers; you may add a bank account and authorise debits at any time, and withdraw that authorisation for any debit not yet sent.',
    },
    { heading: '7. Records and signatures' },
    {
      text: `Your ledger of charges and payments is append-only and hash-chained; you can download and check it from your home page. You agree to sign this agreement electronically and to receive its records electronically; you may ask ${facts.brandEmail} for a paper copy at no charge. The signed copy is sealed with ${company}'s certificate and can be checked on our 'Verify a document' page.`,
    },
  ];
}
