import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FileSignature, FileUp, Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  checkLetterPdf,
  LETTER_EDIT_FIELDS,
  LETTER_SOURCE_LABELS,
  LETTER_STATUS_BADGES,
  LETTER_STATUS_LABELS,
  LETTER_STATUSES,
  letterEditSchema,
  type LetterEditForm,
  type LetterEditInput,
  type LetterItem,
  type LetterStatus,
} from '../../../../domain/admin/letters';
import { stateName } from '../../../../domain/admin/states';
import { formatMoneyCents } from '../../../../domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { localDate } from '../../../lib/dates';
import { LiveRegion } from '../../../components/ui/live-region';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { ContactFields, StateSelect } from '../components/contact-fields';
import { MoneyInput } from './add-letter-dialog';
import { letterQuery, useAttachLetterPdf, useSetLetterStatus, useUpdateLetter } from './letters-api';
import { LETTER_TEXTS } from './letter-texts';
import { LoadError } from '../../../components/load-error';
import { useSendLetter } from '../signatures/signatures-api';

const nameOf = (letter: Pick<LetterItem, 'firstName' | 'lastName'>) => `${letter.firstName} ${letter.lastName}`.trim();
const money = (value: number | null) => (value === null ? null : formatMoneyCents(value));
const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);
/** The edit form starts from what is stored; a state stored as its code shows as its name in the list. */
const formOf = (letter: LetterItem): Required<LetterEditForm> => ({
  firstName: letter.firstName,
  lastName: letter.lastName,
  email: letter.email,
  phone: letter.phone ?? '',
  propertyAddress: letter.propertyAddress ?? '',
  propertyValue: letter.propertyValue === null ? '' : String(letter.propertyValue),
  downPaymentAmount: letter.downPaymentAmount === null ? '' : String(letter.downPaymentAmount),
  desiredMonthlyPayment: letter.desiredMonthlyPayment === null ? '' : String(letter.desiredMonthlyPayment),
  moveInDate: letter.moveInDate ?? '',
  notes: letter.notes ?? '',
  intendedState: stateName(letter.intendedState) ?? '',
});

/** Every field of a letter, with labels (docs/product/back-office.md#letters-of-intent, Detail view). */
function LetterFields({ letter }: { letter: LetterItem }) {
  const fields: [string, ReactNode][] = [
    ['Email', <span className="break-all">{letter.email}</span>],
    ['Phone', letter.phone],
    ['Property Address', letter.propertyAddress],
    ['Property Value', money(letter.propertyValue)],
    ['Down Payment', money(letter.downPaymentAmount)],
    ['Desired Monthly Payment', money(letter.desiredMonthlyPayment)],
    ['Move-in Date', letter.moveInDate],
    ['Intended State', stateName(letter.intendedState)],
    ['PDF', letter.hasPdf ? 'Attached' : 'None'],
    ['Notes', letter.notes ? <span className="whitespace-pre-wrap">{letter.notes}</span> : null],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {fields.map(([label, value]) => (
        <div key={label} className={label === 'Notes' || label === 'Property Address' ? 'flex flex-col gap-0.5 sm:col-span-2' : 'flex flex-col gap-0.5'}>
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
          <dd className="text-[0.9375rem] tabular">{dash(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The status and its own Save (audited as an approval, a decline or an update). */
function StatusPanel({ letter }: { letter: LetterItem }) {
  const [chosen, setChosen] = useState<LetterStatus>(letter.status);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const setStatus = useSetLetterStatus();
  useEffect(() => setChosen(letter.status), [letter.status]);
  // A buyer's letter is decided once, a decline with the reason the buyer is mailed (docs/decisions/036-find-and-offer.md).
  const fromBuyer = letter.source === 'buyer';
  const decided = fromBuyer && letter.status !== 'pending';
  const save = () => {
    setReasonError(undefined);
    setStatus.mutate(
      { id: letter.id, status: chosen, reason: chosen === 'declined' ? reason : undefined },
      {
        onSuccess: (saved) => notify.success(LETTER_TEXTS.statusUpdated, `${nameOf(saved)}: ${LETTER_STATUS_LABELS[saved.status]}.`),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          if (fields?.reason) setReasonError(fields.reason);
          else notify.error('Error', failureText(error, LETTER_TEXTS.statusFailed));
        },
      },
    );
  };
  return (
    <section aria-label="Status" className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-muted/30 p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">Status</span> <Badge variant={LETTER_STATUS_BADGES[letter.status]}>{LETTER_STATUS_LABELS[letter.status]}</Badge>
        <span className="text-muted-foreground">From: {LETTER_SOURCE_LABELS[letter.source]}</span>
      </p>
      {letter.decisionReason && <p className="text-sm">Reason: {letter.decisionReason}</p>}
      {decided ? (
        <p className="text-sm text-muted-foreground">{LETTER_TEXTS.buyerDecided}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Change status to" className="min-w-[min(10rem,100%)] flex-1">
            <NativeSelect value={chosen} onChange={(event) => setChosen(event.target.value as LetterStatus)}>
              {LETTER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {LETTER_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Button onClick={save} disabled={setStatus.isPending || chosen === letter.status}>
            {setStatus.isPending ? 'Saving...' : 'Save status'}
          </Button>
          {fromBuyer && chosen === 'declined' && (
            <Field label="Reason for the buyer" required error={reasonError} className="basis-full">
              <Textarea rows={2} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} />
            </Field>
          )}
        </div>
      )}
    </section>
  );
}

/** Edit: every field of Add but the status and the PDF; the errors under their fields, what was typed kept on failure. */
function EditLetterForm({ letter, onDone }: { letter: LetterItem; onDone: () => void }) {
  const { register, handleSubmit, formState, setError, getValues, getFieldState } = useForm<LetterEditForm, unknown, LetterEditInput>({
    resolver: zodResolver(letterEditSchema),
    defaultValues: formOf(letter),
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, LETTER_EDIT_FIELDS);
  const { errors, isSubmitting } = formState;
  const update = useUpdateLetter();
  const onValid = async () => {
    try {
      // The raw texts go to the server, which validates them with the same schema.
      await update.mutateAsync({ id: letter.id, form: getValues() });
      notify.success(LETTER_TEXTS.updated);
      onDone();
    } catch (error) {
      // A field's error goes under its field; the toast is for the rest (docs/product/public-site.md#messages).
      if (applyServerFieldErrors(error, setError, LETTER_EDIT_FIELDS)) announceErrors();
      else notify.error('Error', failureText(error, LETTER_TEXTS.updateFailed));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Edit letter of intent">
      <LiveRegion announcer={announcer} />
      <ContactFields register={register} errors={errors} />
      <Field label="Property Address" error={errors.propertyAddress?.message} className="sm:col-span-2">
        <Input autoComplete="off" {...register('propertyAddress')} />
      </Field>
      <Field label="Property Value" error={errors.propertyValue?.message}>
        <MoneyInput {...register('propertyValue')} />
      </Field>
      <Field label="Down Payment Amount" error={errors.downPaymentAmount?.message}>
        <MoneyInput {...register('downPaymentAmount')} />
      </Field>
      <Field label="Desired Monthly Payment" error={errors.desiredMonthlyPayment?.message}>
        <MoneyInput {...register('desiredMonthlyPayment')} />
      </Field>
      <Field label="Move-in Date" help="A quarter, a season or 'Flexible'." error={errors.moveInDate?.message}>
        <Input autoComplete="off" maxLength={100} {...register('moveInDate')} />
      </Field>
      <Field label="Intended State" error={errors.intendedState?.message}>
        <StateSelect {...register('intendedState')} />
      </Field>
      <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
        <Textarea rows={4} {...register('notes')} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" disabled={isSubmitting} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Attach PDF…' on a letter added without one, 'Replace PDF…' on one that has it (docs/product/back-office.md#letters-of-intent):
 * checked here as in Add, then by the server; a refusal stays under the button until the next try. A buyer's letter keeps
 * the PDF its offer made.
 */
function LetterPdf({ letter }: { letter: LetterItem }) {
  const attach = useAttachLetterPdf();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [problem, setProblem] = useState<string>();
  if (letter.source === 'buyer') return null;
  const label = letter.hasPdf ? 'Replace PDF…' : 'Attach PDF…';
  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const refused = checkLetterPdf(file);
    setProblem(refused);
    if (refused) return;
    attach.mutate(
      { id: letter.id, file },
      {
        onSuccess: () => notify.success(letter.hasPdf ? LETTER_TEXTS.pdfReplaced : LETTER_TEXTS.pdfAttached, `${file.name}, for ${nameOf(letter)}.`),
        onError: (error) => setProblem((error instanceof ApiError && error.fields?.file) || failureText(error, LETTER_TEXTS.pdfFailed)),
      },
    );
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <input
        ref={input}
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => pick(event.target.files?.[0])}
      />
      <Button variant="outline" disabled={attach.isPending} aria-describedby={problem ? `${id}-error` : undefined} onClick={() => input.current?.click()}>
        <FileUp aria-hidden="true" />
        {attach.isPending ? 'Uploading…' : label}
      </Button>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}

/** 'Send for signature' (docs/decisions/039-addenda-and-envelopes.md): the buyer signs the letter in their portal. */
function SendForSignature({ letterId }: { letterId: string }) {
  const send = useSendLetter();
  return (
    <Button
      variant="outline"
      disabled={send.isPending}
      onClick={() =>
        send.mutate(letterId, {
          onSuccess: () => notify.success('Sent for signature', 'We e-mailed the buyer a link to sign the letter in their portal.'),
          onError: (error) => notify.error('Not sent', failureText(error, 'Failed to send the letter for signature')),
        })
      }
    >
      <FileSignature aria-hidden="true" />
      {send.isPending ? 'Sending…' : 'Send for signature'}
    </Button>
  );
}

/**
 * A letter's detail view (docs/product/back-office.md#letters-of-intent): every
 * field, the status with its own Save, and Edit. Its id is kept in the URL
 * (`?letter=<id>`), so a reload keeps it open and Back closes it.
 */
export function LetterDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useQuery({ ...letterQuery(id ?? ''), enabled: Boolean(id) });
  const [editing, setEditing] = useState(false);
  useEffect(() => setEditing(false), [id]);
  const letter = query.data;
  return (
    <Dialog open={Boolean(id)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{letter ? nameOf(letter) : 'Letter of intent'}</DialogTitle>
        <DialogDescription>{letter ? `Letter of intent added on ${localDate(letter.createdAt)}.` : 'A letter of intent.'}</DialogDescription>
        <div className="mt-5 flex flex-col gap-5">
          {query.isError ? (
            <LoadError message={failureText(query.error, LETTER_TEXTS.loadOneFailed)} onRetry={() => void query.refetch()} />
          ) : !letter ? (
            <p role="status" className="py-8 text-center text-muted-foreground">
              Loading...
            </p>
          ) : editing ? (
            <EditLetterForm letter={letter} onDone={() => setEditing(false)} />
          ) : (
            <>
              <StatusPanel letter={letter} />
              <LetterFields letter={letter} />
              <div className="flex flex-wrap items-start justify-end gap-2">
                <LetterPdf letter={letter} />
                <SendForSignature letterId={letter.id} />
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
              </div>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
