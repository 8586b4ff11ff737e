import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useId } from 'react';
import { periodLabel, statementFileName } from '../../../domain/homes/statements';
import { Skeleton } from '../../components/ui/skeleton';
import { myStatementsQuery, statementHref } from './home-api';
import { LoadError } from '../../components/load-error';

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

/**
 * The homeowner's monthly statements (docs/product/dashboard.md#home-page),
 * newest first, each a PDF download, from GET /api/me/home/statements.
 */
export function HomeStatements() {
  const id = useId();
  const statements = useQuery(myStatementsQuery);
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        Statements
      </h2>
      <p className="text-[0.9375rem] text-muted-foreground">A statement of each month is ready on the 2nd of the next; we e-mail you when it is.</p>
      {statements.data ? (
        statements.data.statements.length > 0 ? (
          <ul className="divide-y divide-border rounded-[var(--radius-control)] border border-border bg-card">
            {statements.data.statements.map((statement) => (
              <li key={statement.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3">
                <span className="flex items-center gap-2 text-[0.9375rem]">
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  {periodLabel(statement.period)}
                </span>
                <a className={link} href={statementHref(statement.id)} download={statementFileName(statement.period)}>
                  Download<span className="sr-only"> the statement of {periodLabel(statement.period)}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-[0.9375rem]">No statements yet. Your first arrives after your first month with us.</p>
        )
      ) : statements.error ? (
        <LoadError layout="inline" message="We could not load your statements." onRetry={() => void statements.refetch()} />
      ) : (
        <Skeleton className="h-16 w-full" />
      )}
    </section>
  );
}
