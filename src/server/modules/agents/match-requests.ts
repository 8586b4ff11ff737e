import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { countCapFor, type Page } from '../../../domain/admin/lists';
import { agentStateName, type MatchRequest, type MatchRequestListParams } from '../../../domain/agents';
import type { Db } from '../../platform/db/client';
import { buyerAgents, partnerAgents, users } from '../../platform/db/schema';
import { decodeRows, selectList, selectRows, type RowOf } from '../../platform/db/select-fields';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { JobRunner } from '../../platform/jobs/runner';
import type { ExportRows } from '../../platform/lists/csv';
import { cappedCount, orderBy, pageWindow, searchCondition, toPage, whereAll } from '../../platform/lists/list-query';
import { AppError } from '../../platform/lib/errors';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';
import { notifyAgentAssigned } from './agent-notification';
import { approvalOf } from './buyer-agent';
import { findPartnerAgent } from './partner-agents';

/**
 * The buyers asking to be matched with a partner agent (docs/product/back-office.md#partner-agents),
 * the back office's queue, and the assignment: an active partner agent who serves the state the
 * buyer looks in, audited and e-mailed to the buyer in the same transaction.
 */

const SEARCH_TEXT = sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

const SORT_COLUMNS: Readonly<Record<MatchRequestListParams['sort'], SQL | Column>> = {
  requested_at: buyerAgents.requestedAt,
  name: sql`lower(${users.lastName} || ' ' || ${users.firstName})`,
  state: buyerAgents.matchState,
};

function filterOf(params: MatchRequestListParams): SQL {
  const conditions: SQL[] = [sql`${buyerAgents.kind} = 'match'`];
  const search = searchCondition(params.q, { text: SEARCH_TEXT, email: users.email, id: buyerAgents.id, idKind: 'uuid' });
  if (search) conditions.push(search);
  if (params.status === 'waiting') conditions.push(sql`${buyerAgents.partnerAgentId} is null`);
  if (params.status === 'assigned') conditions.push(sql`${buyerAgents.partnerAgentId} is not null`);
  return whereAll(conditions);
}

const FROM = sql`from ${buyerAgents} join ${users} on ${users.id} = ${buyerAgents.userId} left join ${partnerAgents} on ${partnerAgents.id} = ${buyerAgents.partnerAgentId}`;

const LIST_FIELDS = {
  id: buyerAgents.id,
  userId: buyerAgents.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  buyerEmail: users.email,
  state: buyerAgents.matchState,
  requestedAt: buyerAgents.requestedAt,
  agentId: buyerAgents.partnerAgentId,
  agentName: sql<string | null>`${partnerAgents.name}`,
  agentBrokerage: sql<string | null>`${partnerAgents.brokerage}`,
  assignedAt: buyerAgents.assignedAt,
};

const present = (row: RowOf<typeof LIST_FIELDS>): MatchRequest => ({
  id: row.id,
  userId: row.userId,
  buyerName: `${row.firstName} ${row.lastName}`.trim(),
  buyerEmail: row.buyerEmail,
  state: row.state ?? '',
  requestedAt: isoTime(row.requestedAt ?? new Date(0)),
  agent: row.agentId ? { id: row.agentId, name: row.agentName ?? '', brokerage: row.agentBrokerage ?? '' } : null,
  assignedAt: isoTimeOrNull(row.assignedAt),
});

const requestsQuery = (params: MatchRequestListParams, window: SQL) =>
  sql`select ${selectList(LIST_FIELDS)} ${FROM} ${filterOf(params)} ${orderBy(SORT_COLUMNS[params.sort], params.dir, buyerAgents.id)} ${window}`;

/** One page of the queue. */
export async function listMatchRequests(db: Db, params: MatchRequestListParams): Promise<Page<MatchRequest>> {
  const [rows, count] = await Promise.all([
    selectRows(db, LIST_FIELDS, requestsQuery(params, pageWindow(params))),
    cappedCount(db, sql`${FROM} ${filterOf(params)}`, countCapFor(params)),
  ]);
  return toPage(rows.map(present), params, count);
}

export const matchRequestRows = (params: MatchRequestListParams): ExportRows<MatchRequest> => ({
  query: requestsQuery(params, sql``),
  map: (rows) => decodeRows(LIST_FIELDS, rows).map(present),
});

async function oneRequest(db: Db, id: string): Promise<MatchRequest> {
  const [row] = await selectRows(db, LIST_FIELDS, sql`select ${selectList(LIST_FIELDS)} ${FROM} where ${buyerAgents.id} = ${id}`);
  return present(row!);
}

/** A refusal of the chosen agent, said under the form's `agentId` field. */
const agentRefusal = (code: 'agent_inactive' | 'agent_not_serving' | 'validation_failed', message: string) =>
  new AppError(code === 'validation_failed' ? 400 : 409, code, message, { agentId: message });

/**
 * POST /api/admin/agent-requests/{id}/assign. Refused, writing nothing: an unknown request (404),
 * one no longer asking to be matched (the buyer chose their own agent meanwhile; 409), a buyer
 * whose application is no longer approved (409), an unknown, inactive or out-of-state agent
 * (under the field). Assigning the agent already assigned changes nothing and mails nothing.
 */
export async function assignAgent(deps: { db: Db; jobs: Pick<JobRunner, 'kick'> }, actor: AuditActor, id: string, agentId: string): Promise<MatchRequest> {
  const { db, jobs } = deps;
  const changed = await db.transaction(async (tx) => {
    const [request] = await tx.select().from(buyerAgents).where(eq(buyerAgents.id, id)).for('update');
    if (!request) throw new AppError(404, 'not_found', 'There is no such request for an agent.');
    if (request.kind !== 'match') throw new AppError(409, 'not_matching', 'This buyer now works with their own agent and no longer asks to be matched.');
    const approval = await approvalOf(tx, request.userId);
    if (approval.refusal) throw new AppError(409, 'not_approved', "This buyer's application is no longer approved.");
    const agent = await findPartnerAgent(tx, agentId, { forUpdate: true });
    if (!agent) throw agentRefusal('validation_failed', 'Choose a partner agent from the list.');
    if (!agent.active) throw agentRefusal('agent_inactive', `${agent.name} is inactive. Choose an active partner agent.`);
    const state = request.matchState!;
    if (!agent.states.includes(state))
      throw agentRefusal('agent_not_serving', `${agent.name} does not serve ${agentStateName(state)}. Choose an agent who does.`);
    if (request.partnerAgentId === agent.id) return false;
    await tx.update(buyerAgents).set({ partnerAgentId: agent.id, assignedAt: new Date(), assignedBy: actor.id }).where(eq(buyerAgents.id, id));
    await recordAudit(tx, actor, {
      action: 'assign',
      entityType: 'agent_choices',
      entityId: id,
      changes: { partnerAgentId: { from: request.partnerAgentId, to: agent.id }, agent: agent.name, state },
    });
    await notifyAgentAssigned(tx, id, agent.id);
    return true;
  });
  if (changed) jobs.kick();
  return oneRequest(db, id);
}
