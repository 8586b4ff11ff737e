import { eq } from 'drizzle-orm';
import { resolveSettings, type AppSettings } from '../../../domain/admin/settings';
import { type Db, type Executor } from '../db/client';
import { settings } from '../db/schema';

const KEY = 'app';
/** Other instances sharing the database see a saved change within this time. */
const CACHE_MS = 5_000;

const cache = new WeakMap<object, { value: AppSettings; at: number }>();

/**
 * The application settings (docs/product/back-office.md#settings: stored, the
 * public calculators' defaults), merged over the defaults that page lists.
 * Cached per database for a few seconds: every page load reads them (the server
 * writes the calculator defaults into index.html).
 */
export async function getSettings(db: Db | Executor, { fresh = false }: { fresh?: boolean } = {}): Promise<AppSettings> {
  const hit = cache.get(db);
  if (!fresh && hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  const value = resolveSettings(row?.value);
  cache.set(db, { value, at: Date.now() });
  return value;
}

/** Stores validated settings (call inside the transaction that also writes the audit entry). */
export async function saveSettings(tx: Executor, value: AppSettings, updatedBy: string): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: KEY, value, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt: new Date() } });
}

/** After a save: this instance serves the new values at once. */
export function forgetCachedSettings(db: Db): void {
  cache.delete(db);
}
