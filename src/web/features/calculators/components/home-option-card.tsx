import type { ReactNode } from 'react';
import { formatMoney } from '../../../../domain/format';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

interface HomeOptionCardProps {
  /** Which side of the comparison: the product (evergreen) or the mortgage (slate), as in every chart. */
  kind: 'product' | 'mortgage';
  tag: string;
  title: string;
  description: ReactNode;
  price: number;
  monthly: number;
  action: ReactNode;
  testId?: string;
}

/** One of variant B's three result cards (docs/product/calculators.md#variant-b-page). */
export function HomeOptionCard({ kind, tag, title, description, price, monthly, action, testId }: HomeOptionCardProps) {
  return (
    <Card className="relative overflow-hidden" data-testid={testId}>
      <span aria-hidden="true" className={cn('absolute inset-y-0 left-0 w-1.5', kind === 'product' ? 'bg-chart-product' : 'bg-chart-mortgage')} />
      <div className="grid grid-cols-1 gap-5 p-6 pl-7 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <div>
          <p className={cn('text-xs font-semibold uppercase tracking-wider', kind === 'product' ? 'text-success' : 'text-muted-foreground')}>{tag}</p>
          <h3 className="mt-1 text-xl font-semibold">{title}</h3>
          <p className="mt-1.5 text-sm text-muted-foreground">{description}</p>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-1 sm:text-right">
          <div>
            <dt className="text-sm text-muted-foreground">Home price up to</dt>
            <dd className={cn('text-3xl font-bold tracking-tight tabular', kind === 'product' ? 'text-primary' : 'text-foreground')}>{formatMoney(price)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Monthly payment</dt>
            <dd className="text-lg font-semibold tabular">{formatMoney(monthly)}</dd>
          </div>
        </dl>
        <div className="sm:col-span-2">{action}</div>
      </div>
    </Card>
  );
}
