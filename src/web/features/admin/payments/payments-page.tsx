import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ShieldCheck, Upload } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_SETTINGS } from '../../../../domain/admin/settings';
import { applicantName } from '../../../../domain/admin/applications';
import { formatCents, formatNumber } from '../../../../domain/format';
import { ledgerToday } from '../../../../domain/homes/dates';
import { monthLabel, PAYMENT_STATE_LABELS, PAYMENT_STATES, type PaymentsListItem, type PaymentsTotals } from '../../../../domain/homes/admin-payments';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { calendarDate } from '../../../lib/dates';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { AdminPageHeader } from '../components/admin-page-header';
import { DataTable, type ColumnMeta } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { ExportButton, ListToolbar, SearchBox, SelectFilter } from '../components/list-toolbar';
import { BankDebits } from './bank-debits';
import { BankDebitsPanel } from '../autopay/bank-debits-panel';
import { FeeWaiverRequests } from './fee-waivers';
import { ImportDialog } from './import-dialog';
import { ReturnsDialog } from './returns-dialog';
import { LedgerPanel, PaymentStateBadge, verifyText } from './ledger-panel';
import { ledgerQuery, usePaymentsList, useVerifyAll } from './payments-api';

/**
 * /admin/payments (docs/product/back-office.md#payments): a month's figures from the
 * ledger — due, paid, received, overdue, still due; the credit paying each home's oldest
 * charge first — the homes behind them, paged and filtered on the server, a home's ledger
 * with Record payment / Refund / Reverse, Import bank CSV, Export CSV and Verify ledgers.
 */

const STATE_OPTIONS = [{ value: 'all', label: 'All States' }, ...PAYMENT_STATES.map((state) => ({ value: state, label: PAYMENT_STATE_LABELS[state] }))];

function columns(onOpen: (id: string) => void): ColumnDef<PaymentsListItem, unknown>[] {
  return [
    {
      id: 'homeowner',
      header: 'Homeowner',
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium">{applicantName(row.original)}</span>
          <span className="break-all text-muted-foreground">{row.original.email}</span>
        </span>
      ),
    },
    { id: 'address', header: 'Address', meta: { className: 'min-w-48' } satisfies ColumnMeta, cell: ({ row }) => row.original.address },
    {
      id: 'dueOn',
      header: 'Due',
      meta: { className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => <time dateTime={row.original.dueOn}>{calendarDate(row.original.dueOn)}</time>,
    },
    {
      id: 'amount',
      header: 'Amount',
      meta: { align: 'right', className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => <span className="tabular">{formatCents(row.original.amountCents)}</span>,
    },
    {
      id: 'paid',
      header: 'Paid',
      meta: { align: 'right', className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => <span className="tabular">{formatCents(row.original.paidCents)}</span>,
    },
    { id: 'state', header: 'State', cell: ({ row }) => <PaymentStateBadge state={row.original.state} /> },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: 'right' } satisfies ColumnMeta,
      cell: ({ row }) => (
        <Button
          variant="outline"
          size="sm"
          data-ledger-trigger={row.original.homeId}
          aria-label={`Open the ledger of ${row.original.address}`}
          onClick={() => onOpen(row.original.homeId)}
        >
          Ledger
        </Button>
      ),
    },
  ];
}

function Figures({ totals, graceDays, onShow }: { totals: PaymentsTotals | undefined; graceDays: number; onShow: (state: string) => void }) {
  const headingId = useId();
  const homes = (n: number) => `${formatNumber(n)} ${n === 1 ? 'home' : 'homes'}`;
  const figures = totals
    ? [
        { label: 'Due', value: formatCents(totals.dueCents), note: homes(totals.dueHomes), state: 'all' },
        { label: 'Paid', value: formatCents(totals.paidCents), note: `${homes(totals.paidHomes)} paid in full`, state: 'paid' },
        {
          label: 'Received',
          value: formatCents(totals.receivedCents),
          note: `${formatNumber(totals.receivedPayments)} ${totals.receivedPayments === 1 ? 'payment' : 'payments'}`,
          state: null,
        },
        { label: 'Overdue', value: formatCents(totals.overdueCents), note: homes(totals.overdueHomes), state: 'overdue' },
        { label: 'Still due', value: formatCents(totals.openCents), note: `${homes(totals.openHomes)} within ${graceDays} days`, state: 'due' },
      ]
    : [];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        The month's figures
      </h2>
      {totals ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {figures.map((figure) => (
            <li key={figure.label}>
              <Card className="h-full" data-testid={`figure-${figure.label.toLowerCase().replace(' ', '-')}`}>
                <CardHeader className="pb-1">
                  <CardTitle className="text-sm font-medium text-muted-foreground">{figure.label}</CardTitle>
                </CardHeader>
                <CardContent className="flex flex-col gap-1">
                  <p className="text-2xl font-bold tabular">{figure.value}</p>
                  <p className="text-sm text-muted-foreground">{figure.note}</p>
                  {figure.state && (
                    <Button variant="link" size="sm" className="self-start" onClick={() => onShow(figure.state!)}>
                      Show{' '}
                      {figure.state === 'all' ? 'all homes' : `${PAYMENT_STATE_LABELS[figure.state as keyof typeof PAYMENT_STATE_LABELS].toLowerCase()} homes`}
                      <span className="sr-only"> ({figure.label})</span>
                    </Button>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading...
        </p>
      )}
    </section>
  );
}

function LedgerDialog({ homeId, onClose }: { homeId: string | null; onClose: () => void }) {
  const ledger = useQuery(ledgerQuery(homeId));
  const lastId = useRef(homeId);
  if (homeId) lastId.current = homeId;
  return (
    <Dialog open={Boolean(homeId)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-4xl"
        onCloseAutoFocus={(event) => {
          const trigger = document.querySelector<HTMLElement>(`[data-ledger-trigger="${lastId.current}"]`);
          if (!trigger) return;
          event.preventDefault();
          trigger.focus();
        }}
      >
        <DialogTitle>{ledger.data ? `Ledger: ${ledger.data.address}` : 'Ledger'}</DialogTitle>
        <DialogDescription>{ledger.data ? ledger.data.homeownerName : "A home's entries, oldest first"}</DialogDescription>
        <div className="mt-5">{homeId && <LedgerPanel homeId={homeId} />}</div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The open ledger lives in the URL (`/admin/payments?ledger=<home id>`): a reload keeps it, a
 * link opens it, the back button closes it. The list's own parameters are left alone.
 */
function useLedgerParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = searchParams.get('ledger') || null;
  const change = useCallback(
    (homeId: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (homeId) next.set('ledger', homeId);
          else next.delete('ledger');
          return next;
        },
        { replace: !homeId },
      ),
    [setSearchParams],
  );
  const open = useCallback((homeId: string) => change(homeId), [change]);
  const close = useCallback(() => change(null), [change]);
  return { id, open, close };
}

export default function PaymentsPage() {
  const { params, update, query: list, exportHref } = usePaymentsList();
  const ledger = useLedgerParam();
  const [importing, setImporting] = useState(false);
  const [returning, setReturning] = useState(false);
  const verify = useVerifyAll();
  const monthId = useId();
  const tableColumns = useMemo(() => columns(ledger.open), [ledger.open]);
  const month = params.month ?? list.data?.month ?? ledgerToday().slice(0, 7);
  const filtered = Boolean(params.q || params.state !== 'all');

  const runVerify = async () => {
    try {
      await verify.mutateAsync();
    } catch (error) {
      notify.error('Error', failureText(error, 'Failed to verify the ledgers'));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Payments"
        description="What each month bills and what came in, from the homes' ledgers: each home's payments pay its oldest charge first."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" className="min-h-10" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" />
              Import bank CSV
            </Button>
            <Button variant="outline" size="sm" className="min-h-10" onClick={() => setReturning(true)}>
              <Upload aria-hidden="true" />
              Bank returns
            </Button>
            <Button variant="outline" size="sm" className="min-h-10" onClick={() => void runVerify()} disabled={verify.isPending}>
              <ShieldCheck aria-hidden="true" />
              {verify.isPending ? 'Verifying...' : 'Verify ledgers'}
            </Button>
          </div>
        }
      />
      <div aria-live="polite">
        {verify.data && (
          <Alert variant={verify.data.ok ? 'success' : 'destructive'}>
            <p>{verifyText(verify.data)}</p>
            {verify.data.broken.length > 0 && (
              <ul className="mt-2 flex flex-col gap-1">
                {verify.data.broken.map((broken) => (
                  <li key={broken.homeId}>
                    {broken.address}: {broken.message}{' '}
                    <Button variant="link" size="sm" data-ledger-trigger={broken.homeId} onClick={() => ledger.open(broken.homeId)}>
                      Open the ledger<span className="sr-only"> of {broken.address}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {verify.data.checkpointProblems.length > 0 && (
              <ul className="mt-2 flex flex-col gap-1" aria-label="Signed checkpoints">
                {verify.data.checkpointProblems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
      </div>

      <FeeWaiverRequests />
      <BankDebitsPanel />

      <BankDebits />

      <div className="flex flex-wrap items-end gap-3">
        <div className="flex max-w-full flex-col gap-1">
          <label htmlFor={monthId} className="text-xs font-semibold text-muted-foreground">
            Month
          </label>
          <Input
            id={monthId}
            type="month"
            className="h-10 w-48 max-w-full"
            value={month}
            onChange={(e) => e.target.value && update({ month: e.target.value })}
          />
        </div>
        <p className="pb-2 text-sm text-muted-foreground">{monthLabel(month)}: charges falling due that month, and the payments received in it.</p>
      </div>

      <Figures
        totals={list.data?.month === month ? list.data.totals : undefined}
        graceDays={list.data?.graceDays ?? DEFAULT_SETTINGS.graceDays}
        onShow={(state) => update({ state })}
      />

      <section aria-label="Homes billed this month" className="flex flex-col gap-3">
        <ListToolbar>
          <SearchBox value={params.q} placeholder="Search by address or name" label="Search homes" onSearch={(q) => update({ q }, { replace: true })} />
          <SelectFilter label="State" value={params.state} options={STATE_OPTIONS} onChange={(state) => update({ state })} />
          <div className="md:ml-auto">
            <ExportButton href={exportHref} />
          </div>
        </ListToolbar>
        <div>
          <DataTable
            label={`Homes billed in ${monthLabel(month)}`}
            columns={tableColumns}
            rows={list.data?.items}
            rowKey={(row) => `${row.homeId}-${row.seq}`}
            isLoading={list.isPending}
            isRefreshing={list.isFetching && !list.isPending}
            error={list.isError ? 'Failed to load payments' : undefined}
            onRetry={() => void list.refetch()}
            emptyText={filtered ? 'No homes match these filters' : `No charges fall due in ${monthLabel(month)}.`}
          />
          <ListPagination page={list.isError ? undefined : list.data} onPage={(page) => update({ page })} />
        </div>
      </section>
      <LedgerDialog homeId={ledger.id} onClose={ledger.close} />
      <ImportDialog open={importing} onOpenChange={setImporting} />
      <ReturnsDialog open={returning} onOpenChange={setReturning} />
    </div>
  );
}
