import { useQuery } from '@tanstack/react-query';
import { Minus, Plus, ShieldCheck, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { formatCents, formatNumber } from '../../../../domain/format';
import { LEDGER_KIND_LABELS, PAYMENT_STATE_LABELS, type AdminLedgerEntry, type PaymentState, type VerifyResult } from '../../../../domain/homes/admin-payments';
import type { HomeDetail } from '../../../../domain/homes/admin-homes';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { calendarDate } from '../../../lib/dates';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { MoneyDialog, ReverseDialog } from './ledger-dialogs';
import { ledgerQuery, useVerifyHome } from './payments-api';
import { LedgerWarningAlert } from '../../../components/homes/ledger-warning';
import { LoadError } from '../../../components/load-error';

/**
 * A home's ledger in the back office (docs/product/back-office.md#payments 'A home's ledger'):
 * every entry oldest first with its seq, kind, amount, dates, reference, memo, its hash
 * shortened and its reversal links; for a charge what is paid of it. Record payment,
 * Refund, Reverse and Verify. Used by /admin/payments and, as a section, by a home's record.
 */

export function PaymentStateBadge({ state }: { state: PaymentState }) {
  return <Badge variant={state === 'paid' ? 'success' : state === 'overdue' ? 'destructive' : 'warning'}>{PAYMENT_STATE_LABELS[state]}</Badge>;
}

/** The verdict of a Verify, as a sentence. */
export function verifyText(result: VerifyResult): string {
  if (result.ok) {
    return result.homes === 1
      ? `The ledger is intact (${formatNumber(result.entries)} ${result.entries === 1 ? 'entry' : 'entries'}).`
      : `All ${formatNumber(result.homes)} ledgers are intact (${formatNumber(result.entries)} entries).`;
  }
  const checkpoints = result.checkpointProblems;
  if (result.brokenTotal === 0) {
    return `${result.homes === 1 ? 'The ledger holds' : 'Every ledger holds'}, but the signed daily checkpoints do not: ${checkpoints[0] ?? ''}`;
  }
  const also = checkpoints.length > 0 ? ' The signed daily checkpoints do not hold either.' : '';
  return result.homes === 1
    ? `The ledger is broken: ${result.broken[0]?.message ?? ''}${also}`
    : `${formatNumber(result.brokenTotal)} of ${formatNumber(result.homes)} ledgers are broken.${also}`;
}

/** Charges and late fees add to what is owed; payments take from it; refunds give credit back; a reversal undoes the entry it names. */
function signedAmount(entry: AdminLedgerEntry) {
  const sign = entry.kind === 'charge' || entry.kind === 'fee' || entry.kind === 'refund' ? '+' : entry.kind === 'payment' ? '−' : '';
  return `${sign}${formatCents(entry.amountCents)}`;
}

function EntryRow({ entry, anchor, onReverse }: { entry: AdminLedgerEntry; anchor: (seq: number) => string; onReverse: (entry: AdminLedgerEntry) => void }) {
  const reversed = entry.reversedBySeq !== null;
  return (
    <tr id={anchor(entry.seq)} className="border-t border-border align-top" data-testid="ledger-row">
      <td className="py-2 pr-3 tabular">{entry.seq}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{calendarDate(entry.effectiveOn)}</td>
      <td className="py-2 pr-3">
        <span className="flex flex-col gap-1">
          <span className={reversed ? 'line-through' : undefined}>
            {LEDGER_KIND_LABELS[entry.kind]}
            {entry.month !== null && <span className="text-muted-foreground"> · month {entry.month}</span>}
          </span>
          {entry.state && <PaymentStateBadge state={entry.state} />}
          {entry.reversesSeq !== null && (
            <a className="text-primary underline underline-offset-4" href={`#${anchor(entry.reversesSeq)}`}>
              Reverses entry {entry.reversesSeq}
            </a>
          )}
          {reversed && (
            <a className="text-primary underline underline-offset-4" href={`#${anchor(entry.reversedBySeq!)}`}>
              Reversed by entry {entry.reversedBySeq}
            </a>
          )}
        </span>
      </td>
      <td className="py-2 pr-3 text-right whitespace-nowrap tabular">
        {signedAmount(entry)}
        {entry.paidCents !== null && entry.state !== 'paid' && <span className="block text-xs text-muted-foreground">{formatCents(entry.paidCents)} paid</span>}
      </td>
      <td className="py-2 pr-3 break-words">
        {entry.reference && <span className="block font-mono text-xs">{entry.reference}</span>}
        {entry.note && <span className="block">{entry.note}</span>}
        {!entry.reference && !entry.note && '—'}
      </td>
      <td className="py-2 pr-3">
        <code className="text-xs" title={entry.hash}>
          {entry.hash.slice(0, 10)}…
        </code>
      </td>
      <td className="py-2 text-right">
        {entry.kind !== 'reversal' && !reversed && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={entry.kind === 'fee' ? `Waive late fee ${entry.seq}` : `Reverse entry ${entry.seq}`}
            onClick={() => onReverse(entry)}
          >
            <Undo2 aria-hidden="true" />
            {entry.kind === 'fee' ? 'Waive' : 'Reverse'}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The ledger of `homeId` with its actions. */
export function LedgerPanel({ homeId }: { homeId: string }) {
  const ledger = useQuery(ledgerQuery(homeId));
  const [action, setAction] = useState<'payment' | 'refund' | null>(null);
  const [reversing, setReversing] = useState<AdminLedgerEntry | null>(null);
  const verify = useVerifyHome(homeId);
  const prefix = useId().replace(/[^a-zA-Z0-9-]/g, '');
  const anchor = (seq: number) => `${prefix}-entry-${seq}`;

  if (ledger.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading...</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (ledger.isError) {
    return (
      <LoadError
        message={ledger.error instanceof ApiError && ledger.error.status === 404 ? 'This home could not be found.' : 'The ledger could not be loaded.'}
        onRetry={() => void ledger.refetch()}
      />
    );
  }
  const data = ledger.data;
  const runVerify = async () => {
    try {
      await verify.mutateAsync();
    } catch (error) {
      notify.error('Error', failureText(error, 'Failed to verify the ledger'));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {data.ledgerWarning && <LedgerWarningAlert warning={data.ledgerWarning} audience="staff" />}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          { label: 'Charged', value: formatCents(data.chargedCents) },
          { label: 'Paid, less refunds', value: formatCents(data.creditedCents) },
          { label: data.balanceCents < 0 ? 'In credit' : 'Balance owed', value: formatCents(Math.abs(data.balanceCents)) },
          { label: 'Overdue', value: formatCents(data.overdueCents) },
        ].map((figure) => (
          <div key={figure.label} className="rounded-[var(--radius-control)] bg-muted/50 p-3">
            <dt className="text-xs font-semibold text-muted-foreground">{figure.label}</dt>
            <dd className="text-lg font-semibold tabular">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setAction('payment')}>
          <Plus aria-hidden="true" />
          Record payment
        </Button>
        <Button size="sm" variant="outline" onClick={() => setAction('refund')}>
          <Minus aria-hidden="true" />
          Refund
        </Button>
        <Button size="sm" variant="outline" onClick={() => void runVerify()} disabled={verify.isPending}>
          <ShieldCheck aria-hidden="true" />
          {verify.isPending ? 'Verifying...' : 'Verify ledger'}
        </Button>
      </div>
      <div aria-live="polite">
        {verify.data && (
          <Alert variant={verify.data.ok ? 'success' : 'destructive'}>
            <p>{verifyText(verify.data)}</p>
          </Alert>
        )}
      </div>
      {data.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No entries yet. Charges are added on each month's due date; payments as they are recorded.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Ledger entries, oldest first</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  #
                </th>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Entry
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Reference / memo
                </th>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Hash
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <EntryRow key={entry.seq} entry={entry} anchor={anchor} onReverse={setReversing} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoneyDialog
        kind="payment"
        homeId={homeId}
        address={data.address}
        open={action === 'payment'}
        onOpenChange={(open) => setAction(open ? 'payment' : null)}
      />
      <MoneyDialog kind="refund" homeId={homeId} address={data.address} open={action === 'refund'} onOpenChange={(open) => setAction(open ? 'refund' : null)} />
      <ReverseDialog homeId={homeId} entry={reversing} onClose={() => setReversing(null)} />
    </div>
  );
}

/** The 'Ledger' section of a home's record (/admin/homes, src/web/features/admin/homes/home-dialog.tsx HOME_SECTIONS). */
export function LedgerSection({ home }: { home: Pick<HomeDetail, 'id'> }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-border p-4">
      <h3 id={id} className="text-sm font-semibold text-foreground">
        Ledger
      </h3>
      <LedgerPanel homeId={home.id} />
    </section>
  );
}
