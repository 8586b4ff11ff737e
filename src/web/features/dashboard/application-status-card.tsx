import { ArrowRight, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { APPLICATION_STATUS_LABELS, isClosedStatus, statusBadgeVariant } from '../../../domain/application';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { MeStatus } from '../../../domain/account';
import { localDate } from '../../lib/dates';
import { PreApprovalSummary } from './pre-approval-card';

const day = (iso: string) => <time dateTime={iso}>{localDate(iso)}</time>;

function dateLine(application: NonNullable<MeStatus['application']>) {
  const { status, submittedAt, reviewedAt, updatedAt } = application;
  if (status === 'draft') return updatedAt ? <>Last saved {day(updatedAt)}</> : 'Not submitted yet';
  if (status === 'withdrawn' && application.withdrawnAt) return <>Withdrawn {day(application.withdrawnAt)}</>;
  if ((status === 'approved' || status === 'declined') && reviewedAt) return <>Decided {day(reviewedAt)}</>;
  if (status !== 'submitted' && reviewedAt) return <>Updated {day(reviewedAt)}</>;
  return submittedAt ? <>Submitted {day(submittedAt)}</> : null;
}

/** What the buyer is asked for: the open requests and the way to them (docs/product/dashboard.md#dialogs). */
function NeedsFromYou({ application }: { application: NonNullable<MeStatus['application']> }) {
  return (
    <div className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-warning/30 bg-warning-soft p-4">
      <p className="font-semibold">We need a few things from you</p>
      <ul className="list-disc pl-5 text-[0.9375rem]">
        {application.openRequests.map((request) => (
          <li key={request.id} className="break-words">
            {request.title}
          </li>
        ))}
      </ul>
      <Button asChild variant="accent" className="self-start">
        <Link to="/apply/requests">
          Open your to-do list <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}

/** A declined application: the reviewer's reason, and that a new application can start right away (docs/product/application.md: 'the user may start a new application'). */
function DeclinedReason({ application }: { application: NonNullable<MeStatus['application']> }) {
  return (
    <div className="flex flex-col gap-1 text-[0.9375rem]">
      {application.declineReason && (
        <p className="break-words whitespace-pre-line">
          <span className="font-semibold">The reviewer's reason: </span>
          {application.declineReason}
        </p>
      )}
      <p className="text-muted-foreground">You can start a new application right away, whenever your situation changes.</p>
    </div>
  );
}

/** The application's current status and date (docs/product/dashboard.md#layout). */
export function ApplicationStatusCard({ status }: { status: MeStatus }) {
  const application = status.application;
  // Declined or withdrawn: closed, a new application starts from /apply.
  const closed = application ? isClosedStatus(application.status) : false;
  const action = !application
    ? 'Fill Out Application'
    : application.status === 'draft'
      ? 'Continue Application'
      : closed
        ? 'Start a New Application'
        : 'View Application';
  return (
    <Card className="flex flex-col gap-4 p-6" role="region" aria-labelledby="application-status-title">
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <ClipboardList className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="application-status-title" className="flex flex-wrap items-center gap-2 font-semibold">
            Home application
            {application ? (
              <Badge variant={statusBadgeVariant(application.status)}>{APPLICATION_STATUS_LABELS[application.status]}</Badge>
            ) : (
              <Badge variant="outline">Not started</Badge>
            )}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {application ? dateLine(application) : 'Six short steps, saved as you go. Get pre-approved in days.'}
          </p>
        </div>
      </div>
      {application && application.openRequests.length > 0 && <NeedsFromYou application={application} />}
      {application?.status === 'declined' && <DeclinedReason application={application} />}
      {application?.status === 'withdrawn' && (
        <p className="text-[0.9375rem] text-muted-foreground">You withdrew this application. You can start a new one whenever you are ready.</p>
      )}
      {application?.status === 'approved' && status.preApproval && <PreApprovalSummary preApproval={status.preApproval} />}
      <Button asChild variant={application && application.status !== 'draft' && !closed ? 'outline' : 'default'} className="self-start">
        {/* A submitted application opens at its status and documents (the last step). */}
        <Link to={application && application.status !== 'draft' && !closed ? '/apply?step=6' : '/apply'}>
          {action} <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </Card>
  );
}
