import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentChoiceForm } from '../../../domain/agents';
import { agentsApi } from '../../../domain/api/agents';
import { callApi } from '../../lib/call-api';

/** The buyer's agent (src/domain/api/agents.ts): their own, or the partner agent we match them with. */
export const myAgentQuery = queryOptions({
  queryKey: ['me', 'agent'] as const,
  queryFn: ({ signal }) => callApi(agentsApi.mine, {}, { signal }),
  staleTime: 0,
});

/** PUT /api/me/agent: the form's fields as typed (the server validates them with the same schema); the card shows what was saved. */
export function useChooseAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: AgentChoiceForm) => callApi(agentsApi.choose, { body: form }),
    onSuccess: (saved) => client.setQueryData(myAgentQuery.queryKey, saved),
  });
}
