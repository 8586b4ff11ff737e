import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ENVELOPE_KINDS, ENVELOPE_STATES, SIGNER_ROLES, SIGNER_STATES } from '../../../domain/signatures/envelopes';
import { createdAt } from './columns';
import { homes } from './homes-schema';
import { users } from './auth-schema';

/**
 * Documents sent for signature (docs/decisions/033-signatures.md): an envelope names the exact
 * bytes of its document (stored, with their SHA-256), its signers in order and its expiry; when
 * the last signer signs, the sealed file is stored beside it with its own hash. A wet-signed
 * scan uploaded with e-signatures off is an envelope of state 'completed' with no signers.
 * Part of the schema (re-exported by ./schema.ts).
 */

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const signatureEnvelopes = pgTable(
  'signature_envelopes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The home it is about; null for a letter of intent (docs/decisions/039-addenda-and-envelopes.md). */
    homeId: uuid('home_id').references(() => homes.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ENVELOPE_KINDS }).notNull(),
    /** The row the kind's completion handler acts on: the home (agreement), payment change, notice or letter. */
    subjectId: uuid('subject_id').notNull(),
    title: text('title').notNull(),
    state: text('state', { enum: ENVELOPE_STATES }).notNull().default('sent'),
    /** The document as sent: its storage key, size and SHA-256 (hex) of the exact bytes. */
    documentKey: text('document_key').notNull(),
    documentSha256: text('document_sha256').notNull(),
    documentSize: integer('document_size').notNull(),
    /** The same text as accessible HTML blocks (the document's source), shown in the signing page. */
    documentText: jsonb('document_text').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** 'esign': signed here; 'wet': a scan of a paper original, uploaded by staff. */
    method: text('method', { enum: ['esign', 'wet'] })
      .notNull()
      .default('esign'),
    sealedKey: text('sealed_key'),
    sealedSha256: text('sealed_sha256'),
    sealedSize: integer('sealed_size'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Why the signer declined, or why staff voided it. */
    endReason: text('end_reason'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('signature_envelopes_kind_check', sql`${t.kind} in (${quoted(ENVELOPE_KINDS)})`),
    check('signature_envelopes_state_check', sql`${t.state} in (${quoted(ENVELOPE_STATES)})`),
    check('signature_envelopes_sealed_check', sql`(${t.state} = 'completed') = (${t.sealedSha256} IS NOT NULL)`),
    check('signature_envelopes_home_check', sql`${t.kind} = 'letter' OR ${t.homeId} IS NOT NULL`),
    index('signature_envelopes_home_idx').on(t.homeId, t.createdAt.desc()),
    index('signature_envelopes_subject_idx').on(t.kind, t.subjectId),
    index('signature_envelopes_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'sent'`),
    // The sealed file is found by its hash on the public verify page.
    uniqueIndex('signature_envelopes_sealed_idx').on(t.sealedSha256),
  ],
);

/**
 * One signer of an envelope, in order. The homeowner's step names their user; the staff step names
 * none until a member of staff signs it (any admin may countersign, never the homeowner's step). Each
 * step keeps the IP and user agent of its opening, consent and signature for the certificate of completion.
 */
export const signatureSigners = pgTable(
  'signature_signers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    envelopeId: uuid('envelope_id')
      .notNull()
      .references(() => signatureEnvelopes.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    role: text('role', { enum: SIGNER_ROLES }).notNull(),
    /** The homeowner for their step; the member of staff who signed, for the staff step. */
    userId: text('user_id').references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    state: text('state', { enum: SIGNER_STATES }).notNull().default('waiting'),
    /** The hash of the document this signer was shown when they opened it. */
    openedSha256: text('opened_sha256'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** { opened, consented, signed | declined: { at, ip, userAgent } } */
    steps: jsonb('steps').notNull().default({}),
    /** The adopted signature: typed text in the script font, or 'drawn' with the PNG's data URL. */
    signature: jsonb('signature'),
    /** The field values this signer completed, by field id. */
    fields: jsonb('fields'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    check('signature_signers_role_check', sql`${t.role} in (${quoted(SIGNER_ROLES)})`),
    check('signature_signers_state_check', sql`${t.state} in (${quoted(SIGNER_STATES)})`),
    uniqueIndex('signature_signers_position_idx').on(t.envelopeId, t.position),
    index('signature_signers_user_idx').on(t.userId),
  ],
);
