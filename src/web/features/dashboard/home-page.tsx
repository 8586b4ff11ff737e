import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatMoney, formatPercent } from '../../../domain/format';
import { MOVEMENT_LABELS, type Movement, type MyHome, type MyHomeCharge, type ValuationPoint } from '../../../domain/homes/my-home';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { isAwaitingSignatures, isNoHome, myHomeQuery, myValuationsQuery } from './home-api';
import { DataTable, type Column } from './data-table';
import { HomeStatements } from './home-statements';
import { SignatureAlert, SignedDocuments } from './signature-alert';
import { HomeValueChart } from './home-value-chart';
import { LateFees, LateFeeWarning } from './late-fees';
import { LedgerSection } from './ledger-section';
import { BankPayments } from './bank-payments';
import { WaysOutSection } from './ways-out-section';
import { ChargeStateBadge } from './payment-breakdown-card';
import { LoadError } from '../../components/load-error';
import { LedgerWarningAlert } from '../../components/homes/ledger-warning';

const rate = (percent: number) => formatPercent(percent / 100, { digits: 3, trim: true });

const TERM_COLUMNS: Column<MyHome['home']['terms'][number] & { index: number }>[] = [
  { header: 'Term', cell: (term) => term.index },
  { header: 'From', cell: (term) => `Month ${term.fromMonth} (${formatDate(term.startsOn)})` },
  { header: 'Monthly payment', numeric: true, cell: (term) => formatCents(term.monthlyPaymentCents) },
];

const CHARGE_COLUMNS: Column<MyHomeCharge>[] = [
  { header: 'Month', cell: (charge) => charge.month },
  { header: 'Due', cell: (charge) => formatDate(charge.dueOn) },
  { header: 'Charge', numeric: true, cell: (charge) => formatCents(charge.amountCents) },
  { header: 'Paid', numeric: true, cell: (charge) => formatCents(charge.paidCents) },
  { header: 'State', cell: (charge) => <ChargeStateBadge state={charge.state} /> },
];

/** A reversal says what it undid: the date a returned payment was received, the month a cancelled charge billed. */
function movementText(movement: Movement): string {
  const label = MOVEMENT_LABELS[movement.kind];
  if (!movement.reverses) return label;
  return movement.reverses.month !== null ? `${label} (month ${movement.reverses.month})` : `${label} (of ${formatDate(movement.reverses.effectiveOn)})`;
}

const MOVEMENT_COLUMNS: Column<Movement>[] = [
  { header: 'Date', cell: (movement) => formatDate(movement.effectiveOn) },
  { header: 'What', cell: movementText },
  { header: 'Reference', cell: (movement) => movement.reference ?? '—' },
  { header: 'Amount', numeric: true, cell: (movement) => formatCents(movement.amountCents) },
];

const VALUATION_COLUMNS: Column<ValuationPoint>[] = [
  { header: 'Date', cell: (point) => formatDate(point.valuedOn) },
  { header: 'Source', cell: (point) => point.sourceLabel },
  { header: 'Home value', numeric: true, cell: (point) => formatMoney(point.valueCents / 100) },
  { header: 'Your equity', numeric: true, cell: (point) => formatMoney(point.totalEquityCents / 100) },
];

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
      <DataTable
        caption="Terms of your agreement, oldest first"
        rows={home.terms.map((term, index) => ({ ...term, index: index + 1 }))}
        rowKey={(term) => term.fromMonth}
        columns={TERM_COLUMNS}
      />
    </Section>
  );
}

function Payments({ home }: { home: MyHome }) {
  return (
    <Section
      title="Payments"
      description="Each month’s charge and what was paid against it, newest first. A payment pays the oldest open month or late fee first."
    >
      <LateFeeWarning home={home} />
      {home.charges.length === 0 ? (
        <p className="text-[0.9375rem]">
          No payment has been billed yet.
          {home.nextCharge && ` Your first, ${formatCents(home.nextCharge.amountCents)}, is due ${formatDate(home.nextCharge.dueOn)}.`}
        </p>
      ) : (
        <DataTable caption="Monthly charges, newest first" rows={home.charges} rowKey={(charge) => charge.month} columns={CHARGE_COLUMNS} />
      )}
      <LateFees fees={home.fees} />
      <h3 className="mt-3 text-lg font-semibold">Money received and returned</h3>
      {home.movements.length === 0 ? (
        <p className="text-[0.9375rem] text-muted-foreground">No payment has reached us yet.</p>
      ) : (
        <DataTable
          caption="Payments received, refunds and returned payments, newest first"
          rows={home.movements}
          rowKey={(movement) => movement.seq}
          columns={MOVEMENT_COLUMNS}
        />
      )}
    </Section>
  );
}

function ValuationsTable({ points }: { points: ValuationPoint[] }) {
  return (
    <DataTable
      caption="Valuations and your equity at each, oldest first"
      rows={points}
      rowKey={(point) => `${point.valuedOn}-${point.source}-${point.valueCents}`}
      columns={VALUATION_COLUMNS}
    />
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
        isAwaitingSignatures(home.error) ? (
          <SignatureAlert />
        ) : isNoHome(home.error) ? (
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
          {home.data.ledgerWarning && <LedgerWarningAlert warning={home.data.ledgerWarning} audience="homeowner" />}
          <Agreement home={home.data.home} />
          {home.data.home.state === 'active' && <BankPayments />}
          <Payments home={home.data} />
          <WaysOutSection />
          <Valuations />
          <HomeStatements />
          <SignedDocuments />
          <LedgerSection />
        </>
      )}
    </div>
  );
}
