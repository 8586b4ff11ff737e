import { eq } from 'drizzle-orm';
import type { AgentChoiceInput, AgentContact, MyAgent } from '../../../domain/agents';
import { findActiveApplication } from '../applications';
import type { Db, Executor } from '../../platform/db/client';
import { buyerAgents, partnerAgents } from '../../platform/db/schema';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/lib/errors';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';

/**
 * The buyer's agent (docs/product/back-office.md#partner-agents): once their application is
 * approved, a buyer brings their own agent or asks to be matched in a state; one choice per
 * account, changeable, each change audited with the buyer as the actor. Always the session's own.
 */

export type BuyerAgentRow = typeof buyerAgents.$inferSelect;

/** Whether `userId`'s application is approved, read in the caller's transaction (locked when it decides a write). */
export async function approvalOf(db: Executor, userId: string, { forUpdate = false } = {}): Promise<{ approved: boolean; refusal?: AppError }> {
  const application = await findActiveApplication(db, userId, { forUpdate });
  if (application?.status === 'approved') return { approved: true };
  return { approved: false, refusal: new AppError(409, 'not_approved', 'You can choose an agent once your home application is approved.') };
}

export async function findChoiceOf(db: Executor, userId: string, { forUpdate = false } = {}): Promise<BuyerAgentRow | undefined> {
  const query = db.select().from(buyerAgents).where(eq(buyerAgents.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

async function presentChoice(db: Executor, row: BuyerAgentRow | undefined): Promise<MyAgent['choice']> {
  if (!row) return null;
  if (row.kind === 'own') {
    return {
      kind: 'own',
      agent: { name: row.agentName!, brokerage: row.agentBrokerage, licenceNumber: row.agentLicenceNumber, email: row.agentEmail, phone: row.agentPhone },
      updatedAt: isoTime(row.updatedAt),
    };
  }
  let agent: AgentContact | null = null;
  if (row.partnerAgentId) {
    const [partner] = await db.select().from(partnerAgents).where(eq(partnerAgents.id, row.partnerAgentId));
    if (partner) agent = { name: partner.name, brokerage: partner.brokerage, licenceNumber: partner.licenceNumber, email: partner.email, phone: partner.phone };
  }
  return { kind: 'match', state: row.matchState!, agent, assignedAt: isoTimeOrNull(row.assignedAt), updatedAt: isoTime(row.updatedAt) };
}

/** GET /api/me/agent. */
export async function myAgent(db: Db, userId: string): Promise<MyAgent> {
  const { approved } = await approvalOf(db, userId);
  return { approved, choice: approved ? await presentChoice(db, await findChoiceOf(db, userId)) : null };
}

type ChoiceValues = Omit<typeof buyerAgents.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** The row's columns for a choice; a request for the same state keeps its place in the queue and its assigned agent. */
function valuesOf(input: AgentChoiceInput, before: BuyerAgentRow | undefined, now: Date): ChoiceValues {
  const none = { agentName: null, agentBrokerage: null, agentLicenceNumber: null, agentEmail: null, agentPhone: null };
  if (input.kind === 'own') {
    const { name, brokerage, licenceNumber, email, phone } = input.agent;
    return {
      kind: 'own',
      agentName: name,
      agentBrokerage: brokerage,
      agentLicenceNumber: licenceNumber,
      agentEmail: email,
      agentPhone: phone,
      matchState: null,
      partnerAgentId: null,
      assignedAt: null,
      assignedBy: null,
      requestedAt: null,
      updatedAt: now,
    };
  }
  const same = before?.kind === 'match' && before.matchState === input.state;
  return {
    kind: 'match',
    ...none,
    matchState: input.state,
    partnerAgentId: same ? before.partnerAgentId : null,
    assignedAt: same ? before.assignedAt : null,
    assignedBy: same ? before.assignedBy : null,
    requestedAt: same ? before.requestedAt : now,
    updatedAt: now,
  };
}

const AUDITED = ['kind', 'agentName', 'agentBrokerage', 'agentLicenceNumber', 'agentEmail', 'agentPhone', 'matchState', 'partnerAgentId'] as const;

/**
 * PUT /api/me/agent: only with an approved application (409 otherwise, nothing written). The
 * choice and its audit entry (the changed fields) commit together; the same choice again writes nothing.
 */
export async function chooseAgent(db: Db, actor: AuditActor, userId: string, input: AgentChoiceInput): Promise<MyAgent> {
  return db.transaction(async (tx) => {
    const approval = await approvalOf(tx, userId, { forUpdate: true });
    if (approval.refusal) throw approval.refusal;
    const before = await findChoiceOf(tx, userId, { forUpdate: true });
    const now = new Date();
    const values = valuesOf(input, before, now);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of AUDITED) {
      const from = before?.[field] ?? null;
      const to = values[field] ?? null;
      if (from !== to) changes[field] = { from, to };
    }
    if (before && Object.keys(changes).length === 0) return { approved: true, choice: await presentChoice(tx, before) };
    const [row] = before
      ? await tx.update(buyerAgents).set(values).where(eq(buyerAgents.id, before.id)).returning()
      : await tx
          .insert(buyerAgents)
          .values({ ...values, userId })
          .returning();
    await recordAudit(tx, actor, { action: before ? 'update' : 'create', entityType: 'agent_choices', entityId: row!.id, changes });
    return { approved: true, choice: await presentChoice(tx, row) };
  });
}
