import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { homeFeesApi } from '../../../domain/api/home-fees';
import { formatCents, formatDate } from '../../../domain/format';
import { FEE_WAIVER_STATE_LABELS, feeWaiverRequestSchema, MAX_WAIVER_REASON_LENGTH, type MyFee } from '../../../domain/homes/fees';
import type { MyHome } from '../../../domain/homes/my-home';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { callApi } from '../../lib/call-api';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';

/**
 * Late fees on the homeowner's home page (calculators.md 'Fees'; src/domain/homes/fees.ts): the warning before a
 * fee applies, each fee with its state, and asking to waive one — the first request in any 12 months is granted at
 * once, a later one goes to our staff, whose answer shows here and arrives by e-mail.
 */

/** 'Pay by Mar 11, 2026 to avoid a $118.25 late fee.' */
export function LateFeeWarning({ home }: { home: MyHome }) {
  const warning = home.lateFeeWarning;
  if (!warning) return null;
  return (
    <Alert variant="warning" className="mt-2">
      <p className="font-semibold">
        Pay by {formatDate(warning.payBy)} to avoid a {formatCents(warning.feeCents)} late fee.
      </p>
      <p className="mt-1 text-[0.9375rem]">Month {warning.month} is not paid in full yet. A payment pays the oldest open month first.</p>
    </Alert>
  );
}

const FEE_STATE_TEXT: Record<MyFee['state'], string> = { open: 'Owed', paid: 'Paid', waived: 'Waived' };

type RequestInput = z.input<typeof feeWaiverRequestSchema>;

function WaiverForm({ fee, onDone }: { fee: MyFee; onDone: () => void }) {
  const client = useQueryClient();
  const request = useMutation({
    mutationFn: (reason: string) => callApi(homeFeesApi.requestWaiver, { body: { seq: fee.seq, reason } }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['me', 'home'] }),
  });
  const { register, handleSubmit, formState, setError } = useForm<RequestInput, unknown, z.output<typeof feeWaiverRequestSchema>>({
    resolver: zodResolver(feeWaiverRequestSchema),
    defaultValues: { seq: fee.seq, reason: '' },
  });
  const onValid = async ({ reason }: z.output<typeof feeWaiverRequestSchema>) => {
    try {
      const waiver = await request.mutateAsync(reason);
      notify.success(waiver.state === 'granted' ? 'Late fee waived' : 'Waiver requested', waiver.state === 'granted' ? undefined : 'We will answer by e-mail.');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.reason) setError('reason', { type: 'server', message: error.fields.reason }, { shouldFocus: true });
      else notify.error('Error', error instanceof ApiError && error.status === 409 ? error.message : failureText(error, 'Failed to send your request'));
    }
  };
  return (
    <form
      noValidate
      aria-label={`Ask to waive the late fee for month ${fee.month}`}
      className="flex flex-col gap-3 rounded-[var(--radius-control)] bg-muted/50 p-3"
      onSubmit={handleSubmit(onValid)}
    >
      <Field label="Why was the payment late?" required help="Your first request in any 12 months is granted at once." error={formState.errors.reason?.message}>
        <Textarea rows={2} maxLength={MAX_WAIVER_REASON_LENGTH} {...register('reason')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          Ask to waive
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Back
        </Button>
      </div>
    </form>
  );
}

function FeeRow({ fee }: { fee: MyFee }) {
  const [asking, setAsking] = useState(false);
  const waiver = fee.waiver;
  return (
    <li className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-[0.9375rem]">
          <span className="font-semibold">Late fee, month {fee.month}</span> <span className="text-muted-foreground">— {formatDate(fee.dueOn)}</span>
        </p>
        <p className="text-[0.9375rem] tabular">
          <span className={fee.state === 'waived' ? 'line-through' : 'font-semibold'}>{formatCents(fee.amountCents)}</span>{' '}
          <span className="text-muted-foreground">{FEE_STATE_TEXT[fee.state]}</span>
        </p>
      </div>
      {waiver && (
        <p className="text-[0.9375rem] [overflow-wrap:anywhere]">
          {FEE_WAIVER_STATE_LABELS[waiver.state]}
          {waiver.state === 'granted' && waiver.automatic && ': your first request in 12 months, granted at once.'}
          {waiver.state === 'pending' && ': our staff will answer by e-mail.'}
          {waiver.decisionReason && ` Our note: ${waiver.decisionReason}`}
        </p>
      )}
      {!waiver &&
        fee.state !== 'waived' &&
        (asking ? (
          <WaiverForm fee={fee} onDone={() => setAsking(false)} />
        ) : (
          <div>
            <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
              Ask to waive this fee…
            </Button>
          </div>
        ))}
    </li>
  );
}

/** The home's late fees, newest first, each with its waiver. */
export function LateFees({ fees }: { fees: MyFee[] }) {
  if (fees.length === 0) return null;
  return (
    <>
      <h3 className="mt-3 text-lg font-semibold">Late fees</h3>
      <Card className="px-4 py-1 sm:px-6">
        <ul aria-label="Late fees, newest first">
          {fees.map((fee) => (
            <FeeRow key={fee.seq} fee={fee} />
          ))}
        </ul>
      </Card>
    </>
  );
}
