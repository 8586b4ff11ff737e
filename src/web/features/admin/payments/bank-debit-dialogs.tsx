import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatCents } from '../../../../domain/format';
import { bankAmountCents } from '../../../../domain/homes/bank-csv';
import { MAX_REFUND_REASON_LENGTH, staffRefundInputSchema, type StaffAccount, type StaffPayment } from '../../../../domain/payments/staff';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { NumberInput } from '../../../components/ui/number-input';
import { ApiError } from '../../../lib/api';
import { localDate } from '../../../lib/dates';
import { applyServerFieldErrors, failureText } from '../../../lib/form-errors';
import { typedNumber } from '../../../lib/form-schemas';
import { notify } from '../../../lib/toast';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useRefundDebit, useRetryDebit, useUnlockAccount } from './bank-debits-api';

/**
 * Staff's three actions on bank debits (docs/decisions/038-staff-processor-payments.md), each confirmed in a dialog
 * that names the record and says what will happen: retry a failed debit, refund a succeeded one through the
 * processor (the amount and reason first, then the confirmation), unlock a locked verification.
 */

/** A refusal the server words for staff (409, 422) as it is; anything else as the action's failure. */
const failed = (error: unknown, fallback: string) =>
  notify.error(
    'Error',
    error instanceof ApiError && (error.status === 409 || error.status === 422 || error.status === 404) ? error.message : failureText(error, fallback),
  );

const debitName = (payment: StaffPayment) =>
  `the debit of ${formatCents(payment.amountCents)} from ${payment.accountMasked} (${localDate(payment.scheduledAt)})`;

export function RetryDialog({ payment, onClose }: { payment: StaffPayment | null; onClose: () => void }) {
  const retry = useRetryDebit();
  const run = async () => {
    if (!payment) return;
    try {
      await retry.mutateAsync(payment.id);
      notify.success('Debit sent again', `A new debit of ${formatCents(payment.amountCents)} is processing.`);
      onClose();
    } catch (error) {
      failed(error, 'Failed to retry the debit');
    }
  };
  return (
    <ConfirmDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title={payment ? `Retry the debit of ${formatCents(payment.amountCents)} for ${payment.address}?` : ''}
      confirmLabel="Retry the debit"
      pending={retry.isPending}
      onConfirm={() => void run()}
    >
      {payment && (
        <>
          <p>
            A new debit of {formatCents(payment.amountCents)} from the home's verified account goes to the processor now. {debitName(payment)} stays failed.
          </p>
          <p>{payment.homeownerName || 'The homeowner'} is e-mailed when it succeeds or fails. A debit can be retried once.</p>
        </>
      )}
    </ConfirmDialog>
  );
}

const refundFormSchema = z.object({
  amount: typedNumber(
    bankAmountCents,
    { empty: 'Amount is required.', invalid: 'Enter an amount in dollars and cents, e.g. 50.00.' },
    staffRefundInputSchema.shape.amountCents,
  ),
  reason: staffRefundInputSchema.shape.reason,
});
type RefundForm = z.input<typeof refundFormSchema>;
type RefundValues = z.output<typeof refundFormSchema>;

export function RefundDialog({ payment, onClose }: { payment: StaffPayment | null; onClose: () => void }) {
  const refund = useRefundDebit();
  const [confirming, setConfirming] = useState<(RefundValues & { key: string }) | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<RefundForm, unknown, RefundValues>({
    resolver: zodResolver(refundFormSchema),
    // The parent keys this dialog by the debit, so a new debit starts from its own refundable amount.
    defaultValues: { amount: payment ? (payment.refundableCents / 100).toFixed(2) : '', reason: '' },
  });
  const close = () => {
    setConfirming(null);
    reset();
    onClose();
  };
  const send = async () => {
    if (!payment || !confirming) return;
    try {
      await refund.mutateAsync({ id: payment.id, body: { amountCents: confirming.amount, reason: confirming.reason, idempotencyKey: confirming.key } });
      notify.success('Refund asked', `${formatCents(confirming.amount)} is on its way back; the ledger records it when the processor confirms it.`);
      close();
    } catch (error) {
      setConfirming(null);
      if (applyServerFieldErrors(error, setError, ['amount', 'reason'], { amountCents: 'amount' })) return;
      failed(error, 'Failed to refund');
    }
  };
  if (payment && confirming) {
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Refund ${formatCents(confirming.amount)} to ${payment.homeownerName || payment.address}?`}
        confirmLabel={`Refund ${formatCents(confirming.amount)}`}
        destructive
        pending={refund.isPending}
        onConfirm={() => void send()}
      >
        <p>
          This sends {formatCents(confirming.amount)} of {debitName(payment)} for {payment.address} back to that account through the processor. It cannot be
          undone.
        </p>
        <p>The ledger records the refund when the processor confirms it, and the homeowner is e-mailed with your reason.</p>
      </ConfirmDialog>
    );
  }
  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Refund through the processor</DialogTitle>
        <DialogDescription>
          {payment ? `${debitName(payment)} for ${payment.address}: at most ${formatCents(payment.refundableCents)} can be refunded.` : ''}
        </DialogDescription>
        <form
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={handleSubmit((values) => setConfirming({ ...values, key: `refund-${crypto.randomUUID()}` }))}
        >
          <Field label="Amount" required error={formState.errors.amount?.message}>
            <NumberInput prefix="$" {...register('amount')} />
          </Field>
          <Field label="Reason" required help="The homeowner reads it in the e-mail." error={formState.errors.reason?.message}>
            <Textarea rows={2} maxLength={MAX_REFUND_REASON_LENGTH} {...register('reason')} />
          </Field>
          <DialogFooter className="mt-2">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Continue</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function UnlockDialog({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  const unlock = useUnlockAccount();
  const run = async () => {
    if (!account) return;
    try {
      await unlock.mutateAsync(account.homeId);
      notify.success('Bank account unlocked', 'The homeowner has three new tries.');
      onClose();
    } catch (error) {
      failed(error, 'Failed to unlock the bank account');
    }
  };
  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={(open) => !open && onClose()}
      title={account ? `Unlock the bank account ${account.accountMasked ?? ''} of ${account.address}?` : ''}
      confirmLabel="Unlock"
      pending={unlock.isPending}
      onConfirm={() => void run()}
    >
      <p>
        It was locked after three wrong micro-deposit answers. Unlocking gives {account?.homeownerName || 'the homeowner'} three new tries; nothing is debited.
      </p>
      <p>Check first that it is the homeowner who is asking.</p>
    </ConfirmDialog>
  );
}
