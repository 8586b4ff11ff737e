import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatMoney, formatPercent } from '../../../domain/format';
import type { MyHome, ValuationPoint } from '../../../domain/homes/my-home';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { isNoHome, myHomeQuery, myValuationsQuery } from './home-api';
import { HomeStatements } from './home-statements';
import { HomeValueChart } from './home-value-chart';
import { LedgerSection } from './ledger-section';
import { ChargeStateBadge } from './payment-breakdown-card';
import { LoadError } from '../../components/load-error';

const rate = (percent: number) => formatPercent(percent / 100, { digits: 3, trim: true });

const th = 'px-3 py-2.5 text-left font-semibold whitespace-nowrap';
const td = 'px-3 py-2.5 whitespace-nowrap';
const num = 'text-right tabular';

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {description && <p className="text-[0.9375rem] text-muted-foreground">{description}</p>}
      {children}
    </section>
  );
}

/** A table that scrolls sideways inside its own box on a phone (focusable, so a keyboard can scroll it too). */
function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-[var(--radius-control)] border border-border bg-card focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full border-collapse text-sm">{children}</table>
    </div>
  );
}

function Agreement({ home }: { home: MyHome['home'] }) {
  const rows: [string, string][] = [
    ['Purchase date', formatDate(home.purchaseDate)],
    ['Purchase price', formatCents(home.priceCents)],
    ['Your down payment', formatCents(home.downPaymentCents)],
    ['Mortgage reference rate', rate(home.mortgageRate)],
    ['Appreciation assumption', `${rate(home.appreciationRate)} a year`],
    ['Monthly payment', formatCents(home.monthlyPaymentCents)],
  ];
  return (
    <Section title="Your agreement" description="Fixed when we bought your home together. A payment change starts a new term from a month not billed yet.">
      <Card className="p-6">
        <dl className="grid grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-border pb-2">
              <dt className="text-[0.9375rem] text-muted-foreground">{label}</dt>
              <dd className="text-[0.9375rem] font-semibold tabular">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <TableBox label="Terms of your agreement">
        <caption className="sr-only">Terms of your agreement, oldest first</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className={th}>
              Term
            </th>
            <th scope="col" className={th}>
              From
            </th>
            <th scope="col" className={`${th} text-right`}>
              Monthly payment
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {home.terms.map((term, index) => (
            <tr key={term.fromMonth}>
              <td className={td}>{index + 1}</td>
              <td className={td}>
                Month {term.fromMonth} ({formatDate(term.startsOn)})
              </td>
              <td className={`${td} ${num}`}>{formatCents(term.monthlyPaymentCents)}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
    </Section>
  );
}

function Payments({ home }: { home: MyHome }) {
  return (
    <Section title="Payments" description="Each month’s charge and what was paid against it, newest first. A payment pays the oldest open month first.">
      {home.charges.length === 0 ? (
        <p className="text-[0.9375rem]">
          No payment has been billed yet.
          {home.nextCharge && ` Your first, ${formatCents(home.nextCharge.amountCents)}, is due ${formatDate(home.nextCharge.dueOn)}.`}
        </p>
      ) : (
        <TableBox label="Payment history">
          <caption className="sr-only">Payment history, newest first</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className={th}>
                Month
              </th>
              <th scope="col" className={th}>
                Due
              </th>
              <th scope="col" className={`${th} text-right`}>
                Charge
              </th>
              <th scope="col" className={`${th} text-right`}>
                Paid
              </th>
              <th scope="col" className={th}>
                State
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {home.charges.map((charge) => (
              <tr key={charge.month}>
                <td className={td}>{charge.month}</td>
                <td className={td}>{formatDate(charge.dueOn)}</td>
                <td className={`${td} ${num}`}>{formatCents(charge.amountCents)}</td>
                <td className={`${td} ${num}`}>{formatCents(charge.paidCents)}</td>
                <td className={td}>
                  <ChargeStateBadge state={charge.state} />
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
    </Section>
  );
}

function ValuationsTable({ points }: { points: ValuationPoint[] }) {
  return (
    <TableBox label="Valuations">
      <caption className="sr-only">Valuations and your equity at each, oldest first</caption>
      <thead className="bg-muted">
        <tr>
          <th scope="col" className={th}>
            Date
          </th>
          <th scope="col" className={th}>
            Source
          </th>
          <th scope="col" className={`${th} text-right`}>
            Home value
          </th>
          <th scope="col" className={`${th} text-right`}>
            Your equity
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {points.map((point) => (
          <tr key={`${point.valuedOn}-${point.source}-${point.valueCents}`}>
            <td className={td}>{formatDate(point.valuedOn)}</td>
            <td className={td}>{point.sourceLabel}</td>
            <td className={`${td} ${num}`}>{formatMoney(point.valueCents / 100)}</td>
            <td className={`${td} ${num}`}>{formatMoney(point.totalEquityCents / 100)}</td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

function Valuations() {
  const valuations = useQuery(myValuationsQuery);
  return (
    <Section
      title="Valuations"
      description="What your home was worth at each valuation, and your total equity then. The latest valuation counts for your figures."
    >
      {valuations.data ? (
        <>
          <Card className="p-4 sm:p-6">
            <HomeValueChart points={valuations.data.points} />
          </Card>
          <ValuationsTable points={valuations.data.points} />
        </>
      ) : valuations.error ? (
        <LoadError layout="inline" message="We could not load your valuations." onRetry={() => void valuations.refetch()} />
      ) : (
        <Skeleton className="h-72 w-full" />
      )}
    </Section>
  );
}

/**
 * /dashboard/home — the homeowner's home page, 'Details' on the dashboard
 * (docs/product/dashboard.md#home-page): the agreement and its terms, the payment
 * history, valuations with a chart of value and equity over time, statements, and
 * the ledger to download and verify. Read-only.
 */
export default function HomePage() {
  const home = useQuery(myHomeQuery);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-10 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <Button asChild variant="link" className="-ml-1 px-1">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" /> Dashboard
          </Link>
        </Button>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-primary sm:text-4xl">My home</h1>
        {home.data && <p className="mt-2 text-[0.9375rem] text-muted-foreground">{home.data.home.address}</p>}
        {home.data?.home.state === 'closed' && home.data.home.closedOn && (
          <p className="mt-1 text-[0.9375rem]">Closed on {formatDate(home.data.home.closedOn)}: no further payments are billed.</p>
        )}
      </div>
      {home.isPending ? (
        <div role="status" aria-label="Loading your home" className="flex flex-col gap-6">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : home.isError ? (
        isNoHome(home.error) ? (
          <Card className="flex flex-col items-start gap-3 p-6">
            <h2 className="text-lg font-semibold">{home.error.message}</h2>
            <p className="text-[0.9375rem] text-muted-foreground">Once we buy your home together, its agreement, payments and ledger are here.</p>
            <Button asChild variant="outline">
              <Link to="/dashboard">Go to Dashboard</Link>
            </Button>
          </Card>
        ) : (
          <LoadError message="We could not load your home." detail={home.error.message} onRetry={() => void home.refetch()} />
        )
      ) : (
        <>
          <Agreement home={home.data.home} />
          <Payments home={home.data} />
          <Valuations />
          <HomeStatements />
          <LedgerSection />
        </>
      )}
    </div>
  );
}
