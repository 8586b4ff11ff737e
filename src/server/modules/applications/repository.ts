import { and, desc, eq, sql } from 'drizzle-orm';
import type { ApplicationDraft } from '../../../domain/application';
import type { SessionUser } from '../../platform/auth/create-auth';
import type { Db, Executor } from '../../platform/db/client';
import { applications, documents } from '../../platform/db/schema';
import { scheduleDraftReminder } from './reminders-schedule';

export type ApplicationRow = typeof applications.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

export type Owner = Pick<SessionUser, 'id' | 'email' | 'firstName' | 'lastName'> & { phone?: string | null };

/** Matches the predicate of applications_one_active_per_user_idx exactly (the insert's ON CONFLICT names it). */
export const isActive = sql`${applications.status} not in ('declined', 'withdrawn')`;

/** The user's one active application (any status but declined or withdrawn). */
export async function findActiveApplication(db: Executor, userId: string, options: { forUpdate?: boolean } = {}): Promise<ApplicationRow | undefined> {
  const query = db
    .select()
    .from(applications)
    .where(and(eq(applications.userId, userId), isActive));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The active application, else the most recent closed one, declined or withdrawn (for the dashboard and /apply). */
export async function latestApplication(db: Executor, userId: string): Promise<ApplicationRow | undefined> {
  return (
    (await findActiveApplication(db, userId)) ??
    (await db.select().from(applications).where(eq(applications.userId, userId)).orderBy(desc(applications.updatedAt)).limit(1))[0]
  );
}

/** A new application starts from the account's name, e-mail and phone. */
export function initialDraft(owner: Owner): ApplicationDraft {
  return {
    personal: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email, ...(owner.phone ? { phone: owner.phone } : {}) },
    employment: {},
    assets: {},
    debts: {},
    consents: {},
  };
}

/**
 * The user's active application, created as an empty draft when there is none.
 * Safe under concurrency: the partial unique index admits one active row per
 * user, and a second insert does nothing. A new draft's first reminder check (24 hours
 * on, docs/product/application.md#reminders) commits with it.
 */
export async function ensureActiveApplication(db: Db, owner: Owner): Promise<ApplicationRow> {
  const existing = await findActiveApplication(db, owner.id);
  if (existing) return existing;
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(applications)
      .values({ userId: owner.id, draft: initialDraft(owner) })
      .onConflictDoNothing({ target: applications.userId, where: isActive })
      .returning({ id: applications.id, updatedAt: applications.updatedAt });
    if (created) await scheduleDraftReminder(tx, created.id, created.updatedAt);
  });
  const created = await findActiveApplication(db, owner.id);
  if (!created) throw new Error('the active application vanished right after it was created');
  return created;
}

export async function documentsOf(db: Executor, applicationId: string): Promise<DocumentRow[]> {
  return db.select().from(documents).where(eq(documents.applicationId, applicationId)).orderBy(documents.createdAt);
}

/** A document by id (a UUID, as the route's idParamsSchema checks); the caller checks who may see it. */
export async function findDocument(db: Executor, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}
