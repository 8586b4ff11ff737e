import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontal, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import type { MyHome } from '../../../domain/homes/my-home';
import { formatDate } from '../../../domain/format';
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
import { AgentCard } from './agent-card';
import { ApplicationStatusCard } from './application-status-card';
import { ADJUST_PAYMENT_PATH, TRANSFER_PATH } from './change-paths';
import { HomeChangesCard } from './home-changes-card';
import { ClosedHomeCard } from './closed-home-card';
import { Counter } from './counter';
import { WAYS_OUT_PATH } from './exit-paths';
import { AccessibleEquityCard, TotalEquityCard } from './equity-cards';
import { HOME_PAGE_PATH } from './home-paths';
import { isAwaitingSignatures, isNoHome, myHomeQuery } from './home-api';
import { SignatureAlert } from './signature-alert';
import { OverdueAlert } from './overdue-alert';
import { PaymentBreakdownCard } from './payment-breakdown-card';
import { meStatusQuery } from './status-query';
import { StatusDialog } from './status-dialog';
import { WealthRing } from './wealth-ring';
import { LoadError } from '../../components/load-error';

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

type Figures = Record<keyof typeof SAMPLE, number>;

/** A homeowner's own figures in the dashboard's dollars (the API sends cents; docs/product/dashboard.md#homeowner-dashboard). */
function ownFigures({ figures: f }: MyHome): Figures {
  return {
    wealth: f.wealthCents / 100,
    projectedWealth5y: f.projectedWealth5yCents / 100,
    wealthTarget: f.wealthTargetCents / 100,
    accessibleEquity: f.accessibleEquityCents / 100,
    totalEquity: f.totalEquityCents / 100,
    totalEquityChange: f.totalEquityChange,
    equityPrincipal: f.equityPrincipalCents / 100,
    appreciation: f.appreciationCents / 100,
    appreciationChange: f.appreciationChange,
  };
}

/**
 * /dashboard (docs/product/dashboard.md#layout): the wealth ring, the equity
 * cards, the application's status, and the pop-up that follows the real status
 * (docs/product/dashboard.md#dialogs). A homeowner sees their own figures and the
 * payment breakdown (docs/product/dashboard.md#homeowner-dashboard); everyone else
 * the sample figures (docs/product/dashboard.md#example-figures) under an
 * 'Example dashboard' badge.
 */
export default function DashboardPage() {
  const user = useSignedInUser();
  const status = useQuery(meStatusQuery);
  const hasHome = status.data?.hasHome ?? false;
  // The session's role says 'homeowner' at once; an admin keeps the admin role when they buy a home, so they are asked too.
  const homeowner = user.role === 'homeowner' || hasHome;
  const home = useQuery({ ...myHomeQuery, enabled: homeowner || hasRank(user.role, 'admin') });
  const own = home.data;
  // Until the home answers, a homeowner sees neither the examples nor a badge that would be wrong.
  const waiting = homeowner && home.isPending;
  const awaitingSignatures = home.isError && isAwaitingSignatures(home.error);
  const failed = home.isError && !isNoHome(home.error) && !awaitingSignatures;
  const figures: Figures = own ? ownFigures(own) : SAMPLE;
  const showFigures = !waiting && !failed;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">Welcome, {user.firstName}</h1>
          <p className="mt-2 text-[0.9375rem] text-muted-foreground">Your home, your equity and your application at a glance.</p>
        </div>
        {showFigures && !own && (
          <Badge variant="warning" className="self-start px-3 py-1 text-sm sm:self-auto">
            <Sparkles aria-hidden="true" className="size-4" /> Example dashboard
          </Badge>
        )}
      </div>
      {own && <OverdueAlert home={own} />}
      {own ? (
        <p className="mt-3 text-sm text-muted-foreground">
          Your figures for {own.home.address}
          {own.valuation ? `, valued ${formatDate(own.valuation.valuedOn)}.` : ', at the purchase price.'}
        </p>
      ) : (
        showFigures && (
          <p className="mt-3 text-sm text-muted-foreground">
            {awaitingSignatures
              ? 'The figures below are examples until your agreement is signed.'
              : hasHome
                ? 'Your home’s own figures are being connected; until then the figures below are examples.'
                : `The figures below are examples. Yours appear here once you own a home with ${brand.name}.`}
          </p>
        )
      )}
      {homeowner && <SignatureAlert />}
      {failed && <LoadError layout="inline" className="mt-6" message="We could not load your home’s figures." onRetry={() => void home.refetch()} />}

      {hasRank(user.role, 'admin') && !user.twoFactorEnabled && (
        <Alert variant="warning" className="mt-6">
          Set up two-factor authentication to open the back office.{' '}
          <Link className={link} to="/account">
            Go to your account settings
          </Link>
        </Alert>
      )}

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <Card className="flex flex-col items-center justify-center p-6 sm:p-8">
          {showFigures ? (
            <>
              <WealthRing wealth={figures.wealth} target={figures.wealthTarget} />
              <div className="mt-6 text-center">
                <p className="text-sm font-medium text-muted-foreground">5 Year Projected Wealth</p>
                <Counter value={figures.projectedWealth5y} className="mt-0.5 block text-2xl font-bold tracking-tight text-foreground" />
              </div>
            </>
          ) : (
            <Skeleton className="aspect-square w-full max-w-[280px] rounded-full" />
          )}
          {own?.home.state === 'closed' ? null : own ? (
            <Button asChild variant="link" className="mt-4">
              <Link to={ADJUST_PAYMENT_PATH}>
                <SlidersHorizontal aria-hidden="true" /> Adjust Monthly Payment
              </Link>
            </Button>
          ) : (
            <Button variant="link" className="mt-4" onClick={() => notify.info(COMING_SOON_TOAST.title, COMING_SOON_TOAST.description)}>
              <SlidersHorizontal aria-hidden="true" /> Adjust Monthly Payment
            </Button>
          )}
        </Card>

        <div className="flex flex-col gap-6">
          {status.data ? (
            <ApplicationStatusCard status={status.data} />
          ) : status.error ? (
            <LoadError layout="inline" message="We could not load your application status." onRetry={() => void status.refetch()} />
          ) : (
            <Skeleton className="h-36 w-full" />
          )}
          {status.data?.application?.status === 'approved' && <AgentCard />}
          {showFigures ? (
            <>
              {own && <PaymentBreakdownCard home={own} />}
              {own && own.home.state !== 'closed' && <HomeChangesCard />}
              {own?.home.state === 'closed' ? (
                <ClosedHomeCard home={own} />
              ) : (
                <AccessibleEquityCard
                  amount={figures.accessibleEquity}
                  transferHref={own ? TRANSFER_PATH : undefined}
                  waysOutHref={own ? WAYS_OUT_PATH : undefined}
                />
              )}
              <TotalEquityCard
                figures={{
                  total: figures.totalEquity,
                  totalChange: figures.totalEquityChange,
                  principal: figures.equityPrincipal,
                  appreciation: figures.appreciation,
                  appreciationChange: figures.appreciationChange,
                }}
                detailsHref={own ? HOME_PAGE_PATH : undefined}
              />
            </>
          ) : (
            !failed && <Skeleton className="h-72 w-full" />
          )}
        </div>
      </div>

      {/* Only once the status is fresh from the server: a cached one could show the wrong pop-up. Never for admins
          (docs/product/accounts.md#admin-landing): the applicant's pop-ups are not theirs. */}
      {status.data && status.isFetchedAfterMount && !hasRank(user.role, 'admin') && (
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
