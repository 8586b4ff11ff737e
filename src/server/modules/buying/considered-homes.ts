import { and, asc, eq } from 'drizzle-orm';
import { diffFields } from '../../../domain/admin/audit';
import { CONSIDERED_HOME_FIELDS, homeFit, type ConsideredHome, type ConsideredHomeInput, type MyHomes } from '../../../domain/buying/homes';
import type { Db, Executor } from '../../platform/db/client';
import { consideredHomes } from '../../platform/db/schema';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/lib/errors';
import { isoTime } from '../../platform/lib/iso-time';
import { buyerContext, mortgageRateOf, requireBuyer, type BuyerContext } from './approval';

/**
 * Homes a buyer considers (docs/decisions/036-find-and-offer.md): an approved buyer adds, edits and
 * removes their own; each shows whether it fits the pre-approval and its monthly payment range.
 * Always the session's own: another buyer's home is 404. Every change audited with the buyer as actor.
 */

export type ConsideredHomeRow = typeof consideredHomes.$inferSelect;

export const homeNotFound = () => new AppError(404, 'not_found', 'There is no such home in your list.');

export function presentHome(row: ConsideredHomeRow, context: Pick<BuyerContext, 'preApproval' | 'servedStates' | 'mortgageRate'>): ConsideredHome {
  return {
    id: row.id,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    listingUrl: row.listingUrl,
    listPriceCents: row.listPriceCents,
    beds: row.beds,
    baths: row.baths,
    squareFeet: row.squareFeet,
    notes: row.notes,
    fit: homeFit(row.listPriceCents, row.state, context.preApproval, context.servedStates, context.mortgageRate),
    createdAt: isoTime(row.createdAt),
  };
}

/** The buyer's own home by id (locked when it decides a write), or undefined: another buyer's is not found. */
export async function findOwnHome(db: Executor, userId: string, id: string, { forUpdate = false } = {}): Promise<ConsideredHomeRow | undefined> {
  const query = db
    .select()
    .from(consideredHomes)
    .where(and(eq(consideredHomes.id, id), eq(consideredHomes.userId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** GET /api/me/considered-homes. */
export async function myHomes(db: Db, userId: string): Promise<MyHomes> {
  const context = await buyerContext(db, userId, await mortgageRateOf(db));
  if (!context) return { approved: false, terms: null, homes: [] };
  const rows = await db
    .select()
    .from(consideredHomes)
    .where(eq(consideredHomes.userId, userId))
    .orderBy(asc(consideredHomes.createdAt), asc(consideredHomes.id));
  const { preApproval, servedStates, mortgageRate } = context;
  return {
    approved: true,
    terms: {
      maxPriceCents: preApproval.maxPriceCents,
      downPaymentCents: preApproval.downPaymentCents,
      expiresOn: preApproval.expiresOn,
      expired: preApproval.expired,
      mortgageRate,
      servedStates,
    },
    homes: rows.map((row) => presentHome(row, context)),
  };
}

/** The row's columns for the form's values (the price in whole cents). */
const valuesOf = ({ listPrice, ...rest }: ConsideredHomeInput) => ({ ...rest, listPriceCents: listPrice });
const COLUMNS = CONSIDERED_HOME_FIELDS.map((f) => (f === 'listPrice' ? 'listPriceCents' : f));

/** POST /api/me/considered-homes: only with an approved application (409); the home and its audit entry commit together. */
export async function addHome(db: Db, actor: AuditActor, userId: string, input: ConsideredHomeInput): Promise<ConsideredHome> {
  const rate = await mortgageRateOf(db);
  return db.transaction(async (tx) => {
    const context = await requireBuyer(tx, userId, rate);
    const [row] = await tx
      .insert(consideredHomes)
      .values({ ...valuesOf(input), userId })
      .returning();
    await recordAudit(tx, actor, { action: 'create', entityType: 'considered_homes', entityId: row!.id, changes: valuesOf(input) });
    return presentHome(row!, context);
  });
}

/** PUT /api/me/considered-homes/{id}: the changed fields written and audited; another buyer's home is 404. */
export async function updateHome(db: Db, actor: AuditActor, userId: string, id: string, input: ConsideredHomeInput): Promise<ConsideredHome> {
  const rate = await mortgageRateOf(db);
  return db.transaction(async (tx) => {
    const context = await requireBuyer(tx, userId, rate);
    const before = await findOwnHome(tx, userId, id, { forUpdate: true });
    if (!before) throw homeNotFound();
    const values = valuesOf(input);
    const changes = diffFields(before as Record<string, unknown>, values as Record<string, unknown>, COLUMNS);
    if (Object.keys(changes).length === 0) return presentHome(before, context);
    const [row] = await tx
      .update(consideredHomes)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(consideredHomes.id, id))
      .returning();
    await recordAudit(tx, actor, { action: 'update', entityType: 'considered_homes', entityId: id, changes });
    return presentHome(row!, context);
  });
}

/** DELETE /api/me/considered-homes/{id}: an offer made on it keeps its address; another buyer's home is 404. */
export async function removeHome(db: Db, actor: AuditActor, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findOwnHome(tx, userId, id, { forUpdate: true });
    if (!before) throw homeNotFound();
    await tx.delete(consideredHomes).where(eq(consideredHomes.id, id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'considered_homes',
      entityId: id,
      changes: { street: before.street, city: before.city, state: before.state },
    });
  });
}
