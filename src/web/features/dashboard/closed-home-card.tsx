import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCents, formatDate } from '../../../domain/format';
import { EXIT_CLOSED_LABELS } from '../../../domain/homes/exit-quotes';
import type { MyHome } from '../../../domain/homes/my-home';
import { Card } from '../../components/ui/card';
import { exitOptionsQuery, finalStatementHref } from './exit-api';
import { quotePath } from './exit-paths';
import { HOME_PAGE_PATH } from './home-paths';

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

/**
 * A closed home's dashboard (docs/decisions/034-exit-quotes.md 'After the home closes'): the agreement ended, on
 * what date and how, the final figures with the payout or buy-out as paid, and where the statements and the
 * ledger stay downloadable. No action that no longer applies.
 */
export function ClosedHomeCard({ home }: { home: MyHome }) {
  const options = useQuery(exitOptionsQuery);
  const completed = options.data?.quotes.find((quote) => quote.state === 'completed');
  const total = completed?.finalTotalCents ?? null;
  return (
    <Card className="flex flex-col gap-3 p-6" data-testid="closed-home">
      <h2 className="text-lg font-semibold">Your agreement has ended</h2>
      <p className="text-[0.9375rem]">
        {`Your agreement for ${home.home.address} ended on ${home.home.closedOn ? formatDate(home.home.closedOn) : 'its closing date'}`}
        {completed ? `: you ${EXIT_CLOSED_LABELS[completed.kind]}.` : '.'} No further payments are billed.
      </p>
      {completed && total !== null && (
        <p className="text-[0.9375rem]">
          {completed.kind === 'buy_out' ? (
            <>
              Buy-out price <strong className="tabular">{formatCents(total)}</strong>: paid.
            </>
          ) : total >= 0 ? (
            <>
              Payout <strong className="tabular">{formatCents(total)}</strong>: paid on {formatDate(completed.completedOn!)}.
            </>
          ) : (
            <>
              The final figures left <strong className="tabular">{formatCents(-total)}</strong> owed; we will contact you about it.
            </>
          )}
        </p>
      )}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {completed && (
          <>
            <Link className={link} to={quotePath(completed.id)}>
              Final statement
            </Link>
            <a className={link} href={finalStatementHref(completed.id)} download>
              Download the final statement (PDF)
            </a>
          </>
        )}
        <Link className={link} to={HOME_PAGE_PATH}>
          Statements and ledger
        </Link>
      </div>
    </Card>
  );
}
