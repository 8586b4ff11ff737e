import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PartnerAgentForm } from '../../../../domain/agents';
import { matchRequestListSchema } from '../../../../domain/agents';
import { adminAgentsApi } from '../../../../domain/api/admin-agents';
import { queryStringOf } from '../../../../domain/api/route';
import { callApi } from '../../../lib/call-api';
import { queryClient } from '../../../lib/query-client';
import { refreshAdminList, useAdminList } from '../lib/use-admin-list';
import { changedListParams } from '../lib/list-params';
import { AGENT_TEXTS } from './agent-texts';

/** GET /api/admin/agents with the page's state in the URL (docs/product/back-office.md#partner-agents). */
export const useAgentsList = () => useAdminList({ list: adminAgentsApi.list, export: adminAgentsApi.export, loadFailed: AGENT_TEXTS.loadFailed });

/** Every cached page of the agents and of the requests: an agent's change shows in both. */
const refreshAgents = () => Promise.all([refreshAdminList(adminAgentsApi.list), queryClient.invalidateQueries({ queryKey: REQUESTS_KEY })]);

export function useAddAgent() {
  return useMutation({
    mutationFn: (form: PartnerAgentForm) => callApi(adminAgentsApi.add, { body: form }),
    onSuccess: () => refreshAgents(),
  });
}

export function useUpdateAgent() {
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: PartnerAgentForm }) => callApi(adminAgentsApi.update, { params: { id }, body: form }),
    onSuccess: () => refreshAgents(),
  });
}

export function useSetAgentActive() {
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => callApi(adminAgentsApi.setActive, { params: { id }, body: { active } }),
    onSuccess: () => refreshAgents(),
  });
}

// ---- The buyers asking to be matched: a section of the page, its state kept in the section (the URL holds the agents'). ----

const REQUESTS_KEY = ['admin', 'agent-requests'] as const;
export type MatchRequestParams = z.output<typeof matchRequestListSchema>;

export function useMatchRequests(params: MatchRequestParams) {
  const query = changedListParams(matchRequestListSchema, params);
  return useQuery(
    queryOptions({
      queryKey: [...REQUESTS_KEY, queryStringOf(query)],
      queryFn: ({ signal }) => callApi(adminAgentsApi.requests, { query }, { signal }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** The active agents serving `state`, for the Assign dialog's choice (the first 100, by name). */
export const useAgentsServing = (state: string | undefined) =>
  useQuery({
    queryKey: ['admin', 'agents', 'serving', state],
    queryFn: ({ signal }) => callApi(adminAgentsApi.list, { query: { state, status: 'active', pageSize: 100, sort: 'name', dir: 'asc' } }, { signal }),
    enabled: Boolean(state),
    staleTime: 0,
  });

export function useAssignAgent() {
  return useMutation({
    mutationFn: ({ id, agentId }: { id: string; agentId: string }) => callApi(adminAgentsApi.assign, { params: { id }, body: { agentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
  });
}
