import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatCents } from '../../../domain/format';
import { isOpenNotice, MAX_NOTICE_NOTE_LENGTH, noticeRequestSchema, type HomeChanges } from '../../../domain/homes/changes';
import { NOTICE_DAYS, NOTICE_KIND_LABELS, NOTICE_KINDS } from '../../../domain/homes/states';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { calendarDate } from '../../lib/dates';
import { applyServerFieldErrors, failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { myHomeChangesQuery, useSendNotice } from './home-changes-api';
import { HomeChangesFrame } from './home-changes-frame';
import { NoticeSteps } from '../../components/homes/notice-steps';

/** The contract's notice schema; the kind starts unchosen (''), which the contract's enum refuses in its own words. */
const noticeFormSchema = noticeRequestSchema.extend({ kind: z.string().pipe(noticeRequestSchema.shape.kind) });
type NoticeForm = z.input<typeof noticeFormSchema>;
type NoticeValues = z.output<typeof noticeFormSchema>;
const FIELDS = ['kind', 'requestedDate', 'note'] as const;

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
  const { register, handleSubmit, formState, setError } = useForm<NoticeForm, unknown, NoticeValues>({
    resolver: zodResolver(noticeFormSchema),
    defaultValues: { kind: '', requestedDate: '', note: '' },
  });
  const { errors } = formState;
  const kindId = useId();
  const send = useSendNotice();

  const onValid = async ({ kind, requestedDate, note }: NoticeValues) => {
    try {
      await send.mutateAsync({ kind, requestedDate, note: note ?? undefined });
      notify.success('Notice sent', 'We will e-mail you at each step.');
    } catch (failure) {
      if (applyServerFieldErrors(failure, setError, FIELDS)) return;
      notify.error('Error', failure instanceof ApiError && failure.status === 409 ? failure.message : failureText(failure, 'Failed to send your notice'));
    }
  };

  return (
    <Card className="p-6">
      <form noValidate aria-label="60-day notice" className="flex flex-col gap-5" onSubmit={handleSubmit(onValid)}>
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
                  value={option}
                  aria-invalid={errors.kind ? true : undefined}
                  className="size-4 accent-[var(--color-primary)]"
                  {...register('kind')}
                />
                <span className="text-[0.9375rem]">{NOTICE_KIND_LABELS[option]}</span>
              </label>
            ))}
          </div>
          {errors.kind && (
            <p id={`${kindId}-error`} className="mt-1.5 text-sm font-medium text-destructive">
              {errors.kind.message}
            </p>
          )}
        </fieldset>
        <Field
          label="Date"
          required
          help={`${calendarDate(home.earliestNoticeDate)} or later (${NOTICE_DAYS} days' notice).`}
          error={errors.requestedDate?.message}
        >
          <Input type="date" min={home.earliestNoticeDate} className="sm:max-w-56" {...register('requestedDate')} />
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
        <Field label="Note (optional)" error={errors.note?.message}>
          <Textarea maxLength={MAX_NOTICE_NOTE_LENGTH} rows={3} {...register('note')} />
        </Field>
        <Button type="submit" className="self-start" disabled={send.isPending}>
          Send notice
        </Button>
      </form>
    </Card>
  );
}
