import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../domain/format';
import { isOpenNotice, MAX_NOTICE_NOTE_LENGTH, noticeRequestSchema, type HomeChanges } from '../../../domain/homes/changes';
import { NOTICE_DAYS, NOTICE_KIND_LABELS, NOTICE_KINDS, type NoticeKind } from '../../../domain/homes/states';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { calendarDate } from '../../lib/dates';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { myHomeChangesQuery, useSendNotice } from './home-changes-api';
import { HomeChangesFrame } from './home-changes-frame';
import { NoticeSteps } from '../../components/homes/notice-steps';

type FormField = 'kind' | 'requestedDate' | 'note';
const FIELDS: readonly FormField[] = ['kind', 'requestedDate', 'note'];

/**
 * 'Transfer' (docs/product/dashboard.md#transfer): the 60-day notice — move the equity to another home, cash out, or
 * buy Ownstead out with a mortgage — on a date at least 60 days away, with the estimated
 * payout (the accessible equity at the latest valuation) shown before sending. A notice in
 * progress shows its steps instead of the form; earlier ones are listed below.
 */
export default function TransferPage() {
  const changes = useQuery(myHomeChangesQuery);
  return (
    <HomeChangesFrame title="Transfer your equity" query={changes} closedToo>
      {(home) => <Transfer home={home} />}
    </HomeChangesFrame>
  );
}

function Transfer({ home }: { home: HomeChanges }) {
  const open = home.notices.find((notice) => isOpenNotice(notice.state));
  const past = home.notices.filter((notice) => notice !== open);
  return (
    <div className="flex flex-col gap-6">
      {open ? (
        <Card className="p-6">
          <h2 className="mb-3 text-lg font-semibold">Your notice</h2>
          <NoticeSteps notice={open} />
        </Card>
      ) : home.state === 'active' ? (
        <NoticeForm home={home} />
      ) : null}
      {past.length > 0 && (
        <Card className="p-6">
          <h2 className="mb-3 text-lg font-semibold">Earlier notices</h2>
          <ul className="flex flex-col gap-5">
            {past.map((notice) => (
              <li key={notice.id}>
                <NoticeSteps notice={notice} />
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Link to="/dashboard" className="inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to the dashboard
      </Link>
    </div>
  );
}

function NoticeForm({ home }: { home: HomeChanges }) {
  const [kind, setKind] = useState<NoticeKind | ''>('');
  const [requestedDate, setRequestedDate] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const kindId = useId();
  const send = useSendNotice();

  const fail = (next: Partial<Record<FormField, string>>) => {
    setErrors(next);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { kind: kind as NoticeKind, requestedDate, note };
    const parsed = noticeRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<FormField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as FormField;
        if (FIELDS.includes(field) && !next[field]) next[field] = issue.message;
      }
      return fail(next);
    }
    try {
      await send.mutateAsync(body);
      notify.success('Notice sent', 'We will e-mail you at each step.');
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields) {
        const next: Partial<Record<FormField, string>> = {};
        for (const [name, message] of Object.entries(failure.fields)) if (FIELDS.includes(name as FormField)) next[name as FormField] = message;
        if (Object.keys(next).length > 0) return fail(next);
      }
      notify.error('Error', failure instanceof ApiError && failure.status === 409 ? failure.message : failureText(failure, 'Failed to send your notice'));
    }
  };

  return (
    <Card className="p-6">
      <form ref={formRef} noValidate aria-label="60-day notice" className="flex flex-col gap-5" onSubmit={(e) => void submit(e)}>
        <p className="text-[0.9375rem] text-muted-foreground">
          Tell us {NOTICE_DAYS} days ahead what you want to do with your equity. We acknowledge your notice, schedule the transfer and e-mail you at each step.
        </p>
        <fieldset aria-describedby={errors.kind ? `${kindId}-error` : undefined} aria-invalid={errors.kind ? true : undefined}>
          <legend className="mb-2 text-sm font-medium">
            What do you want to do?{' '}
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          </legend>
          <div className="flex flex-col gap-2">
            {NOTICE_KINDS.map((option) => (
              <label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border border-border px-3 py-2">
                <input
                  type="radio"
                  name="kind"
                  value={option}
                  checked={kind === option}
                  aria-invalid={errors.kind ? true : undefined}
                  onChange={() => {
                    setKind(option);
                    setErrors((e) => ({ ...e, kind: undefined }));
                  }}
                  className="size-4 accent-[var(--color-primary)]"
                />
                <span className="text-[0.9375rem]">{NOTICE_KIND_LABELS[option]}</span>
              </label>
            ))}
          </div>
          {errors.kind && (
            <p id={`${kindId}-error`} className="mt-1.5 text-sm font-medium text-destructive">
              {errors.kind}
            </p>
          )}
        </fieldset>
        <Field label="Date" required help={`${calendarDate(home.earliestNoticeDate)} or later (${NOTICE_DAYS} days' notice).`} error={errors.requestedDate}>
          <Input
            type="date"
            min={home.earliestNoticeDate}
            value={requestedDate}
            onChange={(e) => {
              setRequestedDate(e.target.value);
              setErrors((prev) => ({ ...prev, requestedDate: undefined }));
            }}
            className="sm:max-w-56"
          />
        </Field>
        <div className="rounded-[var(--radius-control)] bg-muted/50 p-4">
          <p className="text-sm text-muted-foreground">Estimated payout</p>
          <p className="text-2xl font-bold tracking-tight tabular" data-testid="estimated-payout">
            {formatCents(home.accessibleEquityCents)}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            Your accessible equity at the latest valuation
            {home.valuation ? ` (${calendarDate(home.valuation.valuedOn)})` : ''}. We confirm the amount when the transfer is completed.
          </p>
        </div>
        <Field label="Note (optional)" error={errors.note}>
          <Textarea value={note} maxLength={MAX_NOTICE_NOTE_LENGTH} rows={3} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <Button type="submit" className="self-start" disabled={send.isPending}>
          Send notice
        </Button>
      </form>
    </Card>
  );
}
