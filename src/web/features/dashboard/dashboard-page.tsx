import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontal, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { hasRank } from '../../../domain/roles';
import { COMING_SOON_TOAST, DASHBOARD_SAMPLE as SAMPLE } from './dashboard-sample';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { brand } from '../../lib/config';
import { notify } from '../../lib/toast';
import { useSignedInUser } from '../../lib/use-session';
import { ApplicationStatusCard } from './application-status-card';
import { Counter } from './counter';
import { AccessibleEquityCard, TotalEquityCard } from './equity-cards';
import { meStatusQuery } from './status-query';
import { StatusDialog } from './status-dialog';
import { WealthRing } from './wealth-ring';

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

/**
 * /dashboard (docs/product/dashboard.md#layout): the wealth ring, the equity
 * cards with the sample figures (docs/product/dashboard.md#example-figures)
 * under an 'Example dashboard' badge, the application's status, and the pop-up
 * that follows the real status (docs/product/dashboard.md#dialogs).
 */
export default function DashboardPage() {
  const user = useSignedInUser();
  const status = useQuery(meStatusQuery);
  const hasHome = status.data?.hasHome ?? false;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">Welcome, {user.firstName}</h1>
          <p className="mt-2 text-[15px] text-muted-foreground">Your home, your equity and your application at a glance.</p>
        </div>
        <Badge variant="warning" className="self-start px-3 py-1 text-sm sm:self-auto">
          <Sparkles aria-hidden="true" className="size-4" /> Example dashboard
        </Badge>
      </div>
      <p className="mt-3 text-sm text-muted-foreground">
        {hasHome
          ? 'Your home’s own figures are being connected; until then the figures below are examples.'
          : `The figures below are examples. Yours appear here once you own a home with ${brand.name}.`}
      </p>

      {hasRank(user.role, 'admin') && !user.twoFactorEnabled && (
        <Alert variant="warning" className="mt-6">
          Set up two-factor authentication to open the back office.{' '}
          <Link className={link} to="/account">
            Go to your account settings
          </Link>
        </Alert>
      )}

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <Card className="flex flex-col items-center justify-center p-6 sm:p-8">
          <WealthRing wealth={SAMPLE.wealth} target={SAMPLE.wealthTarget} />
          <div className="mt-6 text-center">
            <p className="text-sm font-medium text-muted-foreground">5 Year Projected Wealth</p>
            <Counter value={SAMPLE.projectedWealth5y} className="mt-0.5 block text-2xl font-bold tracking-tight text-foreground" />
          </div>
          <Button variant="link" className="mt-4" onClick={() => notify.info(COMING_SOON_TOAST.title, COMING_SOON_TOAST.description)}>
            <SlidersHorizontal aria-hidden="true" /> Adjust Monthly Payment
          </Button>
        </Card>

        <div className="flex flex-col gap-6">
          {status.data ? (
            <ApplicationStatusCard status={status.data} />
          ) : status.error ? (
            <Alert variant="warning">
              We could not load your application status.{' '}
              <button type="button" className={link} onClick={() => void status.refetch()}>
                Try again
              </button>
            </Alert>
          ) : (
            <Skeleton className="h-36 w-full" />
          )}
          <AccessibleEquityCard amount={SAMPLE.accessibleEquity} />
          <TotalEquityCard
            figures={{
              total: SAMPLE.totalEquity,
              totalChange: SAMPLE.totalEquityChange,
              principal: SAMPLE.equityPrincipal,
              appreciation: SAMPLE.appreciation,
              appreciationChange: SAMPLE.appreciationChange,
            }}
          />
        </div>
      </div>

      {/* Only once the status is fresh from the server: a cached one could show the wrong pop-up. */}
      {status.data && status.isFetchedAfterMount && (
        <StatusDialog
          key={`${status.data.dashboardStatus}:${status.data.application?.openRequests.length ? 'requests' : ''}`}
          userId={user.id}
          status={status.data.dashboardStatus}
          application={status.data.application}
        />
      )}
    </div>
  );
}
