import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCents } from '../../../domain/format';
import { isOpenNotice, PAYMENT_CHANGE_STATE_LABELS } from '../../../domain/homes/changes';
import { Card } from '../../components/ui/card';
import { myHomeChangesQuery } from './home-changes-api';
import { NoticeSteps } from '../../components/homes/notice-steps';
import { ADJUST_PAYMENT_PATH, TRANSFER_PATH } from './change-paths';

const link = 'rounded text-sm font-semibold text-primary underline-offset-4 hover:underline';

/**
 * The homeowner's dashboard card for their requests (docs/product/dashboard.md#transfer: the homeowner sees each
 * step): the payment change waiting or last decided, and the 60-day notice in progress
 * or last one, with its steps. Nothing when there is neither.
 */
export function HomeChangesCard() {
  const { data } = useQuery(myHomeChangesQuery);
  if (!data) return null;
  const change = data.paymentChanges.find((c) => c.state !== 'withdrawn');
  const notice = data.notices.find((n) => isOpenNotice(n.state)) ?? data.notices[0];
  if (!change && !notice) return null;
  return (
    <Card className="flex flex-col gap-4 p-6">
      <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Your requests</h2>
      {change && (
        <div className="flex flex-col gap-1">
          <p className="text-[0.9375rem]">
            Monthly payment of <span className="font-semibold">{formatCents(change.monthlyPaymentCents)}</span>:{' '}
            <span className="font-semibold">{PAYMENT_CHANGE_STATE_LABELS[change.state]}</span>
            {change.state === 'approved' && change.fromMonth ? ` from month ${change.fromMonth}` : ''}
          </p>
          {change.state === 'declined' && change.reason && <p className="text-sm text-muted-foreground">Reason: {change.reason}</p>}
          <Link to={ADJUST_PAYMENT_PATH} className={link}>
            Adjust Monthly Payment
          </Link>
        </div>
      )}
      {notice && (
        <div className="flex flex-col gap-2">
          <h3 className="text-[0.9375rem] font-semibold">60-day notice</h3>
          <NoticeSteps notice={notice} />
          <Link to={TRANSFER_PATH} className={link}>
            Open Transfer
          </Link>
        </div>
      )}
    </Card>
  );
}
