import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { diffFields } from '../../../domain/admin/audit';
import { countCapFor, type Page } from '../../../domain/admin/lists';
import { AGENT_STATE_CODES, PARTNER_AGENT_FIELDS, type PartnerAgent, type PartnerAgentInput, type PartnerAgentListParams } from '../../../domain/agents';
import type { Db, Executor } from '../../platform/db/client';
import { partnerAgents } from '../../platform/db/schema';
import { decodeRows, selectList, selectRows, type RowOf } from '../../platform/db/select-fields';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { ExportRows } from '../../platform/lists/csv';
import { cappedCount, orderBy, pageWindow, searchCondition, toPage, whereAll } from '../../platform/lists/list-query';
import { AppError } from '../../platform/lib/errors';
import { isoTime } from '../../platform/lib/iso-time';

/**
 * Partner agents (docs/product/back-office.md#partner-agents): the back office's list, paged and
 * searched in SQL like the others, and Add, Edit and (de)activate, each audited in its own
 * transaction. Agents are never deleted: buyers they were assigned to keep seeing them.
 */

export type PartnerAgentRow = typeof partnerAgents.$inferSelect;

export const agentNotFound = () => new AppError(404, 'not_found', 'There is no such partner agent.');

/** The expression the trigram index partner_agents_search_idx is built on. */
const SEARCH_TEXT = sql`lower(${partnerAgents.name} || ' ' || ${partnerAgents.brokerage} || ' ' || ${partnerAgents.email})`;

const SORT_COLUMNS: Readonly<Record<PartnerAgentListParams['sort'], SQL | Column>> = {
  name: sql`lower(${partnerAgents.name})`,
  brokerage: sql`lower(${partnerAgents.brokerage})`,
  created_at: partnerAgents.createdAt,
};

function filterOf(params: PartnerAgentListParams): SQL {
  const conditions: SQL[] = [];
  const search = searchCondition(params.q, { text: SEARCH_TEXT, email: partnerAgents.emailKey, id: partnerAgents.id, idKind: 'uuid' });
  if (search) conditions.push(search);
  // `@>` on the gin index partner_agents_states_idx.
  if (params.state) conditions.push(sql`${partnerAgents.states} @> array[${params.state}]::text[]`);
  if (params.status !== 'all') conditions.push(sql`${partnerAgents.active} = ${params.status === 'active'}`);
  return whereAll(conditions);
}

const LIST_FIELDS = {
  id: partnerAgents.id,
  name: partnerAgents.name,
  brokerage: partnerAgents.brokerage,
  licenceNumber: partnerAgents.licenceNumber,
  email: partnerAgents.email,
  phone: partnerAgents.phone,
  states: partnerAgents.states,
  active: partnerAgents.active,
  createdAt: partnerAgents.createdAt,
};

const present = (row: RowOf<typeof LIST_FIELDS>): PartnerAgent => ({ ...row, createdAt: isoTime(row.createdAt) });

const agentsQuery = (params: PartnerAgentListParams, window: SQL) =>
  sql`select ${selectList(LIST_FIELDS)} from ${partnerAgents} ${filterOf(params)} ${orderBy(SORT_COLUMNS[params.sort], params.dir, partnerAgents.id)} ${window}`;

/** One page of partner agents, filtered, sorted and counted in SQL. */
export async function listPartnerAgents(db: Db, params: PartnerAgentListParams): Promise<Page<PartnerAgent>> {
  const [rows, count] = await Promise.all([
    selectRows(db, LIST_FIELDS, agentsQuery(params, pageWindow(params))),
    cappedCount(db, sql`from ${partnerAgents} ${filterOf(params)}`, countCapFor(params)),
  ]);
  return toPage(rows.map(present), params, count);
}

/** The filtered list in its order, for the CSV export. */
export const partnerAgentRows = (params: PartnerAgentListParams): ExportRows<PartnerAgent> => ({
  query: agentsQuery(params, sql``),
  map: (rows) => decodeRows(LIST_FIELDS, rows).map(present),
});

export const presentAgent = (row: PartnerAgentRow): PartnerAgent => present(row);

export async function findPartnerAgent(db: Executor, id: string, { forUpdate = false }: { forUpdate?: boolean } = {}): Promise<PartnerAgentRow | undefined> {
  const query = db.select().from(partnerAgents).where(eq(partnerAgents.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Add: the agent and its audit entry in one transaction. */
export async function addPartnerAgent(db: Db, actor: AuditActor, input: PartnerAgentInput): Promise<PartnerAgent> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(partnerAgents)
      .values({ ...input, emailKey: input.email.toLowerCase(), createdBy: actor.id })
      .returning();
    await recordAudit(tx, actor, { action: 'create', entityType: 'partner_agents', entityId: created!.id, changes: { ...input } });
    return created!;
  });
  return presentAgent(row);
}

const sameStates = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Edit: exactly the changed fields written and audited; an edit that changes nothing writes nothing. */
export async function updatePartnerAgent(db: Db, actor: AuditActor, id: string, input: PartnerAgentInput): Promise<PartnerAgent> {
  const row = await db.transaction(async (tx) => {
    const before = await findPartnerAgent(tx, id, { forUpdate: true });
    if (!before) throw agentNotFound();
    const changes = diffFields(
      before as unknown as Record<string, unknown>,
      input as unknown as Record<string, unknown>,
      PARTNER_AGENT_FIELDS.filter((f) => f !== 'states'),
    );
    if (!sameStates(before.states, input.states)) changes.states = { from: before.states, to: input.states };
    if (Object.keys(changes).length === 0) return before;
    const [updated] = await tx
      .update(partnerAgents)
      .set({ ...input, emailKey: input.email.toLowerCase(), updatedAt: new Date() })
      .where(eq(partnerAgents.id, id))
      .returning();
    await recordAudit(tx, actor, { action: 'update', entityType: 'partner_agents', entityId: id, changes });
    return updated!;
  });
  return presentAgent(row);
}

/** Deactivate or reactivate, audited; the state the agent already has changes nothing. */
export async function setPartnerAgentActive(db: Db, actor: AuditActor, id: string, active: boolean): Promise<PartnerAgent> {
  const row = await db.transaction(async (tx) => {
    const before = await findPartnerAgent(tx, id, { forUpdate: true });
    if (!before) throw agentNotFound();
    if (before.active === active) return before;
    const [updated] = await tx.update(partnerAgents).set({ active, updatedAt: new Date() }).where(eq(partnerAgents.id, id)).returning();
    await recordAudit(tx, actor, { action: 'update', entityType: 'partner_agents', entityId: id, changes: { active: { from: before.active, to: active } } });
    return updated!;
  });
  return presentAgent(row);
}

/**
 * The states we buy homes in (docs/decisions/036-find-and-offer.md): those an active partner agent
 * serves, as sorted two-letter codes; every state while no partner agent exists at all (a fresh
 * install buys anywhere until staff add the first one).
 */
export async function servedStates(db: Executor): Promise<string[]> {
  const [any] = await db.select({ id: partnerAgents.id }).from(partnerAgents).limit(1);
  if (!any) return [...AGENT_STATE_CODES].sort();
  const rows = await db
    .select({ state: sql<string>`unnest(${partnerAgents.states})` })
    .from(partnerAgents)
    .where(eq(partnerAgents.active, true))
    .groupBy(sql`1`);
  return rows.map((r) => r.state).sort();
}
