import { Link } from 'react-router';
import type { AdminDashboard } from '../../../../domain/admin/applications';
import { waitingAge } from '../../../../domain/admin/waiting';
import { formatCents, formatNumber } from '../../../../domain/format';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { calendarDate, localDateTime } from '../../../lib/dates';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * docs/product/back-office.md#overview: what waits for staff — the homes with a month overdue (after the settings'
 * grace period), the oldest first, each opening its ledger; the homeowners' requests waiting for a decision; and how
 * long the oldest application has waited for us.
 */
export function HomesOverview({ homes, oldestWaitingSince }: { homes: AdminDashboard['homes'] | undefined; oldestWaitingSince: string | null | undefined }) {
  const requests = homes ? homes.waiting.paymentChanges + homes.waiting.notices + homes.waiting.feeWaivers : undefined;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card className="p-5" role="region" aria-labelledby="overdue-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="overdue-title" className="text-lg font-semibold">
            Overdue homes
          </h2>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/payments?state=overdue">See overdue payments</Link>
          </Button>
        </div>
        {homes === undefined ? (
          <Skeleton className="mt-4 h-20 w-full" />
        ) : (
          <>
            <p className="mt-3">
              <span className="text-3xl font-bold tabular">{formatNumber(homes.overdueHomes)}</span>{' '}
              <span className="text-sm text-muted-foreground">
                {homes.overdueHomes === 1 ? 'home has' : 'homes have'} a month unpaid more than {plural(homes.graceDays, 'day', 'days')} after its due date
              </span>
            </p>
            {homes.overdue.length > 0 && (
              <ul aria-label="Overdue homes, oldest first" className="mt-3 flex flex-col divide-y divide-border">
                {homes.overdue.map((home) => (
                  <li key={home.homeId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                    <Link
                      to={`/admin/payments?ledger=${home.homeId}`}
                      className="min-w-0 font-medium break-words text-primary underline-offset-4 hover:underline"
                    >
                      {home.address}
                    </Link>
                    <span className="text-sm text-muted-foreground">
                      {home.ownerName}: <span className="font-semibold text-foreground tabular">{formatCents(home.overdueCents)}</span> overdue since{' '}
                      {calendarDate(home.oldestDueOn)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Card>
      <Card className="p-5" role="region" aria-labelledby="waiting-title">
        <h2 id="waiting-title" className="text-lg font-semibold">
          Waiting for staff
        </h2>
        {homes === undefined || requests === undefined || oldestWaitingSince === undefined ? (
          <Skeleton className="mt-4 h-20 w-full" />
        ) : (
          <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1 rounded-[var(--radius-control)] bg-muted/50 p-3">
              <dt className="text-sm font-semibold text-muted-foreground">Homeowners’ requests</dt>
              <dd className="flex flex-col gap-1">
                <span className="text-3xl font-bold tabular">{formatNumber(requests)}</span>
                <span className="text-xs text-muted-foreground">
                  {plural(homes.waiting.paymentChanges, 'payment change', 'payment changes')},{' '}
                  {plural(homes.waiting.notices, '60-day notice', '60-day notices')}, {plural(homes.waiting.feeWaivers, 'fee waiver', 'fee waivers')}
                </span>
                <Link to="/admin/homes" className="text-sm text-primary underline-offset-4 hover:underline">
                  Open Homes
                </Link>
              </dd>
            </div>
            <div className="flex flex-col gap-1 rounded-[var(--radius-control)] bg-muted/50 p-3">
              <dt className="text-sm font-semibold text-muted-foreground">Oldest waiting application</dt>
              <dd className="flex flex-col gap-1">
                {oldestWaitingSince === null ? (
                  <span className="text-3xl font-bold text-muted-foreground">None</span>
                ) : (
                  <time
                    dateTime={oldestWaitingSince}
                    title={`Waiting for us since ${localDateTime(oldestWaitingSince)}`}
                    className="text-3xl font-bold tabular"
                  >
                    {waitingAge(oldestWaitingSince)}
                  </time>
                )}
                <Link to="/admin/applications?sort=waiting_since&dir=asc" className="text-sm text-primary underline-offset-4 hover:underline">
                  Applications waiting for us
                </Link>
              </dd>
            </div>
          </dl>
        )}
      </Card>
    </div>
  );
}
