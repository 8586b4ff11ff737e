import { eq } from 'drizzle-orm';
import { fullName } from '../../../domain/auth';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';

type ProfileFields = { firstName: string; lastName: string; phone?: string | null };

/**
 * PATCH /api/me (docs/product/accounts.md#the-signed-in-user): the user's own name and phone. A changed
 * number is no longer the verified one. Audited in the same transaction with the names of the fields
 * that changed (not their values: the log is not a second copy of the profile).
 */
export async function updateProfile(db: Db, actor: AuditActor & { id: string }, current: { phone?: string | null }, fields: ProfileFields) {
  const { firstName, lastName, phone } = fields;
  const newPhone = phone === undefined ? (current.phone ?? null) : phone || null;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
      .from(users)
      .where(eq(users.id, actor.id))
      .for('update');
    const [updated] = await tx
      .update(users)
      .set({
        firstName,
        lastName,
        name: fullName(firstName, lastName),
        phone: newPhone,
        ...(newPhone !== (current.phone ?? null) ? { phoneVerified: false } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.id))
      .returning();
    const changed = (['firstName', 'lastName', 'phone'] as const).filter((field) => (before?.[field] ?? null) !== (updated![field] ?? null));
    if (changed.length > 0) {
      await recordAudit(tx, actor, { action: 'update', entityType: 'users', entityId: actor.id, changes: { profile: changed } });
    }
    return updated!;
  });
}
