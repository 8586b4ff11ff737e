/**
 * The homeowner phase's states and kinds (docs/decisions/022-homes-and-ledger.md;
 * docs/product/dashboard.md#what-comes-with-a-home). The database checks each list
 * (src/server/platform/db/homes-schema.ts), so a new value is a line here and a migration.
 */

/** A home is active from its purchase until a completed 60-day notice closes it; charges stop then. */
export const HOME_STATES = ['active', 'closed'] as const;
export type HomeState = (typeof HOME_STATES)[number];

/**
 * Where a payment entry came from: staff typed it, a bank CSV import, the payment processor, or the bank collecting
 * a debit of our NACHA file (docs/decisions/037-autopay-and-ach-files.md).
 */
export const PAYMENT_SOURCES = ['staff', 'bank_csv', 'processor', 'bank'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** Where a valuation came from. */
export const VALUATION_SOURCES = ['purchase', 'appraisal', 'broker_opinion', 'index'] as const;
export type ValuationSource = (typeof VALUATION_SOURCES)[number];

export const VALUATION_SOURCE_LABELS: Readonly<Record<ValuationSource, string>> = {
  purchase: 'Purchase price',
  appraisal: 'Appraisal',
  broker_opinion: "Broker's price opinion",
  index: 'House price index',
};

/**
 * A homeowner's 'Adjust Monthly Payment' request: staff approve (from the next unbilled month) or decline with a reason.
 * With e-signatures on, an approval is first 'signing': the addendum waits for the homeowner's and staff's signatures
 * and the new payment applies only once both signed (docs/decisions/039-addenda-and-envelopes.md).
 */
export const PAYMENT_CHANGE_STATES = ['pending', 'signing', 'approved', 'declined', 'withdrawn'] as const;
export type PaymentChangeState = (typeof PAYMENT_CHANGE_STATES)[number];

/** The 60-day notice ('Transfer'): what the homeowner wants to do with their equity. */
export const NOTICE_KINDS = ['move', 'cash_out', 'buy_out'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_KIND_LABELS: Readonly<Record<NoticeKind, string>> = {
  move: 'Move my equity to another home',
  cash_out: 'Cash out',
  buy_out: 'Buy Ownstead out with a mortgage',
};

/**
 * sent → acknowledged → scheduled → completed; cancelled from any step before completed. With e-signatures on, a notice
 * starts 'signing' and is sent only once the homeowner signed it (docs/decisions/039-addenda-and-envelopes.md).
 */
export const NOTICE_STATES = ['signing', 'sent', 'acknowledged', 'scheduled', 'completed', 'cancelled'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

/** Days of notice a transfer needs (the marketing pages' '60 days notice'). */
export const NOTICE_DAYS = 60;

/**
 * An exit quote (docs/product/calculators.md 'Exit quote'; docs/decisions/034-exit-quotes.md):
 * valuing (staff are asked for a valuation first) → issued → accepted → completed; an issued
 * quote may be disputed once (staff answer, back to issued, or a new valuation supersedes it);
 * an accepted one may be withdrawn. Expiry is read from `validUntil`, not stored.
 */
/** 'signing': accepted with a move date, waiting for the homeowner's signature (e-signatures on: docs/decisions/043-signed-exit-quotes.md). */
export const EXIT_QUOTE_STATES = ['valuing', 'issued', 'disputed', 'superseded', 'signing', 'accepted', 'withdrawn', 'completed'] as const;
export type ExitQuoteState = (typeof EXIT_QUOTE_STATES)[number];

/** A quote needs a valuation from the last 90 days; it is valid 30 days; staff value within 5 business days. */
export const EXIT_QUOTE_VALUATION_DAYS = 90;
export const EXIT_QUOTE_VALID_DAYS = 30;
export const EXIT_QUOTE_VALUING_BUSINESS_DAYS = 5;
/** Until this many days before the move date the homeowner may withdraw an accepted quote; then only staff. */
export const EXIT_QUOTE_WITHDRAW_DAYS = 14;
