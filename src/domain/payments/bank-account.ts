import { z } from 'zod';
import { personName, safeIsoDateTime, safeString } from '../safe-text';
import { accountNumberProblem, routingNumberProblem } from './aba';
import { autopaySchema } from './autopay';
import { PROCESSOR_PAYMENT_STATES } from './states';

/**
 * A homeowner's bank account on file and the debits from it (docs/decisions/032-processor-payments.md): what the pages send and what the API answers. Money in whole cents. Pure.
 */

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
/** unverified: micro-deposits sent, not yet confirmed; locked: three wrong answers, staff must help; removed: kept for the record. */
export const BANK_ACCOUNT_STATES = ['unverified', 'verified', 'locked', 'removed'] as const;
export type BankAccountState = (typeof BANK_ACCOUNT_STATES)[number];
/** How an account was verified: two micro-deposits typed back, or instantly at the processor's hosted bank link (docs/decisions/046-instant-bank-verification.md). */
export const BANK_ACCOUNT_VERIFICATIONS = ['microdeposits', 'instant'] as const;
export type BankAccountVerification = (typeof BANK_ACCOUNT_VERIFICATIONS)[number];
/** An instant bank link: open while the homeowner is at the processor's page; completed once; cancelled. */
export const BANK_LINK_STATES = ['open', 'completed', 'cancelled'] as const;
export type BankLinkState = (typeof BANK_LINK_STATES)[number];
/**
 * What a provider event did: applied, stale (older than the payment's state), unknown payment or unknown refund
 * (about money we never moved: kept and shown to staff), ignored (a type we do not act on); pending: stored and
 * acknowledged, not applied yet (docs/decisions/044-payments-throughput.md).
 */
export const EVENT_OUTCOMES = ['pending', 'applied', 'stale', 'unknown_payment', 'unknown_refund', 'ignored'] as const;
export type EventOutcome = (typeof EVENT_OUTCOMES)[number];

/** Where a debit came from: the page's 'Pay now', or the autopay job for one agreement month. */
export const PAYMENT_ORIGINS = ['pay_now', 'autopay'] as const;
export type PaymentOrigin = (typeof PAYMENT_ORIGINS)[number];
/** Who collects a debit (docs/decisions/037-autopay-and-ach-files.md): the processor, or the bank through the day's NACHA file. */
export const PAYMENT_COLLECTORS = ['processor', 'bank'] as const;
export type PaymentCollector = (typeof PAYMENT_COLLECTORS)[number];

/** Wrong micro-deposit answers before the account locks. */
export const MAX_VERIFY_ATTEMPTS = 3;
/** The smallest 'Pay now': one dollar. */
export const MIN_PAYMENT_CENTS = 100;

/** The ACH debit authorisation the homeowner agrees to (NACHA's rules for an online, recurring WEB debit); its version is recorded with the text. */
export const AUTHORISATION_VERSION = '2026-11-28';
export function authorisationText(company: string): string {
  return (
    `I authorise ${company} to debit the bank account above by ACH for my monthly payments under my co-ownership agreement, ` +
    'for each payment I make with "Pay now", and, if I turn on autopay, for each month\'s charge on its due date (the business day before when it falls on a weekend or bank holiday). ' +
    `I can remove the account or turn autopay off at any time in my home page; that takes effect for the next debit not yet sent. ` +
    `If a debit is returned, ${company} may debit it again once. This authorisation stays in force until I remove the account. ` +
    'I confirm that I may authorise debits from this account.'
  );
}

/** A text field checked by `problem` (its message under the field), each field on its own: one wrong field does not hide another. */
const checkedDigits = (required: string, problem: (text: string) => string | undefined) =>
  safeString({ error: required })
    .trim()
    .superRefine((text, ctx) => {
      const message = problem(text);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

export const addBankAccountSchema = z.object({
  holderName: personName('Account holder name'),
  routingNumber: checkedDigits('Routing number is required.', routingNumberProblem),
  accountNumber: checkedDigits('Account number is required.', accountNumberProblem),
  accountType: z.enum(BANK_ACCOUNT_TYPES, { error: 'Choose checking or savings.' }),
  /** The version of the authorisation the page showed; the server refuses an older one. */
  authorisationVersion: safeString({ error: 'Read and accept the authorisation.' }).max(40),
  agreed: z.literal(true, { error: 'Tick the box to authorise the debits.' }),
});
export type AddBankAccountInput = z.output<typeof addBankAccountSchema>;

/**
 * 'Connect your bank instantly' (docs/decisions/046-instant-bank-verification.md): the holder's name and the same
 * authorisation as the numbers' way, agreed before the homeowner goes to the processor's page.
 */
export const startBankLinkSchema = z.object({
  holderName: personName('Account holder name'),
  authorisationVersion: safeString({ error: 'Read and accept the authorisation.' }).max(40),
  agreed: z.literal(true, { error: 'Tick the box to authorise the debits.' }),
});
export type StartBankLinkInput = z.output<typeof startBankLinkSchema>;

/** Where the browser goes next: the processor's hosted page (a Checkout Session in setup mode). */
export const bankLinkStartedSchema = z.object({ id: safeString(), url: safeString() });
export type BankLinkStarted = z.output<typeof bankLinkStartedSchema>;

/** The processor's session id the return URL carries (Stripe's `cs_…`); anything else is refused as unknown. */
const sessionId = safeString({ error: 'The bank link is not known: start again.' }).regex(/^[A-Za-z0-9_]{8,255}$/, 'The bank link is not known: start again.');
export const completeBankLinkSchema = z.object({ sessionId });
export type CompleteBankLinkInput = z.output<typeof completeBankLinkSchema>;

export const cancelBankLinkSchema = z.object({
  linkId: safeString({ error: 'The bank link is not known: start again.' }).uuid('The bank link is not known: start again.'),
});
export type CancelBankLinkInput = z.output<typeof cancelBankLinkSchema>;

const microdeposit = (label: string) =>
  z
    .number({ error: `${label} is required.` })
    .int(`${label}: whole cents, e.g. 32 for $0.32.`)
    .min(1, `${label}: between 1 and 99 cents.`)
    .max(99, `${label}: between 1 and 99 cents.`);

export const verifyBankAccountSchema = z.object({ firstCents: microdeposit('First deposit'), secondCents: microdeposit('Second deposit') });
export type VerifyBankAccountInput = z.output<typeof verifyBankAccountSchema>;

export const payNowSchema = z.object({
  amountCents: z
    .number({ error: 'Amount is required.' })
    .int('Amount: whole cents (no fractions of a cent).')
    .min(MIN_PAYMENT_CENTS, 'Amount: at least $1.00.')
    .max(1_000_000_000, 'Amount: at most $10,000,000.'),
  /** One per click on the page: a second request with it (a double click, a retry) is the same payment. */
  idempotencyKey: safeString({ error: 'Reload the page and try again.' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'Reload the page and try again.'),
});
export type PayNowInput = z.output<typeof payNowSchema>;

export const bankAccountSchema = z.object({
  id: safeString(),
  holderName: safeString(),
  /** `•••• 6789`: the number is never sent whole. */
  accountMasked: safeString(),
  routingNumber: safeString(),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  state: z.enum(BANK_ACCOUNT_STATES),
  verification: z.enum(BANK_ACCOUNT_VERIFICATIONS),
  attemptsLeft: z.number().int(),
  authorisedAt: safeIsoDateTime('authorisedAt'),
  authorisationVersion: safeString(),
  verifiedAt: safeString().nullable(),
  sandbox: z.boolean(),
});
export type BankAccountView = z.output<typeof bankAccountSchema>;

export const processorPaymentSchema = z.object({
  id: safeString(),
  amountCents: z.number().int(),
  state: z.enum(PROCESSOR_PAYMENT_STATES),
  accountMasked: safeString(),
  /** The timeline: each state reached, with when. */
  steps: z.array(z.object({ state: z.enum(PROCESSOR_PAYMENT_STATES), at: safeString() })),
  /** Failed: why in plain words and what to do. Returned: the return code and its words. */
  reason: safeString().nullable(),
  whatToDo: safeString().nullable(),
  returnCode: safeString().nullable(),
  sandbox: z.boolean(),
});
export type ProcessorPaymentView = z.output<typeof processorPaymentSchema>;

export const paymentsOverviewSchema = z.object({
  /** The `paymentsWebhooks` switch: off, no bank account or pay-now (the page says how to pay by transfer). */
  enabled: z.boolean(),
  sandbox: z.boolean(),
  bankAccount: bankAccountSchema.nullable(),
  payments: z.array(processorPaymentSchema),
  /** What the homeowner may pay now: from $1 to what is owed plus next month's charge, less debits in flight. */
  payNow: z.object({ minCents: z.number().int(), maxCents: z.number().int(), owedCents: z.number().int(), nextChargeCents: z.number().int() }),
  authorisation: z.object({ version: safeString(), text: safeString() }),
  /** Autopay on the account on file (docs/decisions/037-autopay-and-ach-files.md). */
  autopay: autopaySchema,
  /** Who collects: the processor, or the bank through the day's NACHA file. */
  collector: z.enum(PAYMENT_COLLECTORS),
  /** 'Connect your bank instantly' is offered: the processor offers it and collects (docs/decisions/046-instant-bank-verification.md). */
  instantVerification: z.boolean(),
});
export type PaymentsOverview = z.output<typeof paymentsOverviewSchema>;
