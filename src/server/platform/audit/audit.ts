import type { AuditAction, AuditEntityType } from '../../../domain/admin/audit';
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

/** Many entries by one actor in one statement (a batch's, docs/decisions/044-payments-throughput.md). */
export async function recordAudits(db: Executor, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: actor.id,
      actorEmail: actor.email,
      ip: actor.ip,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      changes: entry.changes ?? null,
    })),
  );
}
