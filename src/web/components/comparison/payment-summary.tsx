import type { ComparisonResult } from '../../../domain/calculators';
import { formatMoney, formatPercent } from '../../../domain/format';
import { cn } from '../../lib/cn';

interface Line {
  label: string;
  value: number;
}

function Column({ kind, title, lines, total, testId }: { kind: 'product' | 'mortgage'; title: string; lines: Line[]; total: number; testId: string }) {
  return (
    <div className="rounded-[var(--radius-control)] border border-border bg-card" data-testid={testId}>
      <h3 className="flex items-center gap-2 border-b border-border px-4 py-3 font-semibold">
        <span aria-hidden="true" className={cn('size-3 rounded-sm', kind === 'product' ? 'bg-chart-product' : 'bg-chart-mortgage')} />
        {title}
      </h3>
      <dl className="px-4 py-2 text-sm">
        {lines.map((line) => (
          <div key={line.label} className="flex flex-wrap justify-between gap-x-3 py-1.5">
            <dt className="min-w-0 text-muted-foreground">{line.label}</dt>
            <dd className="tabular">{formatMoney(line.value)}</dd>
          </div>
        ))}
        <div className="mt-1 flex flex-wrap justify-between gap-x-3 border-t border-border pt-2.5 pb-1 text-base font-semibold">
          <dt>Total monthly</dt>
          <dd className="tabular">{formatMoney(total)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** Both monthly payments side by side, then what the difference means (docs/product/calculators.md#comparison-page). */
export function PaymentSummary({ result, productName }: { result: ComparisonResult; productName: string }) {
  const saves = result.monthlySavings >= 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Column
          kind="product"
          testId="summary-product"
          title={`With ${productName}`}
          lines={[
            { label: `${productName} payment`, value: result.productMonthly },
            { label: 'Property taxes', value: result.taxes },
            { label: 'Homeowners insurance', value: result.insurance },
          ]}
          total={result.totalProductMonthly}
        />
        <Column
          kind="mortgage"
          testId="summary-mortgage"
          title="With a mortgage"
          lines={[
            { label: 'Principal & interest', value: result.mortgageMonthly },
            { label: 'Property taxes', value: result.taxes },
            { label: 'Homeowners insurance', value: result.insurance },
            { label: 'Mortgage insurance', value: result.mortgageInsurance },
          ]}
          total={result.totalMortgageMonthly}
        />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          { label: saves ? 'Monthly savings' : 'Monthly extra cost', value: formatMoney(Math.abs(result.monthlySavings)), id: 'savings' },
          { label: saves ? 'Savings' : 'Extra cost', value: formatPercent(Math.abs(result.savingsPercent)), id: 'savings-percent' },
          { label: 'Appreciation share', value: formatPercent(result.appreciationShare), id: 'share' },
          { label: 'Equity you give up', value: `${formatMoney(result.principalReduction)}/mo`, id: 'principal-reduction' },
        ].map((item) => (
          <div key={item.id} className="rounded-[var(--radius-control)] bg-muted px-3 py-2.5">
            <dt className="text-xs font-medium text-muted-foreground">{item.label}</dt>
            <dd className="text-lg font-semibold tabular" data-testid={`summary-${item.id}`}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
