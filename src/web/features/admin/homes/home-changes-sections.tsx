import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { dollarsToCents, centsToDollarsText, type HomeDetail } from '../../../../domain/homes/admin-homes';
import { formatCents } from '../../../../domain/format';
import {
  cancelNoticeSchema,
  completeNoticeSchema,
  declineChangeSchema,
  isOpenNotice,
  MAX_REASON_LENGTH,
  PAYMENT_CHANGE_STATE_LABELS,
  scheduleNoticeSchema,
  type HomeChanges,
  type Notice,
  type PaymentChange,
} from '../../../../domain/homes/changes';
import { NoticeSteps } from '../../../components/homes/notice-steps';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { localDate } from '../../../lib/dates';
import { failureText } from '../../../lib/form-errors';
import { typedNumber } from '../../../lib/form-schemas';
import { notify } from '../../../lib/toast';
import {
  homeChangesQuery,
  useAcknowledgeNotice,
  useApprovePaymentChange,
  useCancelNotice,
  useCompleteNotice,
  useDeclinePaymentChange,
  useScheduleNotice,
} from './home-changes-api';
import { HomeSection } from './home-section';
import { LoadError } from '../../../components/load-error';
import { ConfirmDialog } from '../components/confirm-dialog';

/** A server refusal's field message, or null; anything else is a toast. */
function fieldOr(error: unknown, field: string, toast: string): string | null {
  if (error instanceof ApiError && error.fields?.[field]) return error.fields[field];
  notify.error('Error', error instanceof ApiError && error.status === 409 ? error.message : failureText(error, toast));
  return null;
}

type ReasonSchema = typeof declineChangeSchema | typeof cancelNoticeSchema;

/**
 * A reason staff must give (decline, cancel), checked with the action's contract schema: the homeowner reads it. Then
 * the confirmation of docs/product/back-office.md#confirmations: its title names the record, its text the consequence.
 */
function ReasonForm({
  label,
  submitLabel,
  schema,
  confirm,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  schema: ReasonSchema;
  confirm: { title: string; text: (reason: string) => string };
  onSubmit: (reason: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const { register, handleSubmit, formState, setError, setFocus } = useForm<z.input<ReasonSchema>, unknown, z.output<ReasonSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  /** The reason typed, waiting for the confirmation. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const onConfirm = async () => {
    if (confirming === null) return;
    setPending(true);
    const problem = await onSubmit(confirming);
    setPending(false);
    setConfirming(null);
    if (problem) setError('reason', { type: 'server', message: problem }, { shouldFocus: true });
  };
  return (
    <form
      noValidate
      aria-label={label}
      className="flex flex-col gap-3 rounded-[var(--radius-control)] bg-muted/50 p-3"
      onSubmit={handleSubmit(({ reason }) => setConfirming(reason))}
    >
      <Field label={label} required help="The homeowner reads it in their e-mail." error={formState.errors.reason?.message}>
        <Textarea rows={2} maxLength={MAX_REASON_LENGTH} {...register('reason')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={pending}>
          {submitLabel}…
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Back
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (open) return;
          setConfirming(null);
          setFocus('reason');
        }}
        title={confirm.title}
        confirmLabel={submitLabel}
        pending={pending}
        destructive
        onConfirm={() => void onConfirm()}
      >
        <p>{confirm.text(confirming ?? '')}</p>
      </ConfirmDialog>
    </form>
  );
}

function PendingChange({ change, changes }: { change: PaymentChange; changes: HomeChanges }) {
  const approve = useApprovePaymentChange();
  const decline = useDeclinePaymentChange();
  const [declining, setDeclining] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Approve ${formatCents(change.monthlyPaymentCents)} a month for ${changes.address}?`}
        confirmLabel="Approve payment change"
        pending={approve.isPending}
        onConfirm={() =>
          approve.mutate(change.id, {
            onSuccess: (done) => {
              setConfirming(false);
              // With e-signatures on the change waits for its addendum's signatures (docs/decisions/039-addenda-and-envelopes.md).
              if (done.state === 'signing')
                notify.success('Addendum sent for signature', 'The new payment applies once the homeowner and staff have signed it.');
              else notify.success('Payment change approved', `From month ${done.fromMonth}.`);
            },
            onError: (error) => fieldOr(error, '', 'Failed to approve the request'),
          })
        }
      >
        <p>
          From month {changes.nextMonth} the homeowner is billed {formatCents(change.monthlyPaymentCents)} instead of {formatCents(changes.currentPaymentCents)}
          , a new term of their agreement. We e-mail them that it is approved. With e-signatures on, they first sign an addendum, which staff countersign; the
          new payment applies from the first month billed after that.
        </p>
      </ConfirmDialog>
      <p className="text-[0.9375rem]">
        Asked {localDate(change.requestedAt)}: <span className="font-semibold">{formatCents(change.monthlyPaymentCents)}</span> a month instead of{' '}
        {formatCents(changes.currentPaymentCents)}, from month {changes.nextMonth} (the next unbilled month).
      </p>
      {declining ? (
        <ReasonForm
          label="Reason for declining"
          submitLabel="Decline request"
          schema={declineChangeSchema}
          confirm={{
            title: `Decline ${formatCents(change.monthlyPaymentCents)} a month for ${changes.address}?`,
            text: (reason) =>
              `The payment stays ${formatCents(changes.currentPaymentCents)} a month. We e-mail the homeowner that the request is declined, with your reason: “${reason}”`,
          }}
          onCancel={() => setDeclining(false)}
          onSubmit={async (reason) => {
            try {
              await decline.mutateAsync({ id: change.id, reason });
              notify.success('Request declined');
              return null;
            } catch (error) {
              return fieldOr(error, 'reason', 'Failed to decline the request');
            }
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button disabled={approve.isPending} onClick={() => setConfirming(true)}>
            Approve payment change…
          </Button>
          <Button variant="outline" onClick={() => setDeclining(true)}>
            Decline…
          </Button>
        </div>
      )}
    </div>
  );
}

/** 'Payment changes' on a home's record (docs/product/back-office.md#a-home): the request waiting (approve, or decline with a reason) and the earlier ones. */
export function PaymentChangesSection({ home }: { home: Pick<HomeDetail, 'id'> }) {
  const query = useQuery(homeChangesQuery(home.id));
  const changes = query.data;
  const pending = changes?.paymentChanges.find((c) => c.state === 'pending');
  const earlier = changes?.paymentChanges.filter((c) => c !== pending) ?? [];
  return (
    <HomeSection title="Payment changes">
      {query.isError ? (
        <LoadError layout="inline" message="Failed to load the payment changes." retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : !changes ? (
        <Skeleton className="h-16 w-full" />
      ) : (
        <>
          {pending ? <PendingChange change={pending} changes={changes} /> : <p className="text-sm text-muted-foreground">No request is waiting.</p>}
          {earlier.length > 0 && (
            <ul className="flex flex-col gap-1 text-sm">
              {earlier.map((c) => (
                <li key={c.id}>
                  {localDate(c.requestedAt)}: {formatCents(c.monthlyPaymentCents)} — {PAYMENT_CHANGE_STATE_LABELS[c.state]}
                  {c.fromMonth ? ` from month ${c.fromMonth}` : ''}
                  {c.reason ? ` (${c.reason})` : ''}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </HomeSection>
  );
}

/** The payout typed in dollars ('0' when nothing is paid out), checked with the contract's field. */
const completeFormSchema = z.object({
  payout: typedNumber(
    (text) => (text.trim() === '0' ? 0 : dollarsToCents(text)),
    { invalid: 'Enter the payout in dollars, e.g. 45000.' },
    completeNoticeSchema.shape.payoutCents.unwrap(),
  ),
});

function OpenNotice({ notice, changes }: { notice: Notice; changes: HomeChanges }) {
  const acknowledge = useAcknowledgeNotice();
  const schedule = useScheduleNotice();
  const complete = useCompleteNotice();
  const cancel = useCancelNotice();
  const [mode, setMode] = useState<'none' | 'cancel'>('none');
  /** The payout typed, waiting for the confirmation (in cents). */
  const [completing, setCompleting] = useState<number | null>(null);
  const scheduleForm = useForm<z.input<typeof scheduleNoticeSchema>, unknown, z.output<typeof scheduleNoticeSchema>>({
    resolver: zodResolver(scheduleNoticeSchema),
    defaultValues: { scheduledDate: notice.scheduledDate ?? notice.requestedDate },
  });
  const completeForm = useForm<z.input<typeof completeFormSchema>, unknown, z.output<typeof completeFormSchema>>({
    resolver: zodResolver(completeFormSchema),
    defaultValues: { payout: centsToDollarsText(changes.accessibleEquityCents) },
  });

  const doSchedule = async ({ scheduledDate }: z.output<typeof scheduleNoticeSchema>) => {
    try {
      await schedule.mutateAsync({ id: notice.id, scheduledDate });
      notify.success('Transfer scheduled');
    } catch (error) {
      const message = fieldOr(error, 'scheduledDate', 'Failed to schedule the transfer');
      if (message) scheduleForm.setError('scheduledDate', { type: 'server', message }, { shouldFocus: true });
    }
  };
  const doComplete = async (payout: number) => {
    try {
      await complete.mutateAsync({ id: notice.id, payoutCents: payout });
      setCompleting(null);
      notify.success('Transfer completed', 'The payout is in the ledger and the home is closed.');
    } catch (error) {
      setCompleting(null);
      const message = fieldOr(error, 'payoutCents', 'Failed to complete the transfer');
      if (message) completeForm.setError('payout', { type: 'server', message }, { shouldFocus: true });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <NoticeSteps notice={notice} />
      {notice.note && <p className="text-sm text-muted-foreground">Note: {notice.note}</p>}
      {mode === 'cancel' ? (
        <ReasonForm
          label="Reason for cancelling"
          submitLabel="Cancel notice"
          schema={cancelNoticeSchema}
          confirm={{
            title: `Cancel the 60-day notice for ${changes.address}?`,
            text: (reason) =>
              `The agreement carries on and the monthly payment is billed as before${notice.state === 'signing' ? '; the notice’s signature request is voided' : ''}. We e-mail the homeowner that the notice is cancelled, with your reason: “${reason}”`,
          }}
          onCancel={() => setMode('none')}
          onSubmit={async (reason) => {
            try {
              await cancel.mutateAsync({ id: notice.id, reason });
              notify.success('Notice cancelled');
              return null;
            } catch (error) {
              return fieldOr(error, 'reason', 'Failed to cancel the notice');
            }
          }}
        />
      ) : (
        <>
          {notice.state === 'sent' && (
            <Button
              className="self-start"
              disabled={acknowledge.isPending}
              onClick={() =>
                acknowledge.mutate(notice.id, {
                  onSuccess: () => notify.success('Notice acknowledged'),
                  onError: (error) => fieldOr(error, '', 'Failed to acknowledge the notice'),
                })
              }
            >
              Acknowledge notice
            </Button>
          )}
          {(notice.state === 'acknowledged' || notice.state === 'scheduled') && (
            <form
              noValidate
              aria-label="Schedule the transfer"
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
              onSubmit={scheduleForm.handleSubmit(doSchedule)}
            >
              <Field label="Transfer date" required error={scheduleForm.formState.errors.scheduledDate?.message}>
                <Input type="date" className="sm:max-w-56" {...scheduleForm.register('scheduledDate')} />
              </Field>
              <Button type="submit" variant={notice.state === 'scheduled' ? 'outline' : 'default'} disabled={schedule.isPending}>
                {notice.state === 'scheduled' ? 'Move date' : 'Schedule transfer'}
              </Button>
            </form>
          )}
          {notice.state === 'scheduled' && (
            <form
              noValidate
              aria-label="Complete the transfer"
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
              onSubmit={completeForm.handleSubmit(({ payout }) => setCompleting(payout))}
            >
              <Field
                label="Payout ($)"
                required
                help={`Accessible equity today: ${formatCents(changes.accessibleEquityCents)}.`}
                error={completeForm.formState.errors.payout?.message}
              >
                <Input inputMode="decimal" className="sm:max-w-56" {...completeForm.register('payout')} />
              </Field>
              <Button type="submit" disabled={complete.isPending}>
                Complete transfer…
              </Button>
              <ConfirmDialog
                open={completing !== null}
                onOpenChange={(open) => !open && setCompleting(null)}
                title={`Complete the transfer for ${changes.address}?`}
                confirmLabel="Complete transfer"
                pending={complete.isPending}
                destructive
                onConfirm={() => completing !== null && void doComplete(completing)}
              >
                <p>
                  A payout of {formatCents(completing ?? 0)} goes into the ledger, the agreement ends and no further payment is billed. We e-mail the homeowner.
                  This cannot be undone.
                </p>
              </ConfirmDialog>
            </form>
          )}
          <Button variant="ghost" className="self-start" onClick={() => setMode('cancel')}>
            Cancel notice…
          </Button>
        </>
      )}
    </div>
  );
}

/** '60-day notices' on a home's record: the notice in progress with its next step (acknowledge, schedule, complete, cancel) and the earlier ones. */
export function NoticesSection({ home }: { home: Pick<HomeDetail, 'id'> }) {
  const query = useQuery(homeChangesQuery(home.id));
  const changes = query.data;
  const open = changes?.notices.find((n) => isOpenNotice(n.state));
  const earlier = changes?.notices.filter((n) => n !== open) ?? [];
  return (
    <HomeSection title="60-day notices">
      {query.isError ? (
        <LoadError layout="inline" message="Failed to load the notices." retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : !changes ? (
        <Skeleton className="h-16 w-full" />
      ) : (
        <>
          {open ? (
            <OpenNotice key={`${open.id}:${open.state}`} notice={open} changes={changes} />
          ) : (
            <p className="text-sm text-muted-foreground">No notice is in progress.</p>
          )}
          {earlier.map((notice) => (
            <NoticeSteps key={notice.id} notice={notice} />
          ))}
        </>
      )}
    </HomeSection>
  );
}
