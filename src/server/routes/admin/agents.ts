import { agentStateName, type MatchRequest, type PartnerAgent } from '../../../domain/agents';
import { adminAgentsApi } from '../../../domain/api/admin-agents';
import {
  addPartnerAgent,
  assignAgent,
  listMatchRequests,
  listPartnerAgents,
  matchRequestRows,
  partnerAgentRows,
  setPartnerAgentActive,
  updatePartnerAgent,
} from '../../modules/agents';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { auditedCsvExport, type CsvColumn } from '../../platform/lists/csv';
import { apiRouter, route } from '../../platform/http/route';

const AGENT_COLUMNS: readonly CsvColumn<PartnerAgent>[] = [
  { header: 'ID', value: (a) => a.id },
  { header: 'Name', value: (a) => a.name },
  { header: 'Brokerage', value: (a) => a.brokerage },
  { header: 'Licence Number', value: (a) => a.licenceNumber },
  { header: 'Email', value: (a) => a.email },
  { header: 'Phone', value: (a) => a.phone },
  { header: 'States', value: (a) => a.states.join(' ') },
  { header: 'Active', value: (a) => (a.active ? 'yes' : 'no') },
  { header: 'Added', value: (a) => a.createdAt },
];

const REQUEST_COLUMNS: readonly CsvColumn<MatchRequest>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Buyer', value: (r) => r.buyerName },
  { header: 'Email', value: (r) => r.buyerEmail },
  { header: 'State', value: (r) => r.state },
  { header: 'State Name', value: (r) => agentStateName(r.state) },
  { header: 'Requested', value: (r) => r.requestedAt },
  { header: 'Agent', value: (r) => r.agent?.name ?? '' },
  { header: 'Assigned', value: (r) => r.assignedAt ?? '' },
];

/** `/api/admin/agents` and `/api/admin/agent-requests` (src/domain/api/admin-agents.ts), behind the admin guard. */
export function adminAgentsRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, adminAgentsApi.list, (c, { query }) => listPartnerAgents(c.var.deps.db, query));
  route(router, adminAgentsApi.export, (c, { query }) => {
    const { page: _page, pageSize: _pageSize, ...filter } = query;
    return auditedCsvExport(c.var.deps.db, actorOf(c), {
      list: 'partner-agents',
      entityType: 'partner_agents',
      filter,
      columns: AGENT_COLUMNS,
      rows: partnerAgentRows({ ...filter, page: 1, pageSize: 1 }),
    });
  });
  route(router, adminAgentsApi.add, (c, { body }) => addPartnerAgent(c.var.deps.db, actorOf(c), body));
  route(router, adminAgentsApi.update, (c, { params, body }) => updatePartnerAgent(c.var.deps.db, actorOf(c), params.id, body));
  route(router, adminAgentsApi.setActive, (c, { params, body }) => setPartnerAgentActive(c.var.deps.db, actorOf(c), params.id, body.active));
  route(router, adminAgentsApi.requests, (c, { query }) => listMatchRequests(c.var.deps.db, query));
  route(router, adminAgentsApi.requestsExport, (c, { query }) => {
    const { page: _page, pageSize: _pageSize, ...filter } = query;
    return auditedCsvExport(c.var.deps.db, actorOf(c), {
      list: 'agent-requests',
      entityType: 'agent_choices',
      filter,
      columns: REQUEST_COLUMNS,
      rows: matchRequestRows({ ...filter, page: 1, pageSize: 1 }),
    });
  });
  route(router, adminAgentsApi.assign, (c, { params, body }) => assignAgent(c.var.deps, actorOf(c), params.id, body.agentId));
  return router;
}
