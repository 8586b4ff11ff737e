import { z } from 'zod';
import { calculateHomeAffordability } from '../calculators';
import { formatCents, formatDate } from '../format';
import { addDays } from '../homes/admin-homes';
import { safeIsoDateTime, safeString } from '../safe-text';

/**
 * The pre-approval that comes with an approved application (docs/decisions/030-pre-approval.md;
 * docs/product/back-office.md#pre-approval): the maximum home price and the monthly payment
 * range staff approve, the down payment they were computed with, valid 90 days from the day
 * it is issued or renewed. Shared by the contracts, the server, the letter and the pages. Pure.
 * Money in whole cents; days are calendar dates (YYYY-MM-DD) of the ledger's calendar.
 */

/** A pre-approval is valid this many days from the day it is issued or last renewed. */
export const PRE_APPROVAL_VALID_DAYS = 90;
/** The buyer is mailed this many days before it expires. */
export const PRE_APPROVAL_NOTICE_DAYS = 14;
/** The landing page promises 2 % down as the minimum: a smaller down payment is never approved. */
export const MIN_DOWN_PAYMENT_PERCENT = 2;
/** The largest amount accepted: a billion dollars, in cents. */
const MAX_CENTS = 100_000_000_000;

/** The last day a pre-approval issued or renewed on `day` is valid. */
export const preApprovalExpiresOn = (day: string) => addDays(day, PRE_APPROVAL_VALID_DAYS);
/** The day the expiry notice is due for a pre-approval valid until `expiresOn`. */
export const expiryNoticeOn = (expiresOn: string) => addDays(expiresOn, -PRE_APPROVAL_NOTICE_DAYS);
/** Valid through its expiry date; expired from the day after. */
export const isPreApprovalExpired = (expiresOn: string, today: string) => today > expiresOn;

/** The smallest down payment (cents) approved with a maximum price of `maxPriceCents`. */
export const minDownPaymentCents = (maxPriceCents: number) => Math.ceil((maxPriceCents * MIN_DOWN_PAYMENT_PERCENT) / 100);

export const downPaymentTooLow = (maxPriceCents: number) =>
  `The down payment must be at least ${MIN_DOWN_PAYMENT_PERCENT}% of the maximum home price: ${formatCents(minDownPaymentCents(maxPriceCents))} or more.`;
export const MONTHLY_RANGE_REVERSED = 'The highest monthly payment cannot be below the lowest.';
export const DOWN_PAYMENT_NOT_BELOW_PRICE = 'The down payment must be less than the maximum home price.';
export const PRE_APPROVAL_NEEDED = 'Set the maximum home price, the monthly payment range and the down payment to approve.';

const cents = (label: string) =>
  z
    .number({ error: `${label} is required.` })
    .int(`${label} must be a whole number of cents.`)
    .positive(`${label} must be more than $0.`)
    .max(MAX_CENTS, `${label} must be less than $1,000,000,000.`);

/**
 * What staff approve with an application (the body's `preApproval` when the status becomes
 * Approved): each amount in cents. The down payment is at least 2 % of the maximum price and
 * below it; the range's top is not below its bottom.
 */
export const preApprovalTermsSchema = z
  .object({
    maxPriceCents: cents('Maximum home price'),
    monthlyMinCents: cents('Lowest monthly payment'),
    monthlyMaxCents: cents('Highest monthly payment'),
    downPaymentCents: z
      .number({ error: 'Down payment is required.' })
      .int('Down payment must be a whole number of cents.')
      .min(0, 'Down payment cannot be negative.')
      .max(MAX_CENTS, 'Down payment must be less than $1,000,000,000.'),
  })
  .superRefine((terms, ctx) => {
    if (terms.monthlyMaxCents < terms.monthlyMinCents) ctx.addIssue({ code: 'custom', path: ['monthlyMaxCents'], message: MONTHLY_RANGE_REVERSED });
    if (terms.downPaymentCents >= terms.maxPriceCents) ctx.addIssue({ code: 'custom', path: ['downPaymentCents'], message: DOWN_PAYMENT_NOT_BELOW_PRICE });
    else if (terms.downPaymentCents < minDownPaymentCents(terms.maxPriceCents))
      ctx.addIssue({ code: 'custom', path: ['downPaymentCents'], message: downPaymentTooLow(terms.maxPriceCents) });
  });
export type PreApprovalTerms = z.output<typeof preApprovalTermsSchema>;

/** The applicant's own figures, in dollars as the application keeps them. */
export interface ApplicantFigures {
  monthlyIncome: number | null;
  monthlyDebts: number | null;
  downPayment: number | null;
}

/**
 * The terms the approval form starts from (docs/product/calculators.md#variant-b): variant B with
 * the applicant's monthly income, monthly debts and stated down payment. The maximum price is the
 * product's maximum (`maxProductPrice`), no more than the stated down payment's 2 % floor allows
 * (50 times it, when one is stated), rounded down to a thousand dollars as a letter states it; the
 * range runs from the product's default monthly payment to its maximum one, in whole dollars.
 * Null when variant B gives no result (no income, or debts over the limit): staff type the terms.
 */
export function suggestPreApproval(figures: ApplicantFigures): PreApprovalTerms | null {
  const downPayment = Math.max(0, figures.downPayment ?? 0);
  const result = calculateHomeAffordability({
    monthlyGrossIncome: figures.monthlyIncome ?? 0,
    monthlyDebtPayments: figures.monthlyDebts ?? 0,
    downPayment,
  });
  if (!result) return null;
  const low = Math.round(Math.min(result.defaultProductMonthly, result.maxProductMonthly));
  const high = Math.round(Math.max(result.defaultProductMonthly, result.maxProductMonthly));
  return {
    maxPriceCents:
      Math.floor(Math.min(result.maxProductPrice, downPayment > 0 ? (downPayment * 100) / MIN_DOWN_PAYMENT_PERCENT : Infinity) / 1000) * 1000 * 100,
    monthlyMinCents: low * 100,
    monthlyMaxCents: high * 100,
    downPaymentCents: Math.round(downPayment * 100),
  };
}

/** A pre-approval as the buyer and staff see it. */
export const preApprovalSchema = z.object({
  id: safeString(),
  applicationId: safeString(),
  maxPriceCents: z.number().int(),
  monthlyMinCents: z.number().int(),
  monthlyMaxCents: z.number().int(),
  downPaymentCents: z.number().int(),
  /** YYYY-MM-DD. */
  issuedOn: safeString(),
  /** The last valid day, YYYY-MM-DD: 90 days after the day it was issued or last renewed. */
  expiresOn: safeString(),
  renewals: z.number().int().min(0),
  renewedOn: safeString().nullable(),
  /** Past its expiry date (the ledger's calendar). */
  expired: z.boolean(),
  /** The name of the staff member who issued it, when the account still exists. */
  issuedBy: safeString().nullable(),
  /** Whether the expiry notice has been mailed for the current expiry date. */
  expiryNoticeSentAt: safeIsoDateTime('A date-time').nullable(),
});
export type PreApproval = z.output<typeof preApprovalSchema>;

/** 'You're approved up to $X until <date>': the dashboard's line, the mail's and the letter's gist. */
export const approvedUpTo = (p: Pick<PreApproval, 'maxPriceCents' | 'expiresOn'>) =>
  `You\u2019re approved up to ${formatCents(p.maxPriceCents)} until ${formatDate(p.expiresOn)}`;

/** The monthly payment range as text: '$2,762 to $3,528 a month'. */
export const monthlyRangeText = (p: Pick<PreApproval, 'monthlyMinCents' | 'monthlyMaxCents'>) =>
  `${formatCents(p.monthlyMinCents)} to ${formatCents(p.monthlyMaxCents)} a month`;

/** The letter's file name. */
export const preApprovalLetterFileName = (issuedOn: string) => `pre-approval-${issuedOn}.pdf`;

/** The next steps the dashboard lists and the mails name (Find and Offer are not built yet: they are plain text). */
export const PRE_APPROVAL_NEXT_STEPS = [
  'Download your pre-approval letter to show agents and sellers.',
  'Find homes within your approval.',
  'Choose an agent: bring your own, or ask us to match you with one of our partner agents.',
  'Make an offer on the home you love; we buy it with you.',
] as const;

export interface PreApprovalMailText {
  subject: string;
  paragraphs: string[];
}

type MailFigures = Pick<PreApproval, 'maxPriceCents' | 'monthlyMinCents' | 'monthlyMaxCents' | 'downPaymentCents' | 'expiresOn'>;

const figuresLine = (p: MailFigures) => `Your monthly payment range is ${monthlyRangeText(p)}, with a down payment of ${formatCents(p.downPaymentCents)}.`;

/** The approval e-mail when the application carries a pre-approval (its subject is the status mail's). */
export const approvalMailText = (subject: string, p: MailFigures): PreApprovalMailText => ({
  subject,
  paragraphs: [
    `Good news: we have reviewed your home application and approved it. ${approvedUpTo(p)}.`,
    figuresLine(p),
    `Your next steps: download your pre-approval letter from your dashboard to show agents and sellers, then look for homes within your approval. Your dashboard lists what comes after.`,
  ],
});

/** The notice 14 days before the pre-approval expires. */
export const expiryNoticeMailText = (p: MailFigures): PreApprovalMailText => ({
  subject: `Your pre-approval expires on ${formatDate(p.expiresOn)}`,
  paragraphs: [
    `Your pre-approval up to ${formatCents(p.maxPriceCents)} is valid until ${formatDate(p.expiresOn)}.`,
    'If you are still looking, reply to this email or send us a message and we will review it with you and renew it. There is nothing to do if you have already found your home with us.',
  ],
});

/** The e-mail when staff renew the pre-approval. */
export const renewedMailText = (p: MailFigures): PreApprovalMailText => ({
  subject: 'Your pre-approval is renewed',
  paragraphs: [`We have renewed your pre-approval. ${approvedUpTo(p)}.`, figuresLine(p), 'Your dashboard has your updated pre-approval letter.'],
});
