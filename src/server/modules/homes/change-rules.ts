import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { homes } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';

/** What a homeowner's payment changes (changes.ts) and 60-day notices (notices.ts) share. */

export const noHome = () => new AppError(404, 'no_home', 'You do not have a home with us yet.');
export const homeClosed = () => new AppError(409, 'home_closed', 'This home is closed: its agreement has ended.');
export const fieldError = (field: string, message: string) => new AppError(400, 'validation_failed', 'Some fields need your attention.', { [field]: message });

/** PostgreSQL's unique_violation (the one-pending / one-open indexes when two requests race). */
export const isUniqueViolation = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

/** accessibleEquity (dollars, full precision) as whole cents. */
export const toCents = (dollars: number) => Math.max(0, Math.round(dollars * 100));

/** The home the signed-in homeowner acts on, locked for the transaction: their active one (404 without one, 409 when it is closed). */
export async function lockedHomeOf(tx: Executor, userId: string): Promise<typeof homes.$inferSelect> {
  const rows = await tx.select().from(homes).where(eq(homes.userId, userId)).orderBy(desc(homes.createdAt)).for('update');
  const home = rows.find((row) => row.state === 'active');
  if (!home) throw rows.length > 0 ? homeClosed() : noHome();
  return home;
}
