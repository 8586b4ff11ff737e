import { useRef, useState, type FormEvent, type ReactNode } from 'react';
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
import { ApiError } from '../../../lib/api';
import { calendarDate } from '../../../lib/dates';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useRecordPayment, useRecordRefund, useReverseEntry } from './payments-api';

/**
 * The ledger's three staff actions (docs/product/back-office.md#payments 'A home's ledger'):
 * Record payment, Refund and Reverse, each a dialog whose fields are checked with the
 * server's own schema first, then the server's field messages shown under the fields.
 */

type Errors = Record<string, string | undefined>;

/** The first field in error takes the focus once React has drawn the messages. */
function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

function serverErrors(error: unknown, names: Readonly<Record<string, string>>): Errors | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  const next: Errors = {};
  for (const [name, message] of Object.entries(error.fields)) if (names[name]) next[names[name]] ??= message;
  return Object.keys(next).length > 0 ? next : null;
}

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
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [reference, setReference] = useState('');
  const [memo, setMemo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const payment = useRecordPayment(homeId);
  const refund = useRecordRefund(homeId);
  const pending = payment.isPending || refund.isPending;
  const dateField = kind === 'payment' ? 'receivedOn' : 'refundedOn';
  const names = { amountCents: 'amount', [dateField]: 'date', reference: 'reference', memo: 'memo' } as Record<string, string>;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setAmount('');
      setDate(ledgerToday());
      setReference('');
      setMemo('');
      setErrors({});
    }
  };

  const fail = (next: Errors) => {
    setErrors(next);
    focusFirstError(formRef.current);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amountCents = bankAmountCents(amount);
    const body = { amountCents: amountCents ?? Number.NaN, [dateField]: date, reference, memo };
    const next: Errors = {};
    if (amountCents === null) next.amount = amount.trim() ? 'Enter an amount in dollars and cents, e.g. 2354.00.' : 'Amount is required.';
    const parsed = (kind === 'payment' ? recordPaymentSchema : recordRefundSchema).safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = names[String(issue.path[0])];
        if (field && !next[field]) next[field] = issue.message;
      }
    }
    if (Object.keys(next).length > 0) return fail(next);
    try {
      if (kind === 'payment') await payment.mutateAsync(body as Parameters<typeof payment.mutateAsync>[0]);
      else await refund.mutateAsync(body as Parameters<typeof refund.mutateAsync>[0]);
      notify.success(kind === 'payment' ? 'Payment recorded' : 'Refund recorded');
      close(false);
    } catch (error) {
      const fields = serverErrors(error, names);
      if (fields) return fail(fields);
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
      <form ref={formRef} noValidate className="mt-5 flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Amount" required error={errors.amount}>
            <NumberInput prefix="$" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          <Field label={kind === 'payment' ? 'Date received' : 'Date refunded'} required error={errors.date}>
            <Input type="date" value={date} max={today} onChange={(e) => setDate(e.target.value)} />
          </Field>
        </div>
        <Field label="Bank reference" error={errors.reference} help="Optional.">
          <Input value={reference} maxLength={MAX_REFERENCE_LENGTH} autoComplete="off" onChange={(e) => setReference(e.target.value)} />
        </Field>
        <Field label="Memo" error={errors.memo} help={`Optional; ${MAX_MEMO_LENGTH} characters at most.`}>
          <Textarea value={memo} rows={2} maxLength={MAX_MEMO_LENGTH} className="text-sm" onChange={(e) => setMemo(e.target.value)} />
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

/** 'Reverse': undoes one entry with a reason; the reversal carries its amount and today's date. */
export function ReverseDialog({ homeId, entry, onClose }: { homeId: string; entry: AdminLedgerEntry | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const reverse = useReverseEntry(homeId);

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    const parsed = reverseEntrySchema.safeParse({ seq: entry.seq, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return focusFirstError(formRef.current);
    }
    try {
      await reverse.mutateAsync(parsed.data);
      notify.success(`Entry ${entry.seq} reversed`);
      close();
    } catch (failure) {
      const fields = serverErrors(failure, { reason: 'reason', seq: 'reason' });
      if (fields) {
        setError(fields.reason);
        return focusFirstError(formRef.current);
      }
      notify.error('Error', failureText(failure, 'Failed to reverse the entry'));
    }
  };

  return (
    <ActionDialog
      open={Boolean(entry)}
      onOpenChange={(open) => !open && close()}
      title={entry ? `Reverse entry ${entry.seq}` : 'Reverse entry'}
      description={
        entry
          ? `${LEDGER_KIND_LABELS[entry.kind]} of ${formatCents(entry.amountCents)} on ${calendarDate(entry.effectiveOn)}. A reversal of the same amount is added, dated today; both stay on the record.`
          : ''
      }
    >
      <form ref={formRef} noValidate className="mt-5 flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
        <Field label="Reason" required error={error} help={`${MAX_REASON_LENGTH} characters at most.`}>
          <Textarea value={reason} rows={3} maxLength={MAX_REASON_LENGTH} className="text-sm" onChange={(e) => setReason(e.target.value)} />
        </Field>
        <DialogFooter className="mt-2">
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={reverse.isPending}>
            {reverse.isPending ? 'Reversing...' : 'Reverse entry'}
          </Button>
        </DialogFooter>
      </form>
    </ActionDialog>
  );
}
