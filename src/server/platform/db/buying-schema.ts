import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MILESTONE_KINDS, MILESTONE_OWNERS, MILESTONE_STATUSES } from '../../../domain/buying/closing';
import { OFFER_EVENT_KINDS, OFFER_STATUSES } from '../../../domain/buying/offers';
import { users } from './auth-schema';
import { lettersOfIntent } from './back-office-schema';
import { createdAt, updatedAt } from './columns';

/**
 * The 'Find' and 'Offer' steps (docs/decisions/036-find-and-offer.md), owned by
 * src/server/modules/buying. Money in whole cents. Deleted with the account.
 */
export const consideredHomes = pgTable(
  'considered_homes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    city: text('city').notNull(),
    /** Two-letter code, DC included. */
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    listingUrl: text('listing_url'),
    listPriceCents: bigint('list_price_cents', { mode: 'number' }).notNull(),
    beds: integer('beds'),
    baths: numeric('baths', { precision: 4, scale: 1, mode: 'number' }),
    squareFeet: integer('square_feet'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('considered_homes_price_check', sql`${t.listPriceCents} > 0`), index('considered_homes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A buyer's offer: born as a letter of intent (status letter_pending), then, once staff approve the
 * letter, an offer through submitted, countered, accepted, rejected or withdrawn. The address and
 * state are kept as offered, whatever becomes of the considered home. One live offer per buyer,
 * kept by a unique index over the live states.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    homeId: uuid('home_id').references(() => consideredHomes.id, { onDelete: 'set null' }),
    /** The letter of intent it was made as; null once staff delete that letter. */
    letterId: uuid('letter_id').references(() => lettersOfIntent.id, { onDelete: 'set null' }),
    preApprovalId: uuid('pre_approval_id').notNull(),
    address: text('address').notNull(),
    state: text('state').notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('letter_pending'),
    offerPriceCents: bigint('offer_price_cents', { mode: 'number' }).notNull(),
    downPaymentCents: bigint('down_payment_cents', { mode: 'number' }).notNull(),
    monthlyPaymentCents: bigint('monthly_payment_cents', { mode: 'number' }).notNull(),
    moveInDate: text('move_in_date').notNull(),
    notes: text('notes'),
    counterPriceCents: bigint('counter_price_cents', { mode: 'number' }),
    counterAnswerBy: timestamp('counter_answer_by', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** The price agreed once accepted: the counter price when it was countered, else the offer price (docs/decisions/042-closing.md). */
    agreedPriceCents: bigint('agreed_price_cents', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('offers_status_check', sql`${t.status} in (${sql.raw(OFFER_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    check('offers_figures_check', sql`${t.offerPriceCents} > 0 and ${t.downPaymentCents} < ${t.offerPriceCents} and ${t.monthlyPaymentCents} > 0`),
    check('offers_counter_check', sql`${t.status} <> 'countered' or (${t.counterPriceCents} > 0 and ${t.counterAnswerBy} is not null)`),
    uniqueIndex('offers_one_live_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('letter_pending', 'draft', 'submitted', 'countered', 'accepted')`),
    uniqueIndex('offers_letter_idx').on(t.letterId),
    index('offers_updated_at_idx').on(t.updatedAt.desc()),
  ],
);

/** The buyer's timeline: every change of an offer, in order (each is also audited). */
export const offerEvents = pgTable(
  'offer_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OFFER_EVENT_KINDS }).notNull(),
    counterPriceCents: bigint('counter_price_cents', { mode: 'number' }),
    answerBy: timestamp('answer_by', { withTimezone: true }),
    reason: text('reason'),
    /** The closing milestone a 'milestone_done' event is about. */
    milestone: text('milestone', { enum: MILESTONE_KINDS }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_events_offer_idx').on(t.offerId, t.id)],
);

/**
 * The closing checklist of an accepted offer (docs/decisions/042-closing.md): one row per milestone,
 * opened with the acceptance, updated by staff (each change audited under the offer).
 */
export const closingMilestones = pgTable(
  'closing_milestones',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MILESTONE_KINDS }).notNull(),
    status: text('status', { enum: MILESTONE_STATUSES }).notNull().default('to_do'),
    owner: text('owner', { enum: MILESTONE_OWNERS }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    completedOn: date('completed_on', { mode: 'string' }),
    /** The inspection's findings. */
    findings: text('findings'),
    /** The appraisal's value. */
    appraisedValueCents: bigint('appraised_value_cents', { mode: 'number' }),
    /** When it first left 'to do' (null while to do): the pipeline's 'closing' stage starts with the closing milestone's. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.kind] }),
    check('closing_milestones_kind_check', sql`${t.kind} in (${sql.raw(MILESTONE_KINDS.map((s) => `'${s}'`).join(', '))})`),
    check('closing_milestones_status_check', sql`${t.status} in (${sql.raw(MILESTONE_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    check('closing_milestones_owner_check', sql`${t.owner} in ('buyer', 'staff')`),
    check('closing_milestones_value_check', sql`${t.appraisedValueCents} is null or ${t.appraisedValueCents} > 0`),
  ],
);

/**
 * The documents of a closing milestone (docs/decisions/042-closing.md): an inspection report, an appraisal, the title
 * commitment, an insurance binder… PDF, JPEG or PNG by content, at most 25 MB, stored as application documents are
 * (the server's own key), uploaded by the buyer or staff, read by both, each upload and download audited under the
 * offer. `user_id` is the buyer's: deleting their account deletes the rows and the files (accounts module).
 */
export const closingDocuments = pgTable(
  'closing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** The buyer whose offer it is. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    milestone: text('milestone', { enum: MILESTONE_KINDS }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** As the browser sent it (cleaned, at most 255 characters): display and a sanitised download name only. */
    originalName: text('original_name').notNull(),
    /** From the file's first bytes, not from the browser. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Who sent it: the buyer or staff. */
    uploaderSide: text('uploader_side', { enum: MILESTONE_OWNERS }).notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('closing_documents_milestone_check', sql`${t.milestone} in (${sql.raw(MILESTONE_KINDS.map((s) => `'${s}'`).join(', '))})`),
    check('closing_documents_side_check', sql`${t.uploaderSide} in ('buyer', 'staff')`),
    index('closing_documents_offer_idx').on(t.offerId, t.milestone, t.createdAt),
    index('closing_documents_user_idx').on(t.userId),
  ],
);
