import { Link } from 'react-router';
import { formatCents, formatDate } from '../../../domain/format';
import type { MyHome } from '../../../domain/homes/my-home';
import { Alert } from '../../components/ui/alert';
import { brand } from '../../lib/config';
import { HOME_PAGE_PATH } from './home-paths';

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

/**
 * The first thing on a homeowner's dashboard when a month is overdue (docs/product/dashboard.md#homeowner-dashboard):
 * which month, since when, what is owed, and what to do — pay the balance, or tell us early when they cannot.
 */
export function OverdueAlert({ home }: { home: MyHome }) {
  const overdue = home.charges.filter((charge) => charge.state === 'overdue');
  if (overdue.length === 0) return null;
  // Newest first: the oldest overdue month is the last.
  const oldest = overdue.at(-1)!;
  const owed = oldest.amountCents - oldest.paidCents;
  return (
    <Alert variant="destructive" className="mt-6">
      <h2 className="font-semibold">
        {overdue.length === 1
          ? `Your payment for month ${oldest.month} is overdue`
          : `${overdue.length} monthly payments are overdue, the oldest for month ${oldest.month}`}
      </h2>
      <p className="mt-1 text-[0.9375rem] [overflow-wrap:anywhere]">
        {formatCents(owed)} of month {oldest.month} was due on {formatDate(oldest.dueOn)}.{' '}
        {home.balanceCents > 0 && <>Please pay the balance owed, {formatCents(home.balanceCents)}, by bank transfer as soon as you can. </>}
        If you cannot pay right now, write to us at{' '}
        <a className={link} href={`mailto:${brand.contactEmail}`}>
          {brand.contactEmail}
        </a>
        : the sooner we hear from you, the more we can help.
      </p>
      <p className="mt-2">
        <Link className={link} to={HOME_PAGE_PATH}>
          See your payments
        </Link>
      </p>
    </Alert>
  );
}
