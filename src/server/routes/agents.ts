import { agentsApi } from '../../domain/api/agents';
import { chooseAgent, myAgent } from '../modules/agents';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import { apiRouter, route } from '../platform/http/route';

/** The signed-in buyer's own agent choice (src/domain/api/agents.ts): resolved from the session, never from an id. */
export function agentRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, agentsApi.mine, (c) => myAgent(c.var.deps.db, c.var.user.id));
  route(router, agentsApi.choose, (c, { body }) => chooseAgent(c.var.deps.db, actorOf(c), c.var.user.id, body));
  return router;
}
