import '@fontsource/dancing-script/400.css';
import { useQuery } from '@tanstack/react-query';
import { Download, FileSignature } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { E_CONSENT } from '../../../domain/application/consents';
import { formatDate, formatDateTime } from '../../../domain/format';
import { ENVELOPE_STATUS_LABELS, signBodySchema, type EnvelopeDetail } from '../../../domain/signatures/envelopes';
import { LoadError } from '../../components/load-error';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { brand } from '../../lib/config';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { DocumentView } from './document-view';
import { SignaturePad } from './signature-pad';
import { envelopeFileHref, envelopeQuery, useEnvelopeAction } from './signatures-api';

/**
 * 'Review and sign' (docs/decisions/033-signatures.md): the whole document in the page, the electronic-records
 * consent of the application, the signer's fields and a typed signature shown in the script font or a drawn one
 * (docs/decisions/039-addenda-and-envelopes.md), then Sign — or
 * Decline with a reason. Opening records the hash of the document shown; Sign sends it back, so a document that
 * changed since cannot be signed. Reached from the e-mail link or the dashboard (`/sign?envelope=…`).
 */
export default function SignPage() {
  const [params] = useSearchParams();
  const id = params.get('envelope') ?? '';
  const envelope = useQuery({ ...envelopeQuery(id), enabled: /^[0-9a-f-]{36}$/.test(id) });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-primary">Review and sign</h1>
      {!id || envelope.isError ? (
        <LoadError
          className="mt-6"
          message={
            envelope.error instanceof ApiError && envelope.error.status === 404
              ? 'There is no such document waiting for you.'
              : 'We could not load the document.'
          }
          onRetry={() => void envelope.refetch()}
        />
      ) : envelope.data ? (
        <Envelope detail={envelope.data} />
      ) : (
        <Skeleton className="mt-6 h-96 w-full" />
      )}
    </div>
  );
}

function Envelope({ detail }: { detail: EnvelopeDetail }) {
  const actions = useEnvelopeAction(detail.id);
  const opened = useRef(false);
  const canSign = detail.mine?.canSign ?? false;
  useEffect(() => {
    // The opening is recorded once, with the hash of the document shown.
    if (canSign && !opened.current) {
      opened.current = true;
      actions.open.mutate(undefined, { onError: (failure) => notify.error('Error', failureText(failure, 'We could not open the document')) });
    }
  }, [canSign, actions.open]);

  return (
    <div className="mt-6 flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">{detail.title}</h2>
        <Badge variant={detail.status === 'completed' ? 'default' : detail.status === 'sent' ? 'secondary' : 'destructive'}>
          {ENVELOPE_STATUS_LABELS[detail.status]}
        </Badge>
      </div>
      <ol aria-label="Signers" className="flex flex-col gap-1 text-sm text-muted-foreground">
        {detail.signers.map((signer) => (
          <li key={signer.id}>
            {signer.position}. {signer.name} ({signer.role === 'homeowner' ? (detail.kind === 'letter' ? 'buyer' : 'homeowner') : brand.name}):{' '}
            {signer.state === 'signed' && signer.signedAt
              ? `signed ${formatDateTime(signer.signedAt)}`
              : signer.state === 'pending'
                ? 'to sign now'
                : signer.state}
          </li>
        ))}
      </ol>
      {detail.status === 'sent' && <p className="text-sm text-muted-foreground">To be signed by {formatDate(detail.expiresAt)}.</p>}
      {detail.endReason && <Alert variant="warning">Reason given: {detail.endReason}</Alert>}
      {detail.mine?.refusal && detail.status !== 'completed' && <Alert variant="info">{detail.mine.refusal}</Alert>}
      {detail.status === 'completed' && (
        <Alert variant="success">
          Signed by everyone and sealed by {brand.name}. Keep the sealed PDF; anyone can check it on the{' '}
          <Link className="font-semibold text-primary underline" to="/verify">
            Verify a document
          </Link>{' '}
          page. SHA-256 <span className="font-mono text-xs [overflow-wrap:anywhere]">{detail.sealedSha256}</span>
        </Alert>
      )}
      <Button asChild variant="outline" className="self-start">
        <a href={envelopeFileHref(detail.id)} download>
          <Download aria-hidden="true" /> {detail.status === 'completed' ? 'Download the sealed PDF' : 'Download the document (PDF)'}
        </a>
      </Button>
      <Card className="p-5 sm:p-8">
        <DocumentView blocks={detail.document} title={detail.title} />
      </Card>
      {canSign && detail.mine && <SignForm detail={detail} />}
    </div>
  );
}

function SignForm({ detail }: { detail: EnvelopeDetail }) {
  const actions = useEnvelopeAction(detail.id);
  const mine = detail.mine!;
  const [consent, setConsent] = useState(false);
  const [typed, setTyped] = useState('');
  const [mode, setMode] = useState<'typed' | 'drawn'>('typed');
  const [drawing, setDrawing] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [declining, setDeclining] = useState(false);
  const consentId = useId();
  const fill = (text: string) => text.replaceAll('{brand}', brand.name).replaceAll('{email}', brand.contactEmail);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const signature = mode === 'drawn' ? { kind: 'drawn' as const, image: drawing ?? '', text: typed } : { kind: 'typed' as const, text: typed };
    const body = { documentSha256: detail.documentSha256, consent, signature, fields };
    const parsed = signBodySchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    if (mode === 'drawn' && !drawing) found['signature.image'] = 'Draw your signature in the box, or choose “Type it”.';
    for (const field of mine.fields) if (field.kind !== 'signature' && !fields[field.id]?.trim()) found[`fields.${field.id}`] = `Complete “${field.label}”.`;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The first field in error takes the focus (and its message is read with it).
      const form = event.currentTarget as HTMLFormElement;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      await actions.sign.mutateAsync(parsed.data!);
      notify.success('Signed', 'Thank you: we e-mail everyone once all have signed.');
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields) setErrors(failure.fields);
      // A refusal says why in the server's own words (already signed, not your turn, the document changed…).
      notify.error(
        'Not signed',
        failure instanceof ApiError && failure.status === 409 ? failure.message : failureText(failure, 'We could not record your signature'),
      );
    }
  };

  return (
    <Card className="p-5 sm:p-8">
      <form noValidate aria-label="Sign the document" className="flex flex-col gap-5" onSubmit={submit}>
        <h2 className="text-xl font-semibold">
          <FileSignature aria-hidden="true" className="mr-2 inline size-5" />
          Your signature
        </h2>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">How to sign</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {(
              [
                ['typed', 'Type it'],
                ['drawn', 'Draw it'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-[0.9375rem]">
                <input
                  type="radio"
                  name="signature-mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="size-4 accent-primary"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-border p-4">
          <legend className="px-1 text-sm font-semibold">Electronic records and signatures</legend>
          <ul className="flex flex-col gap-1.5 text-sm text-muted-foreground">
            {E_CONSENT.disclosures.map((d) => (
              <li key={d.title}>
                <strong className="text-foreground">{d.title}.</strong> {fill(d.text)}
              </li>
            ))}
          </ul>
          <label htmlFor="consent" className="mt-2 flex min-h-11 items-center gap-3 text-[0.9375rem]">
            <Checkbox
              id="consent"
              checked={consent}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? `${consentId}-error` : undefined}
              onChange={(e) => setConsent(e.target.checked)}
            />
            {fill(E_CONSENT.label)}
          </label>
          {errors.consent && (
            <p id={`${consentId}-error`} className="text-sm text-destructive">
              {errors.consent}
            </p>
          )}
        </fieldset>
        {mine.fields
          .filter((field) => field.kind !== 'signature')
          .map((field) => (
            <Field key={field.id} label={field.label} required error={errors[`fields.${field.id}`]}>
              <Input
                autoComplete="off"
                maxLength={field.kind === 'initials' ? 6 : 200}
                value={fields[field.id] ?? ''}
                onChange={(e) => setFields((f) => ({ ...f, [field.id]: e.target.value }))}
              />
            </Field>
          ))}
        <Field
          label={mode === 'typed' ? 'Type your full name to adopt it as your signature' : 'Your full name, printed under your drawing'}
          required
          error={errors['signature.text']}
        >
          <Input autoComplete="name" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </Field>
        {mode === 'drawn' ? (
          <div className="flex flex-col gap-1">
            <SignaturePad
              onChange={setDrawing}
              error={errors['signature.image']}
              describedBy={errors['signature.image'] ? `${consentId}-drawing-error` : undefined}
            />
            {errors['signature.image'] && (
              <p id={`${consentId}-drawing-error`} className="text-sm text-destructive">
                {errors['signature.image']}
              </p>
            )}
          </div>
        ) : (
          <div aria-hidden={typed ? undefined : true} className="min-h-16 rounded-[var(--radius-control)] border border-dashed border-border px-4 py-2">
            <p className="text-xs text-muted-foreground">Your signature</p>
            <p className="text-3xl text-foreground" style={{ fontFamily: '"Dancing Script", cursive' }} aria-label={typed ? `Signature: ${typed}` : undefined}>
              {typed}
            </p>
          </div>
        )}
        <p className="text-sm text-muted-foreground">
          By selecting Sign you adopt this signature for every signature field of this document and sign it electronically, with the same effect as a
          handwritten signature.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={actions.sign.isPending}>
            Sign
          </Button>
          <Button type="button" variant="outline" onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </div>
      </form>
      <DeclineDialog open={declining} onOpenChange={setDeclining} onDecline={(reason) => actions.decline.mutateAsync(reason)} />
    </Card>
  );
}

function DeclineDialog({
  open,
  onOpenChange,
  onDecline,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDecline: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError('Say why you decline, in a few words.');
      return;
    }
    setBusy(true);
    try {
      await onDecline(reason.trim());
      onOpenChange(false);
      notify.success('Declined', 'We will be in touch.');
    } catch (failure) {
      setError(failureText(failure, 'We could not record your answer'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Decline to sign</DialogTitle>
        <DialogDescription>The document closes and cannot be signed afterwards. Tell us why, so we can put it right.</DialogDescription>
        <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={submit}>
          <Field label="Reason" required error={error}>
            <Textarea rows={4} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Keep the document
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              Decline
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
