import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatCents } from '../../../../domain/format';
import { ledgerToday } from '../../../../domain/homes/dates';
import {
  LEDGER_KIND_LABELS,
  MAX_MEMO_LENGTH,
  MAX_REASON_LENGTH,
  MAX_REFERENCE_LENGTH,
  recordPaymentSchema,
  recordRefundSchema,
  reverseEntrySchema,
  type AdminLedgerEntry,
} from '../../../../domain/homes/admin-payments';
import { bankAmountCents } from '../../../../domain/homes/bank-csv';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { NumberInput } from '../../../components/ui/number-input';
import { calendarDate } from '../../../lib/dates';
import { applyServerFieldErrors, failureText } from '../../../lib/form-errors';
import { typedNumber } from '../../../lib/form-schemas';
import { notify } from '../../../lib/toast';
import { useRecordPayment, useRecordRefund, useReverseEntry, useWaiveFee } from './payments-api';

/**
 * The ledger's three staff actions (docs/product/back-office.md#payments 'A home's ledger'):
 * Record payment, Refund and Reverse, each a dialog whose fields are checked with the
 * server's own schema first, then the server's field messages shown under the fields.
 */

/** A payment's or a refund's contract schema as the dialog holds it: the amount typed in dollars, the date under one name. */
const moneyFormSchema = (kind: 'payment' | 'refund') => {
  const shape = kind === 'payment' ? recordPaymentSchema.shape : recordRefundSchema.shape;
  return z.object({
    amount: typedNumber(bankAmountCents, { empty: 'Amount is required.', invalid: 'Enter an amount in dollars and cents, e.g. 2354.00.' }, shape.amountCents),
    date: kind === 'payment' ? recordPaymentSchema.shape.receivedOn : recordRefundSchema.shape.refundedOn,
    reference: shape.reference,
    memo: shape.memo,
  });
};
type MoneyForm = z.input<ReturnType<typeof moneyFormSchema>>;
type MoneyValues = z.output<ReturnType<typeof moneyFormSchema>>;
const MONEY_FIELDS = ['amount', 'date', 'reference', 'memo'] as const;

function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** 'Record payment' or 'Refund': an amount, a date, an optional bank reference and memo. */
export function MoneyDialog({
  kind,
  homeId,
  address,
  open,
  onOpenChange,
}: {
  kind: 'payment' | 'refund';
  homeId: string;
  address: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const today = ledgerToday();
  const empty = { amount: '', date: today, reference: '', memo: '' };
  const { register, handleSubmit, formState, setError, reset } = useForm<MoneyForm, unknown, MoneyValues>({
    resolver: zodResolver(moneyFormSchema(kind)),
    defaultValues: empty,
  });
  const { errors } = formState;
  const payment = useRecordPayment(homeId);
  const refund = useRecordRefund(homeId);
  const pending = payment.isPending || refund.isPending;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset({ ...empty, date: ledgerToday() });
  };

  const onValid = async ({ amount, date, reference, memo }: MoneyValues) => {
    try {
      if (kind === 'payment') await payment.mutateAsync({ amountCents: amount, receivedOn: date, reference, memo });
      else await refund.mutateAsync({ amountCents: amount, refundedOn: date, reference, memo });
      notify.success(kind === 'payment' ? 'Payment recorded' : 'Refund recorded');
      close(false);
    } catch (error) {
      const rename = { amountCents: 'amount', receivedOn: 'date', refundedOn: 'date' } as const;
      if (applyServerFieldErrors(error, setError, MONEY_FIELDS, rename)) return;
      notify.error('Error', failureText(error, kind === 'payment' ? 'Failed to record the payment' : 'Failed to record the refund'));
    }
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={close}
      title={kind === 'payment' ? 'Record payment' : 'Refund'}
      description={kind === 'payment' ? `Money received for ${address}.` : `Money returned to the homeowner of ${address}.`}
    >
      <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={handleSubmit(onValid)}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Amount" required error={errors.amount?.message}>
            <NumberInput prefix="$" {...register('amount')} />
          </Field>
          <Field label={kind === 'payment' ? 'Date received' : 'Date refunded'} required error={errors.date?.message}>
            <Input type="date" max={today} {...register('date')} />
          </Field>
        </div>
        <Field label="Bank reference" error={errors.reference?.message} help="Optional.">
          <Input maxLength={MAX_REFERENCE_LENGTH} autoComplete="off" {...register('reference')} />
        </Field>
        <Field label="Memo" error={errors.memo?.message} help={`Optional; ${MAX_MEMO_LENGTH} characters at most.`}>
          <Textarea rows={2} maxLength={MAX_MEMO_LENGTH} className="text-sm" {...register('memo')} />
        </Field>
        <DialogFooter className="mt-2">
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : kind === 'payment' ? 'Record payment' : 'Record refund'}
          </Button>
        </DialogFooter>
      </form>
    </ActionDialog>
  );
}

/** The reversal's contract schema but the entry, which the dialog is opened for. */
const reverseFormSchema = reverseEntrySchema.pick({ reason: true });
type ReverseForm = z.input<typeof reverseFormSchema>;
type ReverseValues = z.output<typeof reverseFormSchema>;

/** 'Reverse': undoes one entry with a reason; the reversal carries its amount and today's date. */
export function ReverseDialog({ homeId, entry, onClose }: { homeId: string; entry: AdminLedgerEntry | null; onClose: () => void }) {
  const { register, handleSubmit, formState, setError, reset } = useForm<ReverseForm, unknown, ReverseValues>({
    resolver: zodResolver(reverseFormSchema),
    defaultValues: { reason: '' },
  });
  const reverse = useReverseEntry(homeId);
  // A late fee is waived: the same reversal, through the waiver route (a pending request for it is granted).
  const waive = useWaiveFee(homeId);
  const isFee = entry?.kind === 'fee';
  const pending = reverse.isPending || waive.isPending;

  const close = () => {
    reset({ reason: '' });
    onClose();
  };

  const onValid = async ({ reason }: ReverseValues) => {
    if (!entry) return;
    try {
      if (isFee) await waive.mutateAsync({ seq: entry.seq, reason });
      else await reverse.mutateAsync({ seq: entry.seq, reason });
      notify.success(isFee ? `Late fee ${entry.seq} waived` : `Entry ${entry.seq} reversed`);
      close();
    } catch (failure) {
      // The entry is not a field of the form: a refusal of it is said under the reason.
      if (applyServerFieldErrors(failure, setError, ['reason'], { seq: 'reason' })) return;
      notify.error('Error', failureText(failure, 'Failed to reverse the entry'));
    }
  };

  return (
    <ActionDialog
      open={Boolean(entry)}
      onOpenChange={(open) => !open && close()}
      title={entry ? (isFee ? `Waive late fee (entry ${entry.seq})` : `Reverse entry ${entry.seq}`) : 'Reverse entry'}
      description={
        entry
          ? `${LEDGER_KIND_LABELS[entry.kind]} of ${formatCents(entry.amountCents)} on ${calendarDate(entry.effectiveOn)}. A reversal of the same amount is added, dated today; both stay on the record.`
          : ''
      }
    >
      <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={handleSubmit(onValid)}>
        <Field label="Reason" required error={formState.errors.reason?.message} help={`${MAX_REASON_LENGTH} characters at most.`}>
          <Textarea rows={3} maxLength={MAX_REASON_LENGTH} className="text-sm" {...register('reason')} />
        </Field>
        <DialogFooter className="mt-2">
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? 'Saving...' : isFee ? 'Waive late fee' : 'Reverse entry'}
          </Button>
        </DialogFooter>
      </form>
    </ActionDialog>
  );
}
