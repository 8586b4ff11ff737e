import { Check, Circle, X } from 'lucide-react';
import { formatCents } from '../../../domain/format';
import { NOTICE_STATE_LABELS, type Notice } from '../../../domain/homes/changes';
import { NOTICE_KIND_LABELS } from '../../../domain/homes/states';
import { calendarDate, localDate } from '../../lib/dates';
import { cn } from '../../lib/cn';

interface Step {
  label: string;
  done: boolean;
  detail?: string;
  failed?: boolean;
}

function stepsOf(notice: Notice): Step[] {
  const steps: Step[] = [
    { label: 'Sent', done: true, detail: localDate(notice.createdAt) },
    { label: 'Acknowledged', done: notice.acknowledgedAt !== null, detail: notice.acknowledgedAt ? localDate(notice.acknowledgedAt) : undefined },
    { label: 'Scheduled', done: notice.scheduledDate !== null, detail: notice.scheduledDate ? `for ${calendarDate(notice.scheduledDate)}` : undefined },
  ];
  if (notice.state === 'cancelled') {
    steps.push({ label: 'Cancelled', done: true, failed: true, detail: notice.cancelReason ? `Reason: ${notice.cancelReason}` : undefined });
  } else {
    steps.push({
      label: 'Completed',
      done: notice.state === 'completed',
      detail: notice.state === 'completed' && notice.payoutCents !== null ? `payout ${formatCents(notice.payoutCents)}` : undefined,
    });
  }
  return steps;
}

/** A 60-day notice's steps — sent, acknowledged, scheduled (with its date), completed or cancelled (with the reason) — as a list. */
export function NoticeSteps({ notice }: { notice: Notice }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-[0.9375rem]">
        <span className="font-semibold">{NOTICE_KIND_LABELS[notice.kind]}</span> on {calendarDate(notice.requestedDate)} — estimated payout{' '}
        <span className="font-semibold tabular">{formatCents(notice.estimatedPayoutCents)}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        Status: <span className="font-semibold text-foreground">{NOTICE_STATE_LABELS[notice.state]}</span>
      </p>
      <ol aria-label="Notice steps" className="flex flex-col gap-1.5">
        {stepsOf(notice).map((step) => {
          const Icon = step.failed ? X : step.done ? Check : Circle;
          return (
            <li key={step.label} className="flex items-start gap-2 text-sm">
              <Icon
                aria-hidden="true"
                className={cn('mt-0.5 size-4 shrink-0', step.failed ? 'text-destructive' : step.done ? 'text-success' : 'text-muted-foreground')}
              />
              <span className={step.done ? 'text-foreground' : 'text-muted-foreground'}>
                {step.label}
                {step.done ? '' : ' (not yet)'}
                {step.detail ? ` — ${step.detail}` : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
