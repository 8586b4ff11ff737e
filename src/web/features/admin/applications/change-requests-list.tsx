import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminApplicationDetail } from '../../../../domain/admin/applications';
import { CHANGE_REQUEST_STATE_LABELS, changeDecisionSchema, type ChangeDecision, type ChangeRequest } from '../../../../domain/application/change-requests';
import { isWithdrawable } from '../../../../domain/application/status';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { localDateTime } from '../../../lib/dates';
import { useChangeDecision } from './applications-api';

const STATE_BADGE = { open: 'outline', accepted: 'default', declined: 'destructive' } as const;

/** One request: what the buyer asked for, and Accept / Decline (with the reason they are mailed) while it is open. */
function ChangeItem({ request, applicationId, decidable }: { request: ChangeRequest; applicationId: string; decidable: boolean }) {
  const decide = useChangeDecision(applicationId);
  const [declining, setDeclining] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof changeDecisionSchema>, unknown, ChangeDecision>({
    resolver: zodResolver(changeDecisionSchema),
    defaultValues: { decision: 'decline', reason: '' },
  });
  const label = CHANGE_REQUEST_STATE_LABELS[request.state];
  const onError = (error: Error) => {
    const message = error instanceof ApiError ? (error.fields?.reason ?? error.fields?.value) : undefined;
    if (message) setError('reason', { type: 'server', message });
  };
  const decline = handleSubmit((body) => decide.mutate({ id: request.id, ...body }, { onError }));
  return (
    <li className="rounded-[var(--radius-control)] bg-muted/50 px-3 py-2 text-sm" aria-label={`${request.title}: ${label}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words text-foreground">{request.title}</span>
        <Badge variant={STATE_BADGE[request.state]}>{label}</Badge>
      </div>
      <p className="mt-1 break-words">
        New answer: <span className="font-medium">{request.valueText}</span>
      </p>
      <p className="mt-1 break-words whitespace-pre-wrap text-muted-foreground">{request.note}</p>
      <p className="text-xs text-muted-foreground">
        Asked <time dateTime={request.createdAt}>{localDateTime(request.createdAt)}</time>
      </p>
      {request.state === 'declined' && request.declineReason && <p className="mt-1 break-words">Reason given: {request.declineReason}</p>}
      {decidable && request.state === 'open' && !declining && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: request.id, decision: 'accept' })}
            aria-label={`Accept ${request.title}`}
          >
            Accept and change the answer
          </Button>
          <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => setDeclining(true)} aria-label={`Decline ${request.title}`}>
            Decline
          </Button>
        </div>
      )}
      {decidable && request.state === 'open' && declining && (
        <form noValidate className="mt-2 flex flex-col gap-2" onSubmit={(event) => void decline(event)}>
          <Field label="Reason the applicant will see" required error={formState.errors.reason?.message}>
            <Textarea rows={2} maxLength={1000} {...register('reason')} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" variant="destructive" disabled={decide.isPending}>
              Decline and e-mail the applicant
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setDeclining(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/**
 * The buyer's requests to change an answer, in the Requests region of the review dialog
 * (docs/decisions/041-withdrawal-and-change-requests.md): accepting changes the answer (audited); declining
 * asks for the reason the buyer is mailed.
 */
export function ChangeRequestsList({ detail }: { detail: AdminApplicationDetail }) {
  if (detail.changeRequests.length === 0) return null;
  const decidable = isWithdrawable(detail.status);
  return (
    <div className="mt-4 border-t border-border pt-3">
      <h4 className="text-sm font-semibold text-foreground">Asked by the applicant</h4>
      <ul className="mt-2 flex flex-col gap-2">
        {detail.changeRequests.map((request) => (
          <ChangeItem key={request.id} request={request} applicationId={detail.id} decidable={decidable} />
        ))}
      </ul>
    </div>
  );
}
