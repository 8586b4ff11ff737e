/**
 * The homeowner phase's states and kinds (docs/decisions/022-homes-and-ledger.md;
 * docs/product/dashboard.md#what-comes-with-a-home). The database checks each list
 * (src/server/platform/db/homes-schema.ts), so a new value is a line here and a migration.
 */

/** A home is active from its purchase until a completed 60-day notice closes it; charges stop then. */
export const HOME_STATES = ['active', 'closed'] as const;
export type HomeState = (typeof HOME_STATES)[number];

/** Where a payment entry came from: staff typed it, a bank CSV import, or (one day) a payment processor. */
export const PAYMENT_SOURCES = ['staff', 'bank_csv', 'processor'] as const;
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

/** A homeowner's 'Adjust Monthly Payment' request: staff approve (from the next unbilled month) or decline with a reason. */
export const PAYMENT_CHANGE_STATES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type PaymentChangeState = (typeof PAYMENT_CHANGE_STATES)[number];

/** The 60-day notice ('Transfer'): what the homeowner wants to do with their equity. */
export const NOTICE_KINDS = ['move', 'cash_out', 'buy_out'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_KIND_LABELS: Readonly<Record<NoticeKind, string>> = {
  move: 'Move my equity to another home',
  cash_out: 'Cash out',
  buy_out: 'Buy Ownstead out with a mortgage',
};

/** sent → acknowledged → scheduled → completed; cancelled from any step before completed. */
export const NOTICE_STATES = ['sent', 'acknowledged', 'scheduled', 'completed', 'cancelled'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

/** Days of notice a transfer needs (the marketing pages' '60 days notice'). */
export const NOTICE_DAYS = 60;
