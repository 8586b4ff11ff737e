import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth-schema';
import { createdAt, updatedAt } from './columns';

/**
 * Agents, the 'Find' step (docs/product/back-office.md#partner-agents), owned by
 * src/server/modules/agents. Partner agents are kept, never deleted: a deactivated agent
 * is no longer assigned, and the buyers they were assigned to still see them.
 */
export const partnerAgents = pgTable(
  'partner_agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    brokerage: text('brokerage').notNull(),
    licenceNumber: text('licence_number').notNull(),
    email: text('email').notNull(),
    /** lower(email): a complete address searched matches it exactly. */
    emailKey: text('email_key').notNull(),
    phone: text('phone').notNull(),
    /** Two-letter codes of the states served (DC included), sorted, at least one. */
    states: text('states').array().notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('partner_agents_states_check', sql`cardinality(${t.states}) > 0`),
    index('partner_agents_states_idx').using('gin', t.states),
    index('partner_agents_email_key_idx').on(t.emailKey),
    index('partner_agents_search_idx').using('gin', sql`(lower(${t.name} || ' ' || ${t.brokerage} || ' ' || ${t.email})) gin_trgm_ops`),
  ],
);

/**
 * A buyer's agent choice, one per account (changeable): their own agent's contact, or a
 * request to be matched in a state, with the partner agent staff assigned. Deleted with the account.
 */
export const buyerAgents = pgTable(
  'buyer_agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['own', 'match'] }).notNull(),
    /** Their own agent (kind own). */
    agentName: text('agent_name'),
    agentBrokerage: text('agent_brokerage'),
    agentLicenceNumber: text('agent_licence_number'),
    agentEmail: text('agent_email'),
    agentPhone: text('agent_phone'),
    /** The state they look in (kind match), a two-letter code. */
    matchState: text('match_state'),
    partnerAgentId: uuid('partner_agent_id').references(() => partnerAgents.id, { onDelete: 'restrict' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    assignedBy: text('assigned_by'),
    /** When they asked to be matched (the queue's order); kept while the state stays the same. */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('buyer_agents_user_id_idx').on(t.userId),
    check('buyer_agents_kind_check', sql`${t.kind} in ('own', 'match')`),
    check(
      'buyer_agents_shape_check',
      sql`(${t.kind} = 'own' and ${t.agentName} is not null and ${t.matchState} is null and ${t.partnerAgentId} is null)
        or (${t.kind} = 'match' and ${t.matchState} is not null and ${t.requestedAt} is not null and ${t.agentName} is null)`,
    ),
    check('buyer_agents_assigned_check', sql`(${t.partnerAgentId} is null) = (${t.assignedAt} is null)`),
    // The staff queue: requests to be matched, waiting first, oldest first.
    index('buyer_agents_match_idx')
      .on(t.requestedAt)
      .where(sql`${t.kind} = 'match'`),
  ],
);
