import { useId } from 'react';
import type { ComparisonResult } from '../../../../domain/calculators';
import { formatMoney } from '../../../../domain/format';
import { cn } from '../../../lib/cn';

const cell = 'px-3 py-2.5 text-right whitespace-nowrap';
// The Year column stays in view while the table scrolls sideways on a phone.
const sticky = 'sticky left-0 z-10 shadow-[inset_-1px_0_0_var(--color-border)]';

/**
 * 'Equity & Wealth Schedule Comparison' (docs/product/calculators.md#schedule-table): the eight columns, currency strings,
 * and the bold 'Net Home Wealth' row. It scrolls sideways inside its own box on
 * phones; the box is focusable so keyboard users can scroll it too.
 */
export function WealthTable({ result, productName }: { result: ComparisonResult; productName: string }) {
  const id = useId();
  const n = productName;
  const years = result.inputs.yearsToDisplay;
  const columns = [`${n} Savings`, `${n} Equity`, `${n} Appreciation`, `Total ${n} Value`, 'Mortgage Equity', 'Mortgage Appreciation', 'Total Mortgage Value'];

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        Equity &amp; Wealth Schedule Comparison
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Year by year at your chosen payment. Net Home Wealth is what each buyer would keep when moving after year {years}.
        <span className="sm:hidden"> Scroll the table sideways to see every column.</span>
      </p>
      <div
        role="region"
        aria-labelledby={`${id}-title`}
        tabIndex={0}
        className="mt-4 overflow-x-auto rounded-[var(--radius-control)] border border-border bg-card focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="wealth-table-scroll"
      >
        <table className="w-full min-w-[60rem] border-collapse text-sm tabular">
          <thead>
            <tr className="text-xs uppercase tracking-wider">
              <td className={cn(sticky, 'bg-muted')} />
              <th scope="colgroup" colSpan={4} className="bg-primary-soft px-3 py-2 text-left font-semibold text-primary">
                {n}
              </th>
              <th scope="colgroup" colSpan={3} className="bg-muted px-3 py-2 text-left font-semibold text-foreground">
                Mortgage
              </th>
            </tr>
            <tr className="border-b border-border">
              <th scope="col" className={cn(sticky, 'bg-muted px-3 py-2.5 text-left font-semibold')}>
                Year
              </th>
              {columns.map((label, i) => (
                <th
                  key={label}
                  scope="col"
                  className={cn(cell, 'font-semibold whitespace-normal', i < 4 ? 'bg-primary-soft/50' : 'bg-muted/60', i === 3 && 'border-r border-border')}
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.year} className="border-b border-border/70">
                <th scope="row" className={cn(sticky, 'bg-card px-3 py-2.5 text-left font-medium')}>
                  {row.year}
                </th>
                <td className={cell}>{formatMoney(row.product_savings)}</td>
                <td className={cell}>{formatMoney(row.product_equity)}</td>
                <td className={cell}>{formatMoney(row.product_appreciation)}</td>
                <td className={cn(cell, 'border-r border-border font-semibold text-primary')}>{formatMoney(row.total_product_value)}</td>
                <td className={cell}>{formatMoney(row.mortgage_equity)}</td>
                <td className={cell}>{formatMoney(row.mortgage_appreciation)}</td>
                <td className={cn(cell, 'font-semibold')}>{formatMoney(row.total_mortgage_value)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-foreground/20 bg-primary-soft font-bold" data-testid="net-home-wealth">
              <th scope="row" className={cn(sticky, 'w-24 bg-primary-soft px-3 py-3 text-left')}>
                Net Home Wealth
              </th>
              <td className={cell} />
              <td className={cell} />
              <td className={cell} />
              <td className={cn(cell, 'border-r border-border py-3 text-primary')}>{formatMoney(result.netHomeWealth.product)}</td>
              <td className={cell} />
              <td className={cell} />
              <td className={cn(cell, 'py-3')}>{formatMoney(result.netHomeWealth.mortgage)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
