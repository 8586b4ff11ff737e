import { ArrowLeftRight, ChevronRight, TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { notify } from '../../lib/toast';
import { Counter } from './counter';

const SOON = 'This feature will be available soon.';

/** A change since purchase; a fall (a homeowner's value can go down) reads 'down'. */
function Change({ value }: { value: number }) {
  const down = value < 0;
  const Icon = down ? TrendingDown : TrendingUp;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold ${down ? 'bg-accent-soft text-destructive' : 'bg-primary-soft text-success'}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className="sr-only">{down ? 'down' : 'up'}</span>
      <Counter value={value} kind="percent" />
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3">
      <dt className="text-[0.9375rem] text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-[0.9375rem] font-semibold">{children}</dd>
    </div>
  );
}

/**
 * docs/product/dashboard.md#layout: Accessible Equity with Transfer (`transferHref`: a homeowner's 60-day notice page; without it, the toast).
 * It says what it is — the cash-out figure after sale and transfer costs of 9.6 % of the home's value — and, for a homeowner,
 * links to the three ways out (`waysOutHref`, docs/decisions/034-exit-quotes.md).
 */
export function AccessibleEquityCard({ amount, transferHref, waysOutHref }: { amount: number; transferHref?: string; waysOutHref?: string }) {
  return (
    <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Accessible Equity</h2>
        <Counter value={amount} className="mt-1 block text-3xl font-bold tracking-tight" />
        <p className="mt-1 text-sm text-muted-foreground">
          What cashing out would pay you (60 days notice): your total equity less sale and transfer costs of 9.6% of your home’s value (80% of a 12% cost).
        </p>
        {waysOutHref && (
          <Link className="mt-2 inline-block rounded text-sm font-semibold text-primary underline-offset-4 hover:underline" to={waysOutHref}>
            See your three ways out: move, cash out or buy out
          </Link>
        )}
      </div>
      {transferHref ? (
        <Button asChild variant="outline">
          <Link to={transferHref}>
            <ArrowLeftRight aria-hidden="true" /> Transfer
          </Link>
        </Button>
      ) : (
        <Button variant="outline" onClick={() => notify.info('Transfer Equity', SOON)}>
          <ArrowLeftRight aria-hidden="true" /> Transfer
        </Button>
      )}
    </Card>
  );
}

interface TotalEquity {
  total: number;
  totalChange: number;
  principal: number;
  appreciation: number;
  appreciationChange: number;
}

/**
 * docs/product/dashboard.md#layout: Total Home Equity with its change, principal, appreciation and Details.
 * `detailsHref` (a homeowner's home page) makes Details a link; without it, the toast of features to come.
 */
export function TotalEquityCard({ figures, detailsHref }: { figures: TotalEquity; detailsHref?: string }) {
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Total Home Equity</h2>
          <Counter value={figures.total} className="mt-1 block text-3xl font-bold tracking-tight" />
        </div>
        <Change value={figures.totalChange} />
      </div>
      <dl className="mt-4 divide-y divide-border border-t border-border">
        <Row label="Home Equity Principal">
          <Counter value={figures.principal} />
        </Row>
        <Row label="Est. Home Appreciation">
          <Counter value={figures.appreciation} />
          <Change value={figures.appreciationChange} />
        </Row>
      </dl>
      {detailsHref ? (
        <Button asChild variant="ghost" className="mt-2 -mb-2 w-full justify-between">
          <Link to={detailsHref}>
            Details <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <Button variant="ghost" className="mt-2 -mb-2 w-full justify-between" onClick={() => notify.info('Equity Details', SOON)}>
          Details <ChevronRight aria-hidden="true" />
        </Button>
      )}
    </Card>
  );
}
