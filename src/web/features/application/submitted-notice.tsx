import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import {
  APPLICATION_STATUS_LABELS,
  DECISION_WINDOW_TEXT,
  isWithdrawable,
  statusBadgeVariant,
  type ApplicationView,
  type WITHDRAWABLE_STATUSES,
} from '../../../domain/application';
import { ChangeRequestPanel } from './change-request-panel';
import { WithdrawDialog } from './withdraw-dialog';
import { decidedTexts } from './decided-texts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { localDateTime } from '../../lib/dates';

/**
 * After submission (docs/product/application.md#submission, #draft): the decision window; the form is read-only, documents can
 * still be added. Once decided (approved or declined), the decision instead: no window, nothing more asked.
 */
export function SubmittedNotice({ view, justSubmitted, onWithdrawn }: { view: ApplicationView; justSubmitted: boolean; onWithdrawn: () => void }) {
  // Just submitted: 'Submit Application' is gone, so focus moves to this result's heading (screen readers read it) and
  // the page scrolls it into view (docs/product/application.md#keyboard-and-focus).
  const heading = useRef<HTMLHeadingElement>(null);
  const decided = decidedTexts(view.status);
  useEffect(() => {
    if (!justSubmitted) return;
    heading.current?.focus({ preventScroll: true });
    document.getElementById('application-top')?.scrollIntoView({ block: 'start' });
  }, [justSubmitted]);
  return (
    <section
      aria-labelledby="submitted-title"
      role={justSubmitted ? 'status' : undefined}
      className="mb-6 rounded-[var(--radius-card)] border border-success/30 bg-primary-soft p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
        <div className="min-w-0">
          <h2 ref={heading} id="submitted-title" tabIndex={-1} className="flex flex-wrap items-center gap-2 text-lg font-semibold focus:outline-none">
            {decided ? decided.title : justSubmitted ? 'Thank you! Your application is submitted.' : 'Your application is submitted.'}
            <Badge variant={statusBadgeVariant(view.status)}>{APPLICATION_STATUS_LABELS[view.status]}</Badge>
          </h2>
          <p className="mt-1 text-[0.9375rem] leading-relaxed">
            {decided ? decided.text : `You will receive a decision within ${DECISION_WINDOW_TEXT}. We will email you with updates.`}
          </p>
          {view.submittedAt && (
            <p className="mt-1 text-sm text-muted-foreground">
              Submitted <time dateTime={view.submittedAt}>{localDateTime(view.submittedAt)}</time>.{' '}
              {decided ? 'Your answers and documents are kept as we decided on them.' : 'Your answers can no longer be changed; you can still add documents.'}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm" className="bg-card">
              <Link to="/dashboard">Go to Dashboard</Link>
            </Button>
            {isWithdrawable(view.status) && <WithdrawDialog status={view.status as (typeof WITHDRAWABLE_STATUSES)[number]} onWithdrawn={onWithdrawn} />}
          </div>
          {isWithdrawable(view.status) && <ChangeRequestPanel />}
        </div>
      </div>
    </section>
  );
}
