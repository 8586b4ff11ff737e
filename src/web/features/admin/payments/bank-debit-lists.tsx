import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCents } from '../../../../domain/format';
import {
  STAFF_ACCOUNT_STATE_LABELS,
  STAFF_ACCOUNT_STATES,
  STAFF_VERIFICATION_LABELS,
  type StaffAccount,
  type StaffAccountState,
  type StaffException,
} from '../../../../domain/payments/staff';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/load-error';
import { localDate, localDateTime } from '../../../lib/dates';
import { DataTable, type ColumnMeta } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { ListToolbar, SelectFilter } from '../components/list-toolbar';
import { UnlockDialog } from './bank-debit-dialogs';
import { accountsQuery, exceptionsQuery } from './bank-debits-api';

/**
 * Two views of 'Bank debits' on /admin/payments (docs/decisions/038-staff-processor-payments.md): the processor's
 * events about a debit or a refund we never made (kept, never applied) or still waiting to apply, and each home's
 * bank account state.
 */

/** The 'Home' column of the bank debits' tables: the address, and the homeowner under it. */
export function homeColumn<T extends { address: string; homeownerName: string }>(): ColumnDef<T, unknown> {
  return {
    id: 'home',
    header: 'Home',
    meta: { className: 'min-w-48' } satisfies ColumnMeta,
    cell: ({ row }) => (
      <span className="flex flex-col">
        <span className="font-medium [overflow-wrap:anywhere]">{row.original.address}</span>
        <span className="text-muted-foreground">{row.original.homeownerName}</span>
      </span>
    ),
  };
}

function ExceptionItem({ event }: { event: StaffException }) {
  return (
    <li className="flex flex-col gap-1 border-b border-border py-3 text-sm last:border-b-0 [overflow-wrap:anywhere]">
      <p>
        <span className="font-semibold">{event.type}</span>
        {event.amountCents !== null && <span className="tabular"> · {formatCents(event.amountCents)}</span>} ·{' '}
        <time dateTime={event.receivedAt}>received {localDateTime(event.receivedAt)}</time>
      </p>
      <p className="text-muted-foreground">
        {event.detail} {event.providerPaymentId && <>Debit {event.providerPaymentId}. </>}
        {event.providerRefundId && <>Refund {event.providerRefundId}. </>}Event {event.id}.
      </p>
    </li>
  );
}

/** A list rather than a table: nothing in it to act on, and it reads on a phone without scrolling sideways. */
export function ExceptionsView() {
  const [page, setPage] = useState(1);
  const events = useQuery(exceptionsQuery(page));
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        Events the processor sent about a debit or a refund we never made. They are kept and change nothing: check them with the processor. Events still waiting
        to apply a few minutes after they came are listed here too.
      </p>
      {events.isError ? (
        <LoadError layout="inline" message="Failed to load the unknown events" onRetry={() => void events.refetch()} />
      ) : !events.data ? (
        <p className="text-sm">Loading...</p>
      ) : events.data.items.length === 0 ? (
        <p className="text-sm">No unknown events: every event was about a debit or refund of ours.</p>
      ) : (
        <Card className="px-4 py-1">
          <ul aria-label="Unknown processor events, newest first">
            {events.data.items.map((event) => (
              <ExceptionItem key={event.id} event={event} />
            ))}
          </ul>
        </Card>
      )}
      <ListPagination page={events.isError ? undefined : events.data} onPage={setPage} />
    </div>
  );
}

/** Opens a home's ledger on /admin/payments (its `ledger` parameter, as the page's own buttons do). */
export function useOpenLedger() {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (homeId: string) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set('ledger', homeId);
        return next;
      }),
    [setSearchParams],
  );
}

/** The ledger of the row's home. */
export function LedgerButton({ homeId, address, onOpen }: { homeId: string; address: string; onOpen: (homeId: string) => void }) {
  return (
    <Button size="sm" variant="ghost" data-ledger-trigger={homeId} aria-label={`Open the ledger of ${address}`} onClick={() => onOpen(homeId)}>
      Ledger
    </Button>
  );
}

const STATE_OPTIONS = [
  { value: 'all', label: 'All States' },
  ...STAFF_ACCOUNT_STATES.map((state) => ({ value: state, label: STAFF_ACCOUNT_STATE_LABELS[state] })),
];

function accountColumns(onUnlock: (account: StaffAccount) => void, onLedger: (homeId: string) => void): ColumnDef<StaffAccount, unknown>[] {
  return [
    homeColumn<StaffAccount>(),
    {
      id: 'account',
      header: 'Account',
      meta: { className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => (row.original.accountMasked ? `${row.original.accountMasked} (${row.original.accountType})` : '—'),
    },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => (
        <Badge variant={row.original.state === 'locked' ? 'destructive' : row.original.state === 'verified' ? 'default' : 'secondary'}>
          {STAFF_ACCOUNT_STATE_LABELS[row.original.state]}
        </Badge>
      ),
    },
    {
      id: 'verification',
      header: 'Verification',
      meta: { className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => (row.original.verification ? STAFF_VERIFICATION_LABELS[row.original.verification] : '—'),
    },
    {
      id: 'dates',
      header: 'Dates',
      meta: { className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => (
        <span className="flex flex-col text-sm">
          {row.original.addedAt && <span>Added {localDate(row.original.addedAt)}</span>}
          {row.original.verifiedAt && <span className="text-muted-foreground">Verified {localDate(row.original.verifiedAt)}</span>}
        </span>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: 'right' } satisfies ColumnMeta,
      cell: ({ row }) => (
        <span className="flex justify-end gap-1">
          {row.original.state === 'locked' && (
            <Button size="sm" variant="outline" aria-label={`Unlock the bank account of ${row.original.address}`} onClick={() => onUnlock(row.original)}>
              Unlock…
            </Button>
          )}
          <LedgerButton homeId={row.original.homeId} address={row.original.address} onOpen={onLedger} />
        </span>
      ),
    },
  ];
}

export function BankAccountsView() {
  const [state, setState] = useState<StaffAccountState | 'all'>('all');
  const [page, setPage] = useState(1);
  const accounts = useQuery(accountsQuery(state, page));
  const [unlocking, setUnlocking] = useState<StaffAccount | null>(null);
  const openLedger = useOpenLedger();
  return (
    <div className="flex flex-col gap-2">
      <ListToolbar>
        <SelectFilter
          label="Account state"
          value={state}
          options={STATE_OPTIONS}
          onChange={(value) => {
            setState(value as StaffAccountState | 'all');
            setPage(1);
          }}
        />
      </ListToolbar>
      <DataTable
        label="Bank accounts of the homes"
        columns={accountColumns(setUnlocking, openLedger)}
        rows={accounts.data?.items}
        rowKey={(row) => row.homeId}
        isLoading={accounts.isPending}
        isRefreshing={accounts.isFetching && !accounts.isPending}
        error={accounts.isError ? 'Failed to load the bank accounts' : undefined}
        onRetry={() => void accounts.refetch()}
        emptyText="No homes with an account in this state."
      />
      <ListPagination page={accounts.isError ? undefined : accounts.data} onPage={setPage} />
      <UnlockDialog account={unlocking} onClose={() => setUnlocking(null)} />
    </div>
  );
}
