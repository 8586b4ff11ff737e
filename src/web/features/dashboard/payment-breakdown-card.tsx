import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCents, formatDate } from '../../../domain/format';
import { CHARGE_STATE_LABELS, type MyHome } from '../../../domain/homes/my-home';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { brand } from '../../lib/config';

export const STATE_BADGE = { paid: 'success', due: 'secondary', overdue: 'destructive' } as const;

/** A charge's state as a badge: Paid, Due or Overdue. */
export function ChargeStateBadge({ state }: { state: keyof typeof STATE_BADGE }) {
  return <Badge variant={STATE_BADGE[state]}>{CHARGE_STATE_LABELS[state]}</Badge>;
}

function Part({ color, label, hint, cents }: { color: string; label: string; hint?: string; cents: number }) {
  return (
    <div className="flex items-start justify-between gap-3 py-2.5">
      <dt className="flex min-w-0 items-start gap-2 text-[0.9375rem]">
        <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${color}`} />
        <span>
          {label}
          {hint && <span className="block text-sm text-muted-foreground">{hint}</span>}
        </span>
      </dt>
      <dd className="tabular text-[0.9375rem] font-semibold whitespace-nowrap">{formatCents(cents)}</dd>
    </div>
  );
}

function Line({ children }: { children: ReactNode }) {
  return <p className="flex items-start gap-2 text-sm text-muted-foreground">{children}</p>;
}

/**
 * The payment breakdown the landing page promises (docs/product/dashboard.md#homeowner-dashboard):
 * this month's charge split into the equity credited to the homeowner, property taxes and
 * insurance, and the rest; its state; the next due date; and the balance.
 */
export function PaymentBreakdownCard({ home }: { home: MyHome }) {
  const { currentCharge: charge, nextCharge: next, balanceCents } = home;
  const overdue = home.charges.filter((c) => c.state === 'overdue');
  const parts = charge
    ? [
        { key: 'equity', color: 'bg-chart-product', cents: Math.max(0, charge.equityCreditCents) },
        { key: 'taxes', color: 'bg-chart-mortgage', cents: Math.max(0, charge.taxesInsuranceCents) },
        { key: 'rest', color: 'bg-accent', cents: Math.max(0, charge.restCents) },
      ]
    : [];
  const total = parts.reduce((sum, part) => sum + part.cents, 0);

  return (
    <Card className="p-6" aria-labelledby="payment-breakdown-title">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="payment-breakdown-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Payment breakdown
          </h2>
          {charge ? (
            <p className="mt-1 text-3xl font-bold tracking-tight tabular">{formatCents(charge.amountCents)}</p>
          ) : (
            <p className="mt-1 text-[0.9375rem]">No payment has been billed yet.</p>
          )}
          {charge && (
            <p className="mt-1 text-sm text-muted-foreground">
              Month {charge.month}, due {formatDate(charge.dueOn)}
            </p>
          )}
        </div>
        {charge && <ChargeStateBadge state={charge.state} />}
      </div>

      {charge && (
        <>
          {total > 0 && (
            <div aria-hidden="true" className="mt-4 flex h-2.5 overflow-hidden rounded-full bg-muted">
              {parts.map((part) => (
                <span key={part.key} className={part.color} style={{ width: `${(100 * part.cents) / total}%` }} />
              ))}
            </div>
          )}
          <dl className="mt-3 divide-y divide-border">
            <Part
              color="bg-chart-product"
              label="Equity credited to you"
              hint="Added to your Home Equity Principal once paid."
              cents={charge.equityCreditCents}
            />
            <Part color="bg-chart-mortgage" label="Property taxes and insurance" cents={charge.taxesInsuranceCents} />
            <Part color="bg-accent" label={`${brand.name}'s share and costs`} cents={charge.restCents} />
          </dl>
          {charge.state !== 'paid' && charge.paidCents > 0 && (
            <p className="mt-2 text-sm">
              {formatCents(charge.paidCents)} of {formatCents(charge.amountCents)} received.
            </p>
          )}
        </>
      )}

      <div className="mt-4 flex flex-col gap-1.5 border-t border-border pt-4">
        {overdue.length > 0 && (
          <p className="text-sm font-semibold text-destructive">{overdue.length === 1 ? '1 payment is overdue.' : `${overdue.length} payments are overdue.`}</p>
        )}
        {next && (
          <Line>
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Next payment: <span className="font-semibold text-foreground tabular">{formatCents(next.amountCents)}</span> due {formatDate(next.dueOn)}
            </span>
          </Line>
        )}
        <Line>
          {balanceCents > 0 ? (
            <span>
              Balance owed: <span className="font-semibold text-foreground tabular">{formatCents(balanceCents)}</span>
            </span>
          ) : balanceCents < 0 ? (
            <span>
              In credit: <span className="font-semibold text-foreground tabular">{formatCents(-balanceCents)}</span>
            </span>
          ) : (
            <span>Nothing owed: every payment billed is paid.</span>
          )}
        </Line>
      </div>
    </Card>
  );
}
