import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Power, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  AGENT_STATE_CODES,
  agentStateName,
  MATCH_REQUEST_FILTERS,
  matchRequestListSchema,
  type MatchRequest,
  type PartnerAgent,
} from '../../../../domain/agents';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { failureText } from '../../../lib/form-errors';
import { localDate } from '../../../lib/dates';
import { notify } from '../../../lib/toast';
import { AdminPageHeader } from '../components/admin-page-header';
import { DataTable, type ColumnMeta } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { ExportButton, ListToolbar, SearchBox, SelectFilter } from '../components/list-toolbar';
import { AgentDialog } from './agent-dialog';
import { AGENT_TEXTS } from './agent-texts';
import { useAgentsList, useMatchRequests, useSetAgentActive, type MatchRequestParams } from './agents-api';
import { AssignDialog } from './assign-dialog';

const STATE_OPTIONS = [{ value: '', label: 'All States' }, ...AGENT_STATE_CODES.map((code) => ({ value: code, label: `${agentStateName(code)} (${code})` }))];
const STATUS_OPTIONS = [
  { value: 'all', label: 'Active and inactive' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const REQUEST_STATUS_LABELS: Record<(typeof MATCH_REQUEST_FILTERS)[number], string> = {
  waiting: 'Waiting for an agent',
  assigned: 'Assigned',
  all: 'All requests',
};

function ActiveButton({ agent }: { agent: PartnerAgent }) {
  const setActive = useSetAgentActive();
  const toggle = () =>
    setActive.mutate(
      { id: agent.id, active: !agent.active },
      {
        onSuccess: () => notify.success(agent.active ? AGENT_TEXTS.deactivated : AGENT_TEXTS.reactivated),
        onError: (error) => notify.error('Error', failureText(error, AGENT_TEXTS.activeFailed)),
      },
    );
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={setActive.isPending}
      aria-label={`${agent.active ? 'Deactivate' : 'Reactivate'} ${agent.name}`}
      onClick={toggle}
    >
      <Power aria-hidden="true" />
      {agent.active ? 'Deactivate' : 'Reactivate'}
    </Button>
  );
}

/** The buyers asking to be matched, waiting ones first (docs/product/back-office.md#partner-agents). */
function MatchRequestsSection() {
  const [params, setParams] = useState<MatchRequestParams>(() => matchRequestListSchema.parse({}));
  const [assigning, setAssigning] = useState<MatchRequest | null>(null);
  const query = useMatchRequests(params);
  const update = (patch: Partial<MatchRequestParams>) => setParams((current) => ({ ...current, page: 1, ...patch }));

  const columns = useMemo<ColumnDef<MatchRequest, unknown>[]>(
    () => [
      {
        id: 'requestedAt',
        header: 'Asked',
        cell: ({ row }) => <span className="whitespace-nowrap tabular">{localDate(row.original.requestedAt)}</span>,
        meta: { sortKey: 'requested_at' } satisfies ColumnMeta,
      },
      {
        id: 'buyer',
        header: 'Buyer',
        cell: ({ row }) => (
          <div className="min-w-40">
            <p className="font-medium">{row.original.buyerName}</p>
            <p className="break-all text-muted-foreground">{row.original.buyerEmail}</p>
          </div>
        ),
        meta: { sortKey: 'name' } satisfies ColumnMeta,
      },
      { id: 'state', header: 'Looking in', cell: ({ row }) => agentStateName(row.original.state), meta: { sortKey: 'state' } satisfies ColumnMeta },
      {
        id: 'agent',
        header: 'Agent',
        cell: ({ row }) => (row.original.agent ? row.original.agent.name : <Badge variant="outline">Waiting</Badge>),
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="flex justify-end">
            <Button variant="outline" size="sm" aria-label={`Assign an agent to ${row.original.buyerName}`} onClick={() => setAssigning(row.original)}>
              <UserPlus aria-hidden="true" />
              {row.original.agent ? 'Reassign' : 'Assign'}
            </Button>
          </div>
        ),
        meta: { align: 'right' } satisfies ColumnMeta,
      },
    ],
    [],
  );

  return (
    <section aria-labelledby="match-requests-title" className="flex flex-col gap-3">
      <div>
        <h2 id="match-requests-title" className="text-xl font-semibold">
          Buyers asking for an agent
        </h2>
        <p className="text-sm text-muted-foreground">Approved buyers who asked us to match them with a partner agent in the state they are looking in.</p>
      </div>
      <ListToolbar>
        <SearchBox value={params.q} onSearch={(q) => update({ q })} placeholder="Search by name, email or ID" label="Search buyers asking for an agent" />
        <SelectFilter
          label="Requests"
          value={params.status}
          onChange={(status) => update({ status: status as MatchRequestParams['status'] })}
          options={MATCH_REQUEST_FILTERS.map((value) => ({ value, label: REQUEST_STATUS_LABELS[value] }))}
        />
      </ListToolbar>
      <DataTable
        label="Buyers asking for an agent"
        columns={columns}
        rows={query.data?.items}
        rowKey={(request) => request.id}
        sort={{ sort: params.sort, dir: params.dir }}
        onSort={({ sort, dir }) => update({ sort: sort as MatchRequestParams['sort'], dir })}
        isLoading={query.isLoading}
        isRefreshing={query.isFetching && !query.isLoading}
        error={query.isError ? AGENT_TEXTS.requestsLoadFailed : undefined}
        onRetry={() => void query.refetch()}
        emptyText={params.q || params.status !== 'waiting' ? 'No requests match these filters' : AGENT_TEXTS.requestsEmpty}
      />
      <ListPagination page={query.isError ? undefined : query.data} onPage={(page) => setParams((current) => ({ ...current, page }))} />
      <AssignDialog request={assigning} onClose={() => setAssigning(null)} />
    </section>
  );
}

/** /admin/agents (docs/product/back-office.md#partner-agents): partner agents by state, and the buyers asking to be matched. */
export default function AgentsPage() {
  const { params, update, query, exportHref } = useAgentsList();
  const [editing, setEditing] = useState<{ agent?: PartnerAgent } | null>(null);

  const columns = useMemo<ColumnDef<PartnerAgent, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <div className="min-w-40">
            <p className="font-medium">{row.original.name}</p>
            <p className="text-muted-foreground">Licence {row.original.licenceNumber}</p>
          </div>
        ),
        meta: { sortKey: 'name' } satisfies ColumnMeta,
      },
      {
        id: 'brokerage',
        header: 'Brokerage',
        cell: ({ row }) => row.original.brokerage,
        meta: { sortKey: 'brokerage', className: 'min-w-36' } satisfies ColumnMeta,
      },
      {
        id: 'contact',
        header: 'Contact',
        cell: ({ row }) => (
          <div className="min-w-48">
            <p className="break-all">{row.original.email}</p>
            <p className="text-muted-foreground">{row.original.phone}</p>
          </div>
        ),
      },
      {
        id: 'states',
        header: 'States',
        cell: ({ row }) => <span title={row.original.states.map(agentStateName).join(', ')}>{row.original.states.join(', ')}</span>,
      },
      {
        id: 'active',
        header: 'Status',
        cell: ({ row }) => <Badge variant={row.original.active ? 'default' : 'outline'}>{row.original.active ? 'Active' : 'Inactive'}</Badge>,
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" aria-label={`Edit ${row.original.name}`} onClick={() => setEditing({ agent: row.original })}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <ActiveButton agent={row.original} />
          </div>
        ),
        meta: { align: 'right' } satisfies ColumnMeta,
      },
    ],
    [],
  );

  const filtered = Boolean(params.q || params.state || params.status !== 'all');
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-6">
        <AdminPageHeader
          title="Agents"
          description="Our partner agents by the states they serve, and the buyers asking to be matched with one."
          actions={
            <Button onClick={() => setEditing({})}>
              <UserPlus aria-hidden="true" />
              Add agent
            </Button>
          }
        />
        <ListToolbar>
          <SearchBox
            value={params.q}
            onSearch={(q) => update({ q }, { replace: true })}
            placeholder="Search by name, email or ID"
            label="Search partner agents"
          />
          <SelectFilter label="State served" value={params.state} onChange={(state) => update({ state })} options={STATE_OPTIONS} />
          <SelectFilter label="Status" value={params.status} onChange={(status) => update({ status })} options={STATUS_OPTIONS} />
          <ExportButton href={exportHref} />
        </ListToolbar>
        <section aria-label="Partner agents" className="flex flex-col gap-3">
          <DataTable
            label="Partner agents"
            columns={columns}
            rows={query.data?.items}
            rowKey={(agent) => agent.id}
            sort={{ sort: params.sort, dir: params.dir }}
            onSort={({ sort, dir }) => update({ sort, dir })}
            isLoading={query.isLoading}
            isRefreshing={query.isFetching && !query.isLoading}
            error={query.isError ? AGENT_TEXTS.loadFailed : undefined}
            onRetry={() => void query.refetch()}
            emptyText={filtered ? 'No partner agents match these filters' : AGENT_TEXTS.empty}
          />
          <ListPagination page={query.isError ? undefined : query.data} onPage={(n) => update({ page: n })} />
        </section>
      </div>
      <MatchRequestsSection />
      <AgentDialog open={editing !== null} agent={editing?.agent} onOpenChange={(open) => !open && setEditing(null)} />
    </div>
  );
}
