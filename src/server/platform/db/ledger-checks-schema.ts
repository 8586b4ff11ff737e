import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { homes } from './homes-schema';

/**
 * What the daily ledger check found and what it signed (docs/decisions/029-ledger-checks.md). Owned by
 * modules/homes (src/server/modules/homes/ledger-checks.ts). Part of the schema (re-exported by ./schema.ts).
 */

const hashCheck = (column: unknown) => sql`${column} ~ '^[0-9a-f]{64}$'`;

/**
 * One row per home, written by the daily check: how far its chain was last found intact (the entry and its
 * hash: where the pages' own check starts), and, when it was not, since when and why. A mark stays until a
 * check finds the chain intact again.
 */
export const ledgerChecks = pgTable(
  'ledger_checks',
  {
    homeId: uuid('home_id')
      .primaryKey()
      .references(() => homes.id, { onDelete: 'restrict' }),
    /** The last entry found intact (0: none yet) and its hash (the genesis hash for 0). */
    verifiedSeq: integer('verified_seq').notNull(),
    verifiedHash: text('verified_hash').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** Set when a check found the chain broken; cleared when one finds it intact. */
    brokenAt: timestamp('broken_at', { withTimezone: true }),
    brokenSeq: integer('broken_seq'),
    brokenMessage: text('broken_message'),
    /** Where the home's projections differ from its ledger (the payments page's figures), when they do. */
    projectionProblem: text('projection_problem'),
  },
  (t) => [
    check('ledger_checks_seq_check', sql`${t.verifiedSeq} >= 0`),
    check('ledger_checks_hash_check', hashCheck(t.verifiedHash)),
    check('ledger_checks_broken_check', sql`(${t.brokenAt} IS NULL) = (${t.brokenSeq} IS NULL AND ${t.brokenMessage} IS NULL)`),
    index('ledger_checks_broken_idx')
      .on(t.brokenAt)
      .where(sql`${t.brokenAt} IS NOT NULL`),
  ],
);

/**
 * The signed daily checkpoint: one per day, holding the head (seq and hash) of every home whose head changed
 * since its last checkpoint (the heads below), chained to the day before by its digest and signed with the
 * ledger key (Ed25519). Mailed to the operator; a chain rewritten after it no longer has these heads.
 */
export const ledgerCheckpoints = pgTable(
  'ledger_checkpoints',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    /** How many heads it records. */
    heads: integer('heads').notNull(),
    /** SHA-256 (hex) of the signed text, and of the checkpoint before (64 zeros for the first). */
    digest: text('digest').notNull(),
    prevDigest: text('prev_digest').notNull(),
    /** Ed25519 signature of the text (base64) and the key's id (the first 16 hex digits of the SHA-256 of its public key). */
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('ledger_checkpoints_digest_check', sql`${hashCheck(t.digest)} AND ${hashCheck(t.prevDigest)}`)],
);

/** A head a checkpoint recorded. */
export const ledgerCheckpointHeads = pgTable(
  'ledger_checkpoint_heads',
  {
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => ledgerCheckpoints.day, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.homeId, t.day] }),
    check('ledger_checkpoint_heads_check', sql`${t.seq} >= 1 AND ${hashCheck(t.hash)}`),
    index('ledger_checkpoint_heads_day_idx').on(t.day),
  ],
);
