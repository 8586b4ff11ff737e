import { useQuery } from '@tanstack/react-query';
import { formatCents } from '../../../../domain/format';
import { NOTICE_STATE_LABELS } from '../../../../domain/homes/changes';
import { NOTICE_KIND_LABELS } from '../../../../domain/homes/states';
import { calendarDate, localDate } from '../../../lib/dates';
import { pendingHomeChangesQuery } from './home-changes-api';
import { LoadError } from '../../../components/load-error';

const rowButton = 'w-full rounded-sm px-2 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring min-h-11';

/**
 * 'Waiting for staff' on /admin/homes (docs/product/back-office.md#a-home): the payment changes waiting for a decision
 * and the 60-day notices in progress, oldest first, with their counts; each opens its home's
 * record, where the decision is made. Nothing when nothing waits.
 */
export function PendingHomeChanges({ onOpen }: { onOpen: (homeId: string) => void }) {
  const { data, isError, isFetching, refetch } = useQuery(pendingHomeChangesQuery);
  if (isError) {
    return <LoadError layout="inline" message="Failed to load the requests waiting for staff." retrying={isFetching} onRetry={() => void refetch()} />;
  }
  if (!data || (data.paymentChanges.length === 0 && data.notices.length === 0)) return null;
  return (
    <section aria-labelledby="home-changes-waiting" className="rounded-[var(--radius-control)] border border-border p-4">
      <h2 id="home-changes-waiting" className="text-sm font-semibold">
        Waiting for staff: {data.paymentChanges.length} payment {data.paymentChanges.length === 1 ? 'change' : 'changes'}, {data.notices.length}{' '}
        {data.notices.length === 1 ? 'notice' : 'notices'}
      </h2>
      <ul className="mt-2 flex flex-col">
        {data.paymentChanges.map((change) => (
          <li key={change.id}>
            <button type="button" className={rowButton} onClick={() => onOpen(change.homeId)}>
              Payment change — {change.ownerName}, {change.address}: {formatCents(change.currentPaymentCents)} → {formatCents(change.monthlyPaymentCents)}{' '}
              (asked {localDate(change.requestedAt)})
            </button>
          </li>
        ))}
        {data.notices.map((notice) => (
          <li key={notice.id}>
            <button type="button" className={rowButton} onClick={() => onOpen(notice.homeId)}>
              60-day notice — {notice.ownerName}, {notice.address}: {NOTICE_KIND_LABELS[notice.kind]} on {calendarDate(notice.requestedDate)} (
              {NOTICE_STATE_LABELS[notice.state]})
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
