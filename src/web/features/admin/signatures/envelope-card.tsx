import { Download, FileSignature, Mail, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { signaturesApi } from '../../../../domain/api/signatures';
import { ENVELOPE_KIND_LABELS, ENVELOPE_STATUS_LABELS, type EnvelopeSummary } from '../../../../domain/signatures/envelopes';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { hrefOf } from '../../../lib/call-api';
import { localDate, localDateTime } from '../../../lib/dates';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useResendEnvelope, useVoidEnvelope } from './signatures-api';

/** Whose turn it is on a waiting envelope, in words. */
function whoseTurn(envelope: EnvelopeSummary): string {
  const pending = envelope.signers.find((s) => s.state === 'pending');
  if (!pending) return '—';
  return pending.role === 'staff' ? 'Staff (countersignature)' : `${pending.name} (${envelope.kind === 'letter' ? 'buyer' : 'homeowner'})`;
}

/**
 * One envelope as staff see it (docs/decisions/039-addenda-and-envelopes.md): the document, whose turn since when and
 * the expiry; Countersign when it is staff's turn, Send again (mailed again, audited), Void with a reason (audited),
 * and the document to download.
 */
export function EnvelopeCard({ envelope, headingLevel = 2 }: { envelope: EnvelopeSummary; headingLevel?: 2 | 3 }) {
  const resend = useResendEnvelope();
  const [voiding, setVoiding] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const staffTurn = envelope.status === 'sent' && envelope.signers.some((s) => s.role === 'staff' && s.state === 'pending');
  const open = envelope.status === 'sent' || envelope.status === 'expired';
  return (
    <li className="flex flex-col gap-2 rounded-[var(--radius-card)] border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Heading className="text-base font-semibold [overflow-wrap:anywhere]">{envelope.title}</Heading>
        <Badge variant={envelope.status === 'completed' ? 'success' : envelope.status === 'sent' ? 'secondary' : 'destructive'}>
          {ENVELOPE_STATUS_LABELS[envelope.status]}
        </Badge>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Document</dt>
        <dd>
          {ENVELOPE_KIND_LABELS[envelope.kind]}
          {envelope.method === 'wet' ? ', signed on paper' : ''}
        </dd>
        {envelope.status === 'sent' && (
          <>
            <dt className="text-muted-foreground">Whose turn</dt>
            <dd>{whoseTurn(envelope)}</dd>
            <dt className="text-muted-foreground">Waiting since</dt>
            <dd>{envelope.waitingSince ? localDateTime(envelope.waitingSince) : '—'}</dd>
          </>
        )}
        {open && (
          <>
            <dt className="text-muted-foreground">{envelope.status === 'expired' ? 'Expired on' : 'Expires on'}</dt>
            <dd>{localDate(envelope.expiresAt)}</dd>
          </>
        )}
        {envelope.completedAt && (
          <>
            <dt className="text-muted-foreground">Signed</dt>
            <dd>{localDate(envelope.completedAt)}</dd>
          </>
        )}
        {envelope.endReason && (
          <>
            <dt className="text-muted-foreground">Reason</dt>
            <dd className="[overflow-wrap:anywhere]">{envelope.endReason}</dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        {staffTurn && (
          <Button asChild size="sm">
            <Link to={`/sign?envelope=${envelope.id}`}>
              <FileSignature aria-hidden="true" /> Countersign<span className="sr-only"> {envelope.title}</span>
            </Link>
          </Button>
        )}
        {(open || envelope.status === 'declined' || envelope.status === 'voided') && envelope.method === 'esign' && (
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(envelope.id, {
                onSuccess: () => notify.success('Sent again', 'The signer whose turn it is gets the e-mail again.'),
                onError: (error) => notify.error('Not sent', failureText(error, 'Failed to send the envelope again')),
              })
            }
          >
            <Mail aria-hidden="true" /> Send again<span className="sr-only"> {envelope.title}</span>
          </Button>
        )}
        {envelope.status === 'sent' && (
          <Button variant="outline" size="sm" onClick={() => setVoiding(true)}>
            <XCircle aria-hidden="true" /> Void<span className="sr-only"> {envelope.title}</span>
          </Button>
        )}
        <Button asChild variant="ghost" size="sm">
          <a href={hrefOf(signaturesApi.adminFile, { params: { id: envelope.id } })} download>
            <Download aria-hidden="true" /> {envelope.status === 'completed' ? 'Signed PDF' : 'Document'}
            <span className="sr-only"> of {envelope.title}</span>
          </a>
        </Button>
      </div>
      <VoidDialog envelope={envelope} open={voiding} onOpenChange={setVoiding} />
    </li>
  );
}

function VoidDialog({ envelope, open, onOpenChange }: { envelope: EnvelopeSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  const voidEnvelope = useVoidEnvelope();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError('Give a reason, in a few words.');
      return;
    }
    voidEnvelope.mutate(
      { id: envelope.id, reason: reason.trim() },
      {
        onSuccess: () => {
          onOpenChange(false);
          notify.success('Voided', 'The signer sees it withdrawn, with your reason.');
        },
        onError: (failure) => setError(failureText(failure, 'Failed to void the envelope')),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !voidEnvelope.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <DialogTitle className="[overflow-wrap:anywhere]">Void “{envelope.title}”?</DialogTitle>
        <DialogDescription>It can no longer be signed. The signer sees it withdrawn, with your reason, and we e-mail them.</DialogDescription>
        <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={submit}>
          <Field label="Reason" required error={error}>
            <Textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Keep it
            </Button>
            <Button type="submit" variant="destructive" disabled={voidEnvelope.isPending}>
              Void
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
