import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MILESTONE_HELP, MILESTONE_LABELS, MILESTONE_STATUS_LABELS, waitingOnBuyer, type Closing, type MilestoneStatus } from '../../../domain/buying/closing';
import { formatCents, formatDate } from '../../../domain/format';
import { MilestoneDocuments } from '../../components/closing/milestone-documents';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { myRequestsQuery } from '../../lib/my-requests';
import { closingDocumentHref, useUploadClosingDocument } from './buying-api';

const SIDES = { buyer: 'From you', staff: 'From Ownstead' } as const;

const STATUS_BADGES: Readonly<Record<MilestoneStatus, 'outline' | 'secondary' | 'success'>> = { to_do: 'outline', in_progress: 'secondary', done: 'success' };

/**
 * Under contract to closing (docs/product/dashboard.md#closing): the accepted offer's milestones, each
 * with its state, who it waits on and its date, its documents (the buyer adds theirs: an inspection report, an
 * insurance binder), and first what waits on the buyer: their milestones, and what we asked them for on the To do page
 * (the review loop's open requests).
 */
export function ClosingList({ offerId, closing }: { offerId: string; closing: Closing }) {
  const upload = useUploadClosingDocument(offerId);
  const waiting = waitingOnBuyer(closing.milestones);
  const requests = useQuery(myRequestsQuery);
  const asked = (requests.data?.requests ?? []).filter((r) => r.state === 'open');
  const waitingItems = [...waiting.map((m) => `${MILESTONE_LABELS[m.kind]} by ${formatDate(m.dueOn)}`), ...asked.map((r) => r.title)];
  return (
    <section aria-labelledby="closing-title" className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-border p-4">
      <div>
        <h4 id="closing-title" className="font-semibold">
          Under contract to closing
        </h4>
        <p className="text-[0.9375rem] text-muted-foreground tabular-nums">Agreed price {formatCents(closing.agreedPriceCents)}.</p>
      </div>
      <p className="text-[0.9375rem]" role="status">
        {waitingItems.length === 0 ? 'Nothing waits on you right now.' : `Waiting on you: ${waitingItems.join('; ')}.`}
      </p>
      {asked.length > 0 && (
        <Button asChild variant="outline" className="self-start">
          <Link to="/apply/requests">{asked.length === 1 ? 'Send what we asked for' : `Send the ${asked.length} things we asked for`}</Link>
        </Button>
      )}
      <ol className="flex flex-col gap-3" aria-label="Closing checklist">
        {closing.milestones.map((m) => (
          <li key={m.kind} className="flex flex-col gap-1 border-t border-border pt-3 first:border-t-0 first:pt-0">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{MILESTONE_LABELS[m.kind]}</span>
              <Badge variant={STATUS_BADGES[m.status]}>{MILESTONE_STATUS_LABELS[m.status]}</Badge>
            </div>
            <p className="text-sm text-muted-foreground">{MILESTONE_HELP[m.kind]}</p>
            <p className="text-sm">
              {m.owner === 'buyer' ? 'Waits on you' : 'Waits on Ownstead'} ·{' '}
              {m.status === 'done' && m.completedOn ? `Done on ${formatDate(m.completedOn)}` : `Due ${formatDate(m.dueOn)}`}
            </p>
            {m.findings && <p className="text-sm break-words">Findings: {m.findings}</p>}
            {m.appraisedValueCents !== null && <p className="text-sm tabular-nums">Appraised at {formatCents(m.appraisedValueCents)}</p>}
            <MilestoneDocuments
              label={MILESTONE_LABELS[m.kind]}
              documents={m.documents}
              hrefOf={closingDocumentHref}
              sides={SIDES}
              onUpload={(file) => upload.mutateAsync({ milestone: m.kind, file })}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
