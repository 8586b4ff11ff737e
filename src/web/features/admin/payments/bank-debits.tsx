import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatCents } from '../../../../domain/format';
import { STAFF_PAYMENT_VIEW_LABELS, STAFF_PAYMENT_VIEWS, type StaffPayment, type StaffPaymentView } from '../../../../domain/payments/staff';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { localDate } from '../../../lib/dates';
import { DataTable, type ColumnMeta } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { BankAccountsView, ExceptionsView, homeColumn, LedgerButton, useOpenLedger } from './bank-debit-lists';
import { RefundDialog, RetryDialog } from './bank-debit-dialogs';
import { debitsQuery } from './bank-debits-api';

/**
 * 'Bank debits' on /admin/payments (docs/decisions/038-staff-processor-payments.md): the debits the processor
 * collects, by state — processing, succeeded (refund through the processor), failed (retry), returned — the
 * processor's events about money we never moved, and each home's bank account (unlock a locked one).
 */

const TABS = [...STAFF_PAYMENT_VIEWS, 'exceptions', 'accounts'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Readonly<Record<Tab, string>> = { ...STAFF_PAYMENT_VIEW_LABELS, exceptions: 'Unknown events', accounts: 'Bank accounts' };

const STATE_AT: Readonly<Record<StaffPaymentView, string>> = { processing: 'Sent', succeeded: 'Succeeded', failed: 'Failed', returned: 'Returned' };

function refundsText(payment: StaffPayment): string | null {
  const done = payment.refunds.filter((r) => r.state === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0);
  const pending = payment.refunds.filter((r) => r.state === 'pending').reduce((sum, r) => sum + r.amountCents, 0);
  const failed = payment.refunds.filter((r) => r.state === 'failed').length;
  const parts = [done && `${formatCents(done)} refunded`, pending && `${formatCents(pending)} refund pending`, failed && `${failed} refund failed`].filter(
    Boolean,
  );
  return parts.length ? parts.join(', ') : null;
}

function debitColumns(view: StaffPaymentView, act: (payment: StaffPayment) => void, onLedger: (homeId: string) => void): ColumnDef<StaffPayment, unknown>[] {
  return [
    homeColumn<StaffPayment>(),
    {
      id: 'amount',
      header: 'Amount',
      meta: { align: 'right', className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => (
        <span className="flex flex-col items-end">
          <span className="tabular">{formatCents(row.original.amountCents)}</span>
          {refundsText(row.original) && <span className="text-xs text-muted-foreground">{refundsText(row.original)}</span>}
        </span>
      ),
    },
    { id: 'account', header: 'Account', meta: { className: 'whitespace-nowrap' } satisfies ColumnMeta, cell: ({ row }) => row.original.accountMasked },
    {
      id: 'dates',
      header: 'Dates',
      meta: { className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => (
        <span className="flex flex-col text-sm">
          <span>Started {localDate(row.original.scheduledAt)}</span>
          <span className="text-muted-foreground">
            {STATE_AT[view]} {localDate(row.original.stateAt)}
          </span>
        </span>
      ),
    },
    {
      id: 'reason',
      header: view === 'returned' ? 'Return code' : 'Reason',
      meta: { className: 'min-w-48' } satisfies ColumnMeta,
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <span>{row.original.reason ?? (row.original.retryOf ? 'A retry of a failed debit.' : '—')}</span>
          {row.original.sandbox && (
            <Badge variant="outline" className="w-fit">
              Sandbox
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: 'right' } satisfies ColumnMeta,
      cell: ({ row }) => {
        const payment = row.original;
        let action = null;
        if (view === 'failed') {
          action = payment.retriedBy ? (
            <span className="text-sm text-muted-foreground">Retried</span>
          ) : (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Retry the debit of ${formatCents(payment.amountCents)} for ${payment.address}`}
              onClick={() => act(payment)}
            >
              Retry…
            </Button>
          );
        } else if (view === 'succeeded' && payment.refundableCents > 0) {
          action = (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Refund the debit of ${formatCents(payment.amountCents)} for ${payment.address}`}
              onClick={() => act(payment)}
            >
              Refund…
            </Button>
          );
        }
        return (
          <span className="flex items-center justify-end gap-1">
            {action}
            <LedgerButton homeId={payment.homeId} address={payment.address} onOpen={onLedger} />
          </span>
        );
      },
    },
  ];
}

function DebitsView({ view }: { view: StaffPaymentView }) {
  const [page, setPage] = useState(1);
  const debits = useQuery(debitsQuery(view, page));
  const [acting, setActing] = useState<StaffPayment | null>(null);
  const openLedger = useOpenLedger();
  const rows = debits.data?.view === view ? debits.data.items : undefined;
  return (
    <div>
      <DataTable
        label={`${STAFF_PAYMENT_VIEW_LABELS[view]} bank debits`}
        columns={debitColumns(view, setActing, openLedger)}
        rows={rows}
        rowKey={(row) => row.id}
        isLoading={debits.isPending}
        isRefreshing={debits.isFetching && !debits.isPending}
        error={debits.isError ? 'Failed to load the bank debits' : undefined}
        onRetry={() => void debits.refetch()}
        emptyText={`No ${STAFF_PAYMENT_VIEW_LABELS[view].toLowerCase()} bank debits.`}
      />
      <ListPagination page={debits.isError ? undefined : debits.data} onPage={setPage} />
      {view === 'failed' && <RetryDialog payment={acting} onClose={() => setActing(null)} />}
      {view === 'succeeded' && <RefundDialog key={acting?.id ?? 'none'} payment={acting} onClose={() => setActing(null)} />}
    </div>
  );
}

export function BankDebits() {
  const [tab, setTab] = useState<Tab>('failed');
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <section aria-labelledby="bank-debits-title" className="flex flex-col gap-3">
      <h2 id="bank-debits-title" className="text-lg font-semibold">
        Bank debits
      </h2>
      <div role="tablist" aria-label="Bank debits" className="flex flex-wrap gap-1 border-b border-border" onKeyDown={onKey}>
        {TABS.map((id) => (
          <button
            key={id}
            ref={(node) => {
              tabRefs.current[id] = node;
            }}
            type="button"
            role="tab"
            id={`bank-debits-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="bank-debits-panel"
            tabIndex={tab === id ? 0 : -1}
            className={`-mb-px min-h-10 border-b-2 px-3 text-sm font-medium ${tab === id ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground'}`}
            onClick={() => setTab(id)}
          >
            {TAB_LABELS[id]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="bank-debits-panel" aria-labelledby={`bank-debits-tab-${tab}`}>
        {tab === 'exceptions' ? <ExceptionsView /> : tab === 'accounts' ? <BankAccountsView /> : <DebitsView key={tab} view={tab} />}
      </div>
    </section>
  );
}
