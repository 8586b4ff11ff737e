import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { stateName } from '../../../../domain/admin/states';
import type { WaitlistApplicant, WaitlistApplicantDetail } from '../../../../domain/admin/waitlist';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { localDateTime } from '../../../lib/dates';
import { applicantDetailQuery } from './waitlist-api';
import { LoadError } from '../../../components/load-error';

const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);
const when = (value: string | null) => (value ? localDateTime(value) : null);

/** Every stored field of one waitlist entry (docs/product/waitlist.md#admin-list: all public fields stay visible in a detail view). */
function fieldsOf(entry: WaitlistApplicantDetail): [string, ReactNode][] {
  return [
    ['First Name', entry.firstName],
    ['Last Name', entry.lastName],
    ['Email', entry.email],
    ['Phone', entry.phone],
    ['Interested In', entry.labels.interestedIn],
    ['City & State', entry.cityState],
    ['Intended State', stateName(entry.intendedState)],
    // One line for the timeline: the staff's free text, or the public form's buying timeline by its label (timelineOf).
    ['Timeline', entry.timeline],
    ['Home Type', entry.labels.homeType],
    ['Price Range', entry.labels.priceRange],
    ['Down Payment', entry.downPayment],
    ['Monthly Payment Range', entry.monthlyPaymentRange],
    ['Priority', entry.labels.priority],
    ['Housing Status', entry.labels.housingStatus],
    ['Interests', entry.interests],
    ['Contact Consent', entry.source === 'public' || entry.contactConsent ? (entry.contactConsent ? 'Yes' : 'No') : null],
    ['Source', entry.source === 'public' ? 'Waitlist form' : 'Added by staff'],
    ['Added By', entry.createdBy],
    ['Date Added', when(entry.createdAt)],
    ['Submitted At (browser)', when(entry.clientTimestamp)],
    ['Last Received', when(entry.receivedAt)],
    ['Submissions', entry.submissionCount],
    [
      'ID',
      <span key="id" className="font-mono text-xs break-all">
        {entry.id}
      </span>,
    ],
  ];
}

/** 'View details' of a row: the entry is read afresh from the server when the dialog opens. */
export function ApplicantDetailsDialog({
  entry,
  open,
  onOpenChange,
}: {
  entry: WaitlistApplicant | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = entry?.id;
  const detail = applicantDetailQuery(id);
  const query = useQuery({ ...detail, enabled: open && Boolean(id) });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{entry ? `${entry.firstName} ${entry.lastName}` : 'Applicant'}</DialogTitle>
        <DialogDescription>Everything stored for this waitlist applicant.</DialogDescription>
        {query.isLoading && (
          <p role="status" className="mt-5 text-muted-foreground">
            Loading...
          </p>
        )}
        {query.isError && (
          <LoadError
            layout="inline"
            className="mt-5"
            message="Failed to load this applicant."
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        )}
        {query.data && (
          <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
            {fieldsOf(query.data).map(([label, value]) => (
              <div key={label} className="flex flex-col gap-0.5 border-b border-border/60 pb-2">
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
                <dd className="text-[0.9375rem] break-words">{dash(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
