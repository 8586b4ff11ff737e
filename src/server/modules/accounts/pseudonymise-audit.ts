import { createHash } from 'node:crypto';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { auditLog } from '../../platform/db/schema';

/**
 * What a deleted account leaves in the audit log (docs/decisions/016-retention-and-erasure.md):
 * the actions stay, the person's e-mail, IP address and details do not.
 */

/**
 * The stable name a deleted user keeps in the audit log: the same for all their
 * entries, derived from the random account id (not the e-mail), so knowing an
 * address finds nothing.
 */
export function deletedUserPseudonym(userId: string): string {
  return `deleted-user-${createHash('sha256').update(userId).digest('hex').slice(0, 10)}`;
}

/** `changes` keys holding the person's e-mail address: replaced by the pseudonym. */
const EMAIL_KEYS = new Set(['email', 'newEmail', 'oldEmail']);
/** `changes` keys holding other personal details: erased. */
const ERASED_KEYS = new Set(['firstName', 'lastName', 'name', 'phone', 'notes', 'location', 'cityState']);

/** `value` with every side of a `{ from, to }` pair (or the value itself) replaced. */
function replaced(value: unknown, by: (side: unknown) => unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && ('from' in value || 'to' in value)) {
    const pair = value as { from?: unknown; to?: unknown };
    return { ...pair, from: by(pair.from), to: by(pair.to) };
  }
  return by(value);
}

/** The entry's `changes` without the person's e-mail, names, phone and notes (at the top level, where entries keep them). */
export function pseudonymisedChanges(changes: Record<string, unknown>, pseudonym: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (EMAIL_KEYS.has(key)) out[key] = replaced(value, (side) => (side == null ? side : pseudonym));
    else if (ERASED_KEYS.has(key)) out[key] = replaced(value, () => null);
    else out[key] = value;
  }
  return out;
}

export interface ErasedRecords {
  userId: string;
  applicationIds: string[];
  waitlistEntryIds: string[];
}

/**
 * Pseudonymises the audit entries of a user being deleted, in the deletion's
 * transaction: entries they made lose their e-mail (the pseudonym instead) and IP
 * address; entries about their account, sign-ins, applications and waitlist entry
 * lose the personal values in `changes`. Who acted on them (an admin) stays.
 */
export async function pseudonymiseAudit(tx: Executor, records: ErasedRecords): Promise<void> {
  const pseudonym = deletedUserPseudonym(records.userId);
  await tx.update(auditLog).set({ actorEmail: pseudonym, ip: null }).where(eq(auditLog.actorId, records.userId));

  const about: SQL[] = [and(inArray(auditLog.entityType, ['users', 'sessions']), eq(auditLog.entityId, records.userId))!];
  if (records.applicationIds.length) about.push(and(eq(auditLog.entityType, 'applications'), inArray(auditLog.entityId, records.applicationIds))!);
  if (records.waitlistEntryIds.length) about.push(and(eq(auditLog.entityType, 'waitlist'), inArray(auditLog.entityId, records.waitlistEntryIds))!);
  const entries = await tx
    .select({ id: auditLog.id, changes: auditLog.changes })
    .from(auditLog)
    .where(or(...about));
  for (const entry of entries) {
    if (!entry.changes) continue;
    const changes = pseudonymisedChanges(entry.changes, pseudonym);
    if (JSON.stringify(changes) !== JSON.stringify(entry.changes)) await tx.update(auditLog).set({ changes }).where(eq(auditLog.id, entry.id));
  }
}
