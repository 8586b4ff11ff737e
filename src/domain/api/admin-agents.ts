import {
  assignAgentSchema,
  matchRequestItemSchema,
  matchRequestListSchema,
  partnerAgentActiveSchema,
  partnerAgentItemSchema,
  partnerAgentListSchema,
  partnerAgentSchema,
} from '../agents';
import { pageSchema } from '../admin/lists';
import { defineRoute, idParamsSchema } from './route';

/** `/api/admin/agents` and `/api/admin/agent-requests`: partner agents by state, and the buyers asking to be matched (docs/product/back-office.md#partner-agents). */
export const adminAgentsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/agents',
    access: 'admin',
    summary: 'One page of partner agents: search by name, brokerage, e-mail or ID, filter by a state served and by active, sort',
    query: partnerAgentListSchema,
    responses: { 200: { description: 'A page of partner agents', schema: pageSchema(partnerAgentItemSchema) } },
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/admin/agents/export',
    access: 'admin',
    summary: 'CSV of the filtered partner agents (streamed; audited)',
    query: partnerAgentListSchema,
    responses: { 200: { description: 'The CSV of every partner agent matching the filter', contentType: 'text/csv' } },
  }),
  add: defineRoute({
    method: 'post',
    path: '/api/admin/agents',
    access: 'admin',
    summary: 'Adds a partner agent: name, brokerage, licence number, e-mail, phone and the states served (two-letter codes, DC included). Audited',
    body: partnerAgentSchema,
    responses: { 201: { description: 'The agent as saved', schema: partnerAgentItemSchema } },
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/admin/agents/{id}',
    access: 'admin',
    summary: 'Edits a partner agent: every field of Add, validated alike (400 with a message per field); the changed fields audited',
    params: idParamsSchema,
    body: partnerAgentSchema,
    responses: { 200: { description: 'The agent as saved', schema: partnerAgentItemSchema } },
  }),
  setActive: defineRoute({
    method: 'patch',
    path: '/api/admin/agents/{id}/active',
    access: 'admin',
    summary: 'Deactivates or reactivates a partner agent (an inactive one is not assigned; buyers already assigned keep them). Audited',
    params: idParamsSchema,
    body: partnerAgentActiveSchema,
    responses: { 200: { description: 'The agent as saved', schema: partnerAgentItemSchema } },
  }),
  requests: defineRoute({
    method: 'get',
    path: '/api/admin/agent-requests',
    access: 'admin',
    summary: 'One page of the buyers asking to be matched with a partner agent: waiting (default), assigned or all, oldest first; search by name, e-mail or ID',
    query: matchRequestListSchema,
    responses: { 200: { description: 'A page of requests', schema: pageSchema(matchRequestItemSchema) } },
  }),
  requestsExport: defineRoute({
    method: 'get',
    path: '/api/admin/agent-requests/export',
    access: 'admin',
    summary: 'CSV of the filtered requests to be matched (streamed; audited)',
    query: matchRequestListSchema,
    responses: { 200: { description: 'The CSV of every request matching the filter', contentType: 'text/csv' } },
  }),
  assign: defineRoute({
    method: 'post',
    path: '/api/admin/agent-requests/{id}/assign',
    access: 'admin',
    codes: ['agent_inactive', 'agent_not_serving', 'not_matching', 'not_approved'],
    summary:
      "Assigns a partner agent to a buyer's request: an active agent who serves the request's state (409 with the reason under `agentId`), the buyer's application still approved and the request still open to matching (409). Audited; the buyer is e-mailed",
    params: idParamsSchema,
    body: assignAgentSchema,
    responses: { 200: { description: 'The request as saved', schema: matchRequestItemSchema } },
    errors: [409],
  }),
};
