import { agentChoiceSchema, myAgentSchema } from '../agents';
import { defineRoute } from './route';

/**
 * `/api/me/agent`: the signed-in buyer's agent (docs/product/back-office.md#partner-agents). The
 * choice is always the session's own, never one named in the URL.
 */
export const agentsApi = {
  mine: defineRoute({
    method: 'get',
    path: '/api/me/agent',
    access: 'user',
    summary: "Whether the signed-in user's application is approved (only then can they choose), and their agent choice with the partner agent assigned, if any",
    responses: { 200: { description: 'The agent choice', schema: myAgentSchema } },
  }),
  choose: defineRoute({
    method: 'put',
    path: '/api/me/agent',
    access: 'user',
    codes: ['not_approved'],
    summary:
      "Sets the buyer's one agent choice: their own agent (name, and an e-mail or phone) or a request to be matched in a state. Only with an approved application (409). Changing it drops an assigned partner agent unless the same state is asked again. Audited",
    body: agentChoiceSchema,
    responses: { 200: { description: 'The agent choice as saved', schema: myAgentSchema } },
    errors: [409],
  }),
};
