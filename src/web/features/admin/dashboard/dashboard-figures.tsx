import { ArrowRight, FileText, ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DECISION_WINDOW_DAYS, NEW_APPLICATION_DAYS, type AdminDashboard } from '../../../../domain/admin/applications';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../../domain/format';

/** A figure, or the dash of a count that could not be read (docs/product/back-office.md#overview: count failures are only logged). */
function Figure({ value, missing }: { value: string | undefined; missing: string }) {
  if (value === undefined) return <Skeleton className="h-9 w-20" />;
  return value === '—' ? (
    <span className="text-3xl font-bold text-muted-foreground tabular" title={missing}>
      —<span className="sr-only"> ({missing})</span>
    </span>
  ) : (
    <span className="text-3xl font-bold text-foreground tabular">{value}</span>
  );
}

function CountCard({ to, label, icon, value }: { to: string; label: string; icon: ReactNode; value: number | null | undefined }) {
  const shown = value === undefined ? undefined : value === null ? '—' : formatNumber(value);
  return (
    <Link to={to} className="group rounded-[var(--radius-card)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
      <Card className="flex h-full items-center gap-4 p-5 transition-colors group-hover:border-primary/40 group-hover:bg-primary-soft/40">
        <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          {icon}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-sm font-semibold text-muted-foreground">{label}</span>
          <Figure value={shown} missing="count not available" />
        </span>
        <ArrowRight aria-hidden="true" className="size-5 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
      </Card>
    </Link>
  );
}

/** docs/product/back-office.md#overview: Waitlist Applicants and Letters of Intent, each linking to its list. */
export function CountCards({ counts }: { counts: AdminDashboard['counts'] | undefined }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <CountCard to="/admin/waitlist" label="Waitlist Applicants" icon={<ListChecks className="size-6" />} value={counts?.waitlist} />
      <CountCard to="/admin/letters-of-intent" label="Letters of Intent" icon={<FileText className="size-6" />} value={counts?.lettersOfIntent} />
    </div>
  );
}

/** The KPI block (docs/product/back-office.md#overview): New (7d), In Review, Approved, Declined, Avg Decision (days, suffix d). */
export function KpiBlock({ kpis }: { kpis: AdminDashboard['kpis'] | undefined }) {
  const items: { label: string; value: string | undefined; note?: string }[] = [
    { label: `New (${NEW_APPLICATION_DAYS}d)`, value: kpis && formatNumber(kpis.newApplications7d) },
    { label: 'In Review', value: kpis && formatNumber(kpis.inReview) },
    { label: 'Approved', value: kpis && formatNumber(kpis.approved) },
    { label: 'Declined', value: kpis && formatNumber(kpis.declined) },
    {
      label: 'Avg Decision',
      value: kpis && (kpis.avgDecisionDays === null ? '—' : `${kpis.avgDecisionDays.toFixed(1)}d`),
      note: `Last ${DECISION_WINDOW_DAYS} days`,
    },
  ];
  return (
    <Card className="p-5" role="region" aria-labelledby="kpi-title">
      <h2 id="kpi-title" className="text-lg font-semibold">
        Applications
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col gap-1 rounded-[var(--radius-control)] bg-muted/50 p-3">
            <dt className="text-sm font-semibold text-muted-foreground">{item.label}</dt>
            <dd className="flex flex-col">
              <Figure value={item.value} missing="no decisions in this period" />
              {item.note && <span className="text-xs text-muted-foreground">{item.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
