import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeRequestsList } from './change-requests-list';
import { useId, useState, type ComponentProps } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { AdminApplicationDetail } from '../../../../domain/admin/applications';
import { DOCUMENT_TYPES, documentTitle } from '../../../../domain/application/documents';
import { fieldByName } from '../../../../domain/application/fields';
import {
  CORRECTION_SECTIONS,
  MAX_REQUEST_NOTE,
  MAX_REQUEST_TITLE,
  newRequestSchema,
  reopenRequestSchema,
  requestStateLabel,
  type ApplicationRequest,
  type NewRequest,
  type ReopenRequest,
  type RequestEvent,
  type RequestState,
} from '../../../../domain/application/requests';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { localDateTime } from '../../../lib/dates';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useCreateRequest, useRequestAction } from './applications-api';
import { formatNumber } from '../../../../domain/format';

/** The requests of the review dialog (docs/product/back-office.md#requests): what was asked of the applicant, and asking more. */

const STATE_BADGE: Record<RequestState, 'warning' | 'secondary' | 'success' | 'outline'> = {
  open: 'warning',
  answered: 'secondary',
  accepted: 'success',
  withdrawn: 'outline',
};

const ACTION_TEXT: Record<RequestEvent['action'], string> = {
  create: 'Asked',
  answer: 'Answered',
  accept: 'Accepted',
  reopen: 'Asked again',
  withdraw: 'Withdrawn',
};

/** A note box with its counter (`length`: the note's length now); the error under the field (visual.md 'Forms'). */
function NoteField({ label, length, error, ...props }: { label: string; length: number; error?: string } & ComponentProps<'textarea'>) {
  return (
    <Field label={label} required error={error} help={`${formatNumber(length)} / ${formatNumber(MAX_REQUEST_NOTE)} characters`}>
      <Textarea maxLength={MAX_REQUEST_NOTE} rows={3} className="text-sm" {...props} />
    </Field>
  );
}

function History({ events }: { events: RequestEvent[] }) {
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer text-muted-foreground">History ({events.length})</summary>
      <ol className="mt-2 flex flex-col gap-1.5 border-l border-border pl-3">
        {events.map((event, index) => (
          <li key={index}>
            <span className="font-medium text-foreground">{ACTION_TEXT[event.action]}</span>{' '}
            <span className="text-muted-foreground">
              {event.by ? `by ${event.by}, ` : ''}
              <time dateTime={event.at}>{localDateTime(event.at)}</time>
            </span>
            {event.note && <p className="break-words whitespace-pre-wrap text-foreground">{event.note}</p>}
            {event.fields && event.fields.length > 0 && (
              <p className="text-muted-foreground">Changed: {event.fields.map((name) => fieldByName(name)?.label ?? name).join(', ')}</p>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

function RequestItem({ request, applicationId, changeable }: { request: ApplicationRequest; applicationId: string; changeable: boolean }) {
  const action = useRequestAction(applicationId);
  const [reopening, setReopening] = useState(false);
  const { register, handleSubmit, formState, setError, reset, control } = useForm<z.input<typeof reopenRequestSchema>, unknown, ReopenRequest>({
    resolver: zodResolver(reopenRequestSchema),
    defaultValues: { note: '' },
    // As before: the error shows under the box; focus stays on the button.
    shouldFocusError: false,
  });
  const note = useWatch({ control, name: 'note' });
  const label = requestStateLabel(request.state, request.round);
  const reopen = handleSubmit((body) =>
    action.mutate(
      { requestId: request.id, action: 'reopen', body },
      {
        onSuccess: () => {
          setReopening(false);
          reset({ note: '' });
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.fields?.note : undefined;
          if (message) setError('note', { type: 'server', message });
        },
      },
    ),
  );
  return (
    <li className="rounded-[var(--radius-control)] bg-muted/50 px-3 py-2 text-sm" aria-label={`${request.title}: ${label}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words text-foreground">{request.title}</span>
        <Badge variant={STATE_BADGE[request.state]}>{label}</Badge>
      </div>
      <p className="mt-1 break-words whitespace-pre-wrap text-muted-foreground">{request.note}</p>
      <History events={request.events} />
      {changeable && request.state === 'open' && (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          disabled={action.isPending}
          onClick={() => action.mutate({ requestId: request.id, action: 'withdraw' })}
          aria-label={`Withdraw ${request.title}`}
        >
          Withdraw
        </Button>
      )}
      {changeable && request.state === 'answered' && !reopening && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={action.isPending}
            onClick={() => action.mutate({ requestId: request.id, action: 'accept' })}
            aria-label={`Accept ${request.title}`}
          >
            Accept
          </Button>
          <Button variant="outline" size="sm" disabled={action.isPending} onClick={() => setReopening(true)} aria-label={`Reopen ${request.title}`}>
            Reopen
          </Button>
        </div>
      )}
      {reopening && (
        <div className="mt-3 flex flex-col gap-2">
          <NoteField label="What is still needed" length={note.length} error={formState.errors.note?.message} {...register('note')} />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={action.isPending} onClick={() => void reopen()}>
              Ask again
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setReopening(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * The request form as typed keeps both kinds' inputs while the reviewer switches between them; only the chosen kind's
 * reach the contract's schema (an Other's title only for Other, no document chosen yet as none), so the words under
 * the fields are the server's.
 */
const requestFormSchema = z
  .object({
    kind: z.enum(['document', 'correction']),
    documentType: z.string(),
    title: z.string(),
    fields: z.array(z.string()),
    note: z.string(),
  })
  .transform((draft) =>
    draft.kind === 'document'
      ? {
          kind: draft.kind,
          documentType: draft.documentType || undefined,
          ...(draft.documentType === 'other' ? { title: draft.title } : {}),
          note: draft.note,
        }
      : { kind: draft.kind, fields: draft.fields, note: draft.note },
  )
  .pipe(newRequestSchema);
type RequestFormValues = z.input<typeof requestFormSchema>;
const EMPTY_REQUEST: RequestFormValues = { kind: 'document', documentType: '', title: '', fields: [], note: '' };
const REQUEST_FIELDS = ['documentType', 'title', 'fields', 'note'] as const;

/** 'Ask for something': a document (a type, or Other with a title) or a correction of named answers, with a note. */
export function RequestForm({ applicationId, onDone }: { applicationId: string; onDone: (added: boolean) => void }) {
  const id = useId();
  const create = useCreateRequest(applicationId);
  const { register, handleSubmit, formState, setError, reset, control } = useForm<RequestFormValues, unknown, NewRequest>({
    resolver: zodResolver(requestFormSchema),
    defaultValues: EMPTY_REQUEST,
    // As before: the errors show under the fields; focus stays on the button.
    shouldFocusError: false,
  });
  const { errors } = formState;
  const [kind, documentType, note] = useWatch({ control, name: ['kind', 'documentType', 'note'] });
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        reset(EMPTY_REQUEST);
        onDone(true);
      },
      // Under the fields, focus staying on the button as for the form's own errors; other refusals are the hook's toast.
      onError: (error) => {
        applyServerFieldErrors<RequestFormValues>(error, (name, fieldError) => setError(name, fieldError), REQUEST_FIELDS);
      },
    }),
  );
  return (
    <form aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-[var(--radius-control)] border border-border p-4" noValidate onSubmit={submit}>
      <h4 id={`${id}-title`} className="text-sm font-semibold text-foreground">
        Ask for something
      </h4>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1.5 text-sm font-semibold text-foreground">What do you need?</legend>
        {(['document', 'correction'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input type="radio" value={option} className="size-4 accent-primary" {...register('kind')} />
            {option === 'document' ? 'A document' : 'A correction of answers'}
          </label>
        ))}
      </fieldset>
      {kind === 'document' ? (
        <>
          <Field label="Document" required error={errors.documentType?.message}>
            <NativeSelect className="h-10 text-sm" {...register('documentType')}>
              <option value="">Choose a document</option>
              {DOCUMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {documentTitle(type)}
                </option>
              ))}
              <option value="other">Other</option>
            </NativeSelect>
          </Field>
          {documentType === 'other' && (
            <Field label="Document title" required error={errors.title?.message}>
              <Input maxLength={MAX_REQUEST_TITLE} className="h-10 text-sm" {...register('title')} />
            </Field>
          )}
        </>
      ) : (
        <fieldset aria-describedby={errors.fields ? `${id}-fields-error` : undefined}>
          <legend className="mb-1.5 text-sm font-semibold text-foreground">
            Answers to correct
            <span aria-hidden="true" className="text-destructive">
              {' '}
              *
            </span>
          </legend>
          {/* A controller, not one register per box: the answers are sent in the order they were ticked, which names the request. */}
          <Controller
            control={control}
            name="fields"
            render={({ field: { value, onChange } }) => (
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {CORRECTION_SECTIONS.map((section) => (
                  <fieldset key={section.stepId} className="text-sm">
                    <legend className="font-medium text-muted-foreground">{section.title}</legend>
                    <div className="mt-1 flex flex-col gap-1">
                      {section.fields.map((field) => (
                        <label key={field.name} className="flex items-center gap-2">
                          <Checkbox
                            checked={value.includes(field.name)}
                            onChange={(event) => onChange(event.target.checked ? [...value, field.name] : value.filter((name) => name !== field.name))}
                          />
                          {field.label}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                ))}
              </div>
            )}
          />
          {errors.fields && (
            <p id={`${id}-fields-error`} className="mt-1.5 text-sm font-medium text-destructive">
              {errors.fields.message}
            </p>
          )}
        </fieldset>
      )}
      <NoteField label="Note to the applicant" length={note.length} error={errors.note?.message} {...register('note')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add request'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The list of requests, their actions, and the 'Ask for something' form (open when `asking`). */
export function RequestsPanel({
  detail,
  asking,
  setAsking,
}: {
  detail: AdminApplicationDetail;
  asking: boolean;
  setAsking: (open: boolean, added?: boolean) => void;
}) {
  const changeable = detail.requestsOpen;
  return (
    <section aria-labelledby={`requests-${detail.id}`} className="rounded-[var(--radius-control)] border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`requests-${detail.id}`} className="text-sm font-semibold text-foreground">
          Requests
        </h3>
        {changeable && !asking && (
          <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
            Ask for something
          </Button>
        )}
      </div>
      {!changeable && <p className="mt-2 text-xs text-muted-foreground">This application is closed: its requests can no longer change.</p>}
      {detail.requests.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Nothing has been asked of the applicant.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {detail.requests.map((request) => (
            <RequestItem key={request.id} request={request} applicationId={detail.id} changeable={changeable} />
          ))}
        </ul>
      )}
      {asking && changeable && (
        <div className="mt-3">
          <RequestForm applicationId={detail.id} onDone={(added) => setAsking(false, added)} />
        </div>
      )}
      <ChangeRequestsList detail={detail} />
    </section>
  );
}
