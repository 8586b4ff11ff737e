import type { AuditAction, AuditEntityType } from '../../../domain/admin/audit';
import { sql } from 'drizzle-orm';
import { auditLog } from '../db/schema';
import type { Executor } from '../db/client';

/** Who did it: the signed-in user and the address the request came from. */
export interface AuditActor {
  id: string | null;
  email: string | null;
  ip: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | null;
  /** Changed fields (`{ field: { from, to } }`), the created record, or what an export or delete covered. */
  changes?: Record<string, unknown> | null;
}

/** The server itself as the actor: scheduled work (reminders, announcements' batches). */
export const SYSTEM_ACTOR: AuditActor = { id: null, email: null, ip: null };

/**
 * Writes one audit entry (docs/product/back-office.md#audit-log). Pass the transaction of the
 * change itself, so the change and its entry are stored together or not at all.
 */
export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    changes: entry.changes ?? null,
  });
}

/**
 * Many entries by one actor in one statement (a batch's, docs/decisions/044-payments-throughput.md): one array per
 * column, unnested by the database in the entries' order. Drizzle's multi-row insert builds one parameter per value
 * and checks each; at 1,000 entries that building cost more than the statement itself.
 */
export async function recordAudits(db: Executor, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(read: (entry: AuditEntry) => T) => sql.param(entries.map(read));
  await db.execute(sql`
    INSERT INTO ${auditLog} (actor_id, actor_email, ip, action, entity_type, entity_id, changes)
    SELECT ${actor.id}::text, ${actor.email}::text, ${actor.ip}::text, e.action, e.entity_type, e.entity_id, e.changes
    FROM unnest(
      ${column((e) => e.action)}::text[],
      ${column((e) => e.entityType)}::text[],
      ${column((e) => e.entityId ?? null)}::text[],
      ${column((e) => (e.changes == null ? null : JSON.stringify(e.changes)))}::jsonb[]
    ) WITH ORDINALITY AS e(action, entity_type, entity_id, changes, n)
    ORDER BY e.n`);
}
