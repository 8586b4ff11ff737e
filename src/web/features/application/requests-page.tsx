import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ClipboardList, FileUp, Loader2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  applicationDraftSchema,
  checkPickedFile,
  DOCUMENT_ACCEPT,
  fieldByName,
  type ApplicationField,
  type ApplicationView,
} from '../../../domain/application';
import { fieldsUnlockedBy, requestStateLabel, type ApplicationRequest } from '../../../domain/application/requests';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { applicationQuery } from './application-api';
import { useAnswerCorrection, useSendToReviewer, useUploadToRequest, myRequestsQuery } from './requests-api';
import { LoadError } from '../../components/load-error';
import { UPLOAD_MESSAGES } from './upload-messages';

/**
 * /apply/requests — the To do page (docs/product/application.md#after-submission-the-to-do-page):
 * the open requests with the reviewer's note; a document request takes an upload and
 * 'Send to reviewer'; a correction unlocks exactly its fields, checked by the wizard's
 * schema, then 'Send to reviewer'; answered ones wait for the reviewer. Once approved, what we ask for the closing
 * (docs/product/dashboard.md#closing).
 */
export default function RequestsPage() {
  const requests = useQuery(myRequestsQuery);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold">To do</h1>
        <p className="mt-1 text-[0.9375rem] text-muted-foreground">
          {requests.data?.status === 'approved'
            ? 'What we need from you for your purchase and its closing.'
            : 'What our reviewer needs from you to finish reviewing your application.'}
        </p>
      </div>
      {requests.isPending ? (
        <div role="status" aria-label="Loading your requests" className="flex flex-col gap-4">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : requests.isError ? (
        <LoadError message="We could not load your requests." detail={requests.error.message} onRetry={() => void requests.refetch()} />
      ) : requests.data.requests.length === 0 ? (
        <Card className="flex flex-col items-start gap-3 p-6">
          <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
          <h2 className="text-lg font-semibold">Nothing to do right now</h2>
          <p className="text-[0.9375rem] text-muted-foreground">
            When our reviewer needs a document or a correction, it will be listed here and we will email you.
          </p>
          <Button asChild variant="outline">
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        </Card>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Requests">
          {requests.data.requests.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RequestCard({ request }: { request: ApplicationRequest }) {
  const titleId = useId();
  const answered = request.state === 'answered';
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" role="region" aria-labelledby={titleId}>
      <div className="flex items-start gap-3">
        <ClipboardList aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="flex flex-wrap items-center gap-2 font-semibold break-words">
            {request.title}
            <Badge variant={answered ? 'outline' : 'default'}>{answered ? 'Sent' : requestStateLabel(request.state, request.round)}</Badge>
          </h2>
          <p className="mt-1 text-[0.9375rem] leading-relaxed break-words whitespace-pre-line">{request.note}</p>
          {request.documentId && request.state === 'open' && <AboutFile documentId={request.documentId} />}
        </div>
      </div>
      {answered ? (
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CheckCircle2 aria-hidden="true" className="size-4" /> Sent — waiting for the reviewer
        </p>
      ) : request.kind === 'document' ? (
        <DocumentAnswer request={request} />
      ) : (
        <CorrectionAnswerForm request={request} />
      )}
    </Card>
  );
}

/** A request a file's 'Needs attention' raised names that file: the upload becomes its new version (docs/product/application.md#document-review). */
function AboutFile({ documentId }: { documentId: string }) {
  const application = useQuery(applicationQuery);
  const file = application.data?.documents.find((d) => d.id === documentId);
  if (!file) return null;
  return (
    <p className="mt-2 text-sm break-words text-muted-foreground">
      About your file <span className="font-medium text-foreground">{file.originalName}</span>: the file you upload here replaces it.
    </p>
  );
}

/** Why a picked file was not taken: the browser's pre-check, else the server's reason (its type, size, emptiness, the 10 a type takes). */
function refusalOf(error: unknown): string {
  if (error instanceof ApiError) return error.status === 413 ? UPLOAD_MESSAGES.tooLarge.description : error.message;
  return UPLOAD_MESSAGES.failed.description;
}

const PICKED_REFUSALS = { invalidType: UPLOAD_MESSAGES.invalidType, tooLarge: UPLOAD_MESSAGES.tooLarge, empty: UPLOAD_MESSAGES.empty } as const;

/**
 * A document request: one file or several (2–3 statements, an ID's two sides; PDF, JPG or PNG, up to 25 MB each),
 * uploaded one after another with their progress, then 'Send to reviewer'. A refused file's reason stays under the
 * control until the next pick (docs/product/application.md#after-submission-the-to-do-page).
 */
function DocumentAnswer({ request }: { request: ApplicationRequest }) {
  const inputId = useId();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const [current, setCurrent] = useState<string | null>(null);
  const upload = useUploadToRequest(setProgress);
  const send = useSendToReviewer();
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);
  const type = request.documentType ?? 'other';
  const busy = current !== null;

  const onFiles = async (picked: File[]) => {
    if (fileInput.current) fileInput.current.value = '';
    if (picked.length === 0 || busy) return;
    setRefused([]);
    send.reset();
    for (const file of picked) {
      const check = checkPickedFile(file);
      if (check !== 'ok') {
        setRefused((list) => [...list, { name: file.name, reason: PICKED_REFUSALS[check].description }]);
        continue;
      }
      setProgress(0);
      setCurrent(file.name);
      try {
        const document = await upload.mutateAsync({ requestId: request.id, type, file });
        setUploaded((names) => [...names, document.originalName]);
      } catch (error) {
        setRefused((list) => [...list, { name: file.name, reason: refusalOf(error) }]);
      }
    }
    setCurrent(null);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          Upload a file, or several (PDF, JPG or PNG, up to 25 MB each)
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          disabled={busy || send.isPending}
          aria-describedby={refused.length > 0 || send.error ? errorId : undefined}
          aria-invalid={refused.length > 0 ? true : undefined}
          className="max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-[var(--radius-control)] file:border file:border-border file:bg-card file:px-4 file:font-medium"
          onChange={(event) => void onFiles(Array.from(event.target.files ?? []))}
        />
        {busy && (
          <div className="flex flex-col gap-1">
            <Progress value={progress * 100} label={`Uploading ${current}`} valueText={`${Math.round(progress * 100)}% uploaded`} />
            <p role="status" className="flex min-w-0 items-center gap-2 text-sm break-all text-muted-foreground">
              <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" /> Uploading {current}… {Math.round(progress * 100)}%
            </p>
          </div>
        )}
        {(refused.length > 0 || send.error) && (
          <div id={errorId} role="alert" className="flex flex-col gap-1 text-sm font-medium text-destructive [overflow-wrap:anywhere]">
            {refused.map((file, index) => (
              <p key={`${file.name}-${index}`}>
                {file.name} was not uploaded: {file.reason}
              </p>
            ))}
            {send.error && <p>{send.error.message}</p>}
          </div>
        )}
      </div>
      {uploaded.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Uploaded files">
          {uploaded.map((name, index) => (
            <li key={`${name}-${index}`} className="flex items-center gap-2 break-all">
              <FileUp aria-hidden="true" className="size-4 shrink-0 text-success" /> {name} uploaded
            </li>
          ))}
        </ul>
      )}
      <Button className="self-start" disabled={uploaded.length === 0 || send.isPending || busy} onClick={() => send.mutate({ id: request.id })}>
        {send.isPending ? 'Sending…' : 'Send to reviewer'}
      </Button>
    </div>
  );
}

type Values = Record<string, string | boolean>;

function initialValue(field: ApplicationField, view: ApplicationView | undefined): string | boolean {
  if (field.sensitive || !view) return field.kind === 'checkbox' ? false : '';
  const [section, key] = field.name.split('.');
  const value = (view.draft as unknown as Record<string, Record<string, unknown>>)[section]?.[key];
  if (field.kind === 'checkbox') return value === true;
  return value === null || value === undefined ? '' : String(value);
}

/** The value as the wizard's schema and the server take it: numbers as numbers, an empty box as null. */
function sendable(field: ApplicationField, value: string | boolean): string | number | boolean | null {
  if (field.kind === 'checkbox') return value === true;
  const text = String(value).trim();
  if (text === '') return null;
  if (field.kind === 'money' || field.kind === 'number') return Number.isFinite(Number(text)) ? Number(text) : text;
  return text;
}

/** The wizard's draft schema on the corrected fields alone: types and bounds, the messages under each field. */
function checkFields(fields: ApplicationField[], values: Values): Record<string, string> {
  const draft: Record<string, Record<string, unknown>> = {};
  for (const field of fields) {
    const [section, key] = field.name.split('.');
    (draft[section] ??= {})[key] = sendable(field, values[field.name]);
  }
  const parsed = applicationDraftSchema.safeParse(draft);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  for (const field of fields) {
    if (field.kind !== 'checkbox' && field.requirement === 'required' && String(values[field.name]).trim() === '')
      errors[field.name] ??= `Enter your ${field.label}.`;
  }
  return errors;
}

/** A correction: exactly the fields the request unlocks, editable, checked like the wizard's; the server checks again. */
function CorrectionAnswerForm({ request }: { request: ApplicationRequest }) {
  const application = useQuery(applicationQuery);
  const fields = fieldsUnlockedBy(request.fields ?? [])
    .map(fieldByName)
    .filter((field): field is ApplicationField => Boolean(field));
  if (application.isPending) return <Skeleton className="h-24 w-full" />;
  if (application.isError)
    return (
      <Alert variant="destructive" role="alert">
        <p>We could not load your answers. {application.error.message}</p>
      </Alert>
    );
  return <CorrectionFields request={request} fields={fields} view={application.data} />;
}

function CorrectionFields({ request, fields, view }: { request: ApplicationRequest; fields: ApplicationField[]; view: ApplicationView }) {
  const [values, setValues] = useState<Values>(() => Object.fromEntries(fields.map((field) => [field.name, initialValue(field, view)])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const answer = useAnswerCorrection();
  const formError = answer.error && !(answer.error instanceof ApiError && answer.error.fields) ? answer.error.message : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkFields(fields, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    answer.mutate(
      { id: request.id, values: Object.fromEntries(fields.map((field) => [field.name, sendable(field, values[field.name])])) },
      { onError: (error) => setErrors(error instanceof ApiError && error.fields ? error.fields : {}) },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {fields.map((field) => (
        <CorrectionField
          key={field.name}
          field={field}
          value={values[field.name]}
          masked={field.name === 'personal.ssnLast4' ? view.sensitive.ssnLast4 : field.name === 'personal.dateOfBirth' ? view.sensitive.dateOfBirth : null}
          error={errors[field.name]}
          onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={answer.isPending}>
        {answer.isPending ? 'Sending…' : 'Send to reviewer'}
      </Button>
    </form>
  );
}

function CorrectionField({
  field,
  value,
  masked,
  error,
  onChange,
}: {
  field: ApplicationField;
  value: string | boolean;
  masked: string | null;
  error?: string;
  onChange: (value: string | boolean) => void;
}) {
  const errorId = useId();
  if (field.kind === 'checkbox') {
    return (
      <div className="flex flex-col gap-1.5">
        <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2.5 text-[0.9375rem] font-medium">
          <Checkbox
            className="mt-px"
            checked={value === true}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          <span>{field.label}</span>
        </label>
        {error && (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  }
  const kind = field.kind;
  const props =
    kind === 'money' || kind === 'number'
      ? { type: 'number', inputMode: 'decimal' as const, min: field.min, max: field.max, step: field.step }
      : kind === 'date'
        ? { type: 'date', min: '1900-01-01' }
        : kind === 'ssnLast4'
          ? { type: 'text', inputMode: 'numeric' as const, maxLength: 4 }
          : { type: kind === 'tel' || kind === 'email' ? kind : 'text', maxLength: field.maxLength };
  return (
    <Field
      label={field.label}
      required={field.requirement === 'required'}
      error={error}
      help={masked ? `Now ${masked}. Enter the corrected value.` : undefined}
    >
      <Input {...props} autoComplete={field.autoComplete} value={String(value)} onChange={(event) => onChange(event.currentTarget.value)} />
    </Field>
  );
}
