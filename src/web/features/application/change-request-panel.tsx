import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  CHANGE_REQUEST_STATE_LABELS,
  CHANGE_SECTIONS,
  changeFieldKind,
  newChangeRequestSchema,
  type ChangeRequest,
  type NewChangeRequest,
} from '../../../domain/application/change-requests';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { localDate } from '../../lib/dates';
import { notify } from '../../lib/toast';
import { changeRequestsQuery, useRequestChange } from './after-submit-api';

const STATE_BADGE = { open: 'outline', accepted: 'default', declined: 'destructive' } as const;

/** What each kind of answer is typed in (the server checks it by the wizard's rules). */
const INPUT_TYPE: Partial<Record<string, { type: string; inputMode?: 'decimal' }>> = {
  date: { type: 'date' },
  email: { type: 'email' },
  tel: { type: 'tel' },
  money: { type: 'text', inputMode: 'decimal' },
  number: { type: 'text', inputMode: 'decimal' },
};

function ChangeItem({ request }: { request: ChangeRequest }) {
  const label = CHANGE_REQUEST_STATE_LABELS[request.state];
  return (
    <li className="rounded-[var(--radius-control)] bg-card px-3 py-2 text-sm" aria-label={`${request.title}: ${label}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words">{request.title}</span>
        <Badge variant={STATE_BADGE[request.state]}>{label}</Badge>
      </div>
      <p className="mt-1 break-words">
        New answer: <span className="font-medium">{request.valueText}</span>
      </p>
      <p className="text-muted-foreground">
        Asked <time dateTime={request.createdAt}>{localDate(request.createdAt)}</time>
        {request.decidedAt && (
          <>
            {' '}
            · decided <time dateTime={request.decidedAt}>{localDate(request.decidedAt)}</time>
          </>
        )}
      </p>
      {request.state === 'declined' && request.declineReason && (
        <p className="mt-1 break-words whitespace-pre-wrap">
          <span className="font-semibold">Our reviewer's note: </span>
          {request.declineReason}
        </p>
      )}
    </li>
  );
}

/**
 * 'Ask to change an answer' (docs/decisions/041-withdrawal-and-change-requests.md): after submitting the
 * answers are read-only; the buyer names one, its new value and why, and our team accepts or declines.
 */
export function ChangeRequestPanel() {
  const list = useQuery(changeRequestsQuery);
  const ask = useRequestChange();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const { register, handleSubmit, formState, setError, reset, control, setFocus } = useForm<z.input<typeof newChangeRequestSchema>, unknown, NewChangeRequest>({
    resolver: zodResolver(newChangeRequestSchema),
    defaultValues: { field: CHANGE_SECTIONS[0]!.fields[0]!.name, value: '', note: '' },
  });
  const field = useWatch({ control, name: 'field' });
  const input = INPUT_TYPE[changeFieldKind(field)] ?? { type: 'text' };
  const close = () => {
    setOpen(false);
    reset();
    ask.reset();
    requestAnimationFrame(() => opener.current?.focus());
  };
  const submit = handleSubmit((body) =>
    ask.mutate(body, {
      onSuccess: () => {
        notify.success('Sent to our team');
        close();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        for (const name of ['field', 'value', 'note'] as const) if (fields?.[name]) setError(name, { type: 'server', message: fields[name] });
      },
    }),
  );
  const refusal = ask.error instanceof ApiError && !ask.error.fields ? ask.error.message : undefined;
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby="change-requests-title" className="mt-4 rounded-[var(--radius-control)] border border-border bg-muted/40 p-4">
      <h3 id="change-requests-title" className="font-semibold">
        Need to change an answer?
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">Your answers are locked once submitted. Tell us what changed and our team will update it.</p>
      {items.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2" aria-label="Your requests to change an answer">
          {items.map((request) => (
            <ChangeItem key={request.id} request={request} />
          ))}
        </ul>
      )}
      {!open ? (
        <Button
          ref={opener}
          variant="outline"
          size="sm"
          className="mt-3 bg-card"
          onClick={() => {
            setOpen(true);
            // The form replaces the button: focus goes to its first field.
            requestAnimationFrame(() => setFocus('field'));
          }}
        >
          Ask to change an answer
        </Button>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-4" aria-label="Ask to change an answer">
          <Field label="Answer to change" required error={formState.errors.field?.message}>
            <NativeSelect {...register('field')}>
              {CHANGE_SECTIONS.map((section) => (
                <optgroup key={section.stepId} label={section.title}>
                  {section.fields.map((option) => (
                    <option key={option.name} value={option.name}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </NativeSelect>
          </Field>
          <Field label="New answer" error={formState.errors.value?.message} help="Leave it empty to remove an optional answer.">
            <Input {...input} {...register('value')} maxLength={1000} />
          </Field>
          <Field label="Why does it change?" required error={formState.errors.note?.message}>
            <Textarea rows={3} maxLength={1000} {...register('note')} />
          </Field>
          {refusal && (
            <Alert variant="destructive" role="alert">
              {refusal}
            </Alert>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={ask.isPending}>
              {ask.isPending ? 'Sending...' : 'Send to our team'}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
