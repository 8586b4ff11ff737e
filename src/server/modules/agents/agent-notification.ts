import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { agentStateName } from '../../../domain/agents';
import { safeString } from '../../../domain/safe-text';
import { buyerAgents, partnerAgents, users } from '../../platform/db/schema';
import type { JobExecutor } from '../../platform/jobs/queue';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';

/**
 * The buyer's e-mail when staff assign them a partner agent (docs/product/back-office.md#partner-agents):
 * who it is and how to reach them. Built when it runs; nothing is sent when the request has
 * another agent by then (or is gone).
 */
export const agentAssignedNotification = defineNotification(
  'agent-assigned',
  z.object({ requestId: safeString().uuid(), agentId: safeString().uuid() }),
  async (deps, { requestId, agentId }) => {
    const [row] = await deps.db
      .select({
        email: users.email,
        firstName: users.firstName,
        state: buyerAgents.matchState,
        current: buyerAgents.partnerAgentId,
        name: partnerAgents.name,
        brokerage: partnerAgents.brokerage,
        agentEmail: partnerAgents.email,
        agentPhone: partnerAgents.phone,
      })
      .from(buyerAgents)
      .innerJoin(users, eq(users.id, buyerAgents.userId))
      .innerJoin(partnerAgents, eq(partnerAgents.id, agentId))
      .where(eq(buyerAgents.id, requestId));
    if (!row || row.current !== agentId) return [];
    const ctx = mailContextOf(deps);
    return [
      {
        to: row.email,
        kind: 'application_updates',
        parts: {
          subject: `Meet your agent: ${row.name}`,
          greeting: hello(row.firstName),
          paragraphs: [
            `We have matched you with ${row.name} of ${row.brokerage}, one of our partner agents in ${agentStateName(row.state ?? '')}.`,
            `You can reach them at ${row.agentEmail} or ${row.agentPhone}. Tell them you are approved with ${ctx.brand.name}: they will help you find your home and make your offer.`,
          ],
          action: { label: 'See your agent', url: appLink(ctx, '/dashboard') },
        },
      },
    ];
  },
);

/** Queues the e-mail, in the assignment's transaction. */
export async function notifyAgentAssigned(tx: JobExecutor, requestId: string, agentId: string): Promise<void> {
  await notify(tx, agentAssignedNotification, { requestId, agentId });
}
