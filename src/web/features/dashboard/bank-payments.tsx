import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatCents, formatDateTime } from '../../../domain/format';
import type { BankAccountView, PaymentsOverview, ProcessorPaymentView } from '../../../domain/payments/bank-account';
import type { ProcessorPaymentState } from '../../../domain/payments/states';
import { safeString } from '../../../domain/safe-text';
import { LoadError } from '../../components/load-error';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LiveRegion } from '../../components/ui/live-region';
import { Skeleton } from '../../components/ui/skeleton';
import { brand } from '../../lib/config';
import { applyServerFieldErrors, failureText, serverMessageOr, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { AutopaySwitch } from './autopay-switch';
import { AddAccount } from './bank-add-account';
import { LinkResult, useBankLinkReturn } from './bank-link-return';
import { VerifyAccount } from './bank-verify-account';
import { myPaymentsQuery, useLedgerFollowsPayments, usePayNow, useRemoveBankAccount } from './payments-api';

/**
 * 'Pay by bank debit' on the homeowner's home page (docs/decisions/032-processor-payments.md): the bank account on
 * file with the ACH authorisation, its micro-deposits, 'Pay now' and each payment's timeline. Where the processor offers
 * it, the account can instead be linked instantly at the processor's hosted page (docs/decisions/046-instant-bank-verification.md).
 * Labelled 'Sandbox' while the stand-in processor collects. With the switch off: how to pay by
 * bank transfer instead.
 */

const STATE_LABELS: Record<ProcessorPaymentState, string> = {
  scheduled: 'Scheduled',
  processing: 'Processing',
  succeeded: 'Succeeded',
  failed: 'Failed',
  returned: 'Returned',
};
const STATE_BADGES = { scheduled: 'outline', processing: 'secondary', succeeded: 'success', failed: 'destructive', returned: 'warning' } as const;

function SandboxBadge() {
  return <Badge variant="warning">Sandbox</Badge>;
}

const dollarsToCents = (text: string) => Math.round(Number(text) * 100);

function PayNow({ overview }: { overview: PaymentsOverview }) {
  const { minCents, maxCents } = overview.payNow;
  const payForm = z.object({
    amount: safeString({ error: 'Amount is required.' })
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Amount: dollars and cents, e.g. 250 or 250.50.')
      .refine((text) => dollarsToCents(text) >= minCents, `Amount: at least ${formatCents(minCents)}.`)
      .refine((text) => dollarsToCents(text) <= maxCents, `Amount: at most ${formatCents(maxCents)}, what you owe plus next month’s charge.`),
  });
  const { register, handleSubmit, formState, setError, getFieldState, reset } = useForm<{ amount: string }>({
    resolver: zodResolver(payForm),
    defaultValues: { amount: overview.payNow.owedCents > 0 ? (overview.payNow.owedCents / 100).toFixed(2) : '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['amount'] as const);
  // One key per payment the page asks for: a double click or a retry sends the same one, and is one payment.
  const key = useRef(crypto.randomUUID());
  const pay = usePayNow();
  const { errors, isSubmitting } = formState;
  if (maxCents < minCents) return <p className="text-[0.9375rem] text-muted-foreground">Nothing to pay now: you are up to date.</p>;
  const onValid = async ({ amount }: { amount: string }) => {
    try {
      const payment = await pay.mutateAsync({ amountCents: dollarsToCents(amount), idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      reset({ amount: '' });
      notify.success('Payment on its way', `${formatCents(payment.amountCents)} from ${payment.accountMasked}: it usually takes a few business days.`);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ['amount'], { amountCents: 'amount' })) announceErrors();
      else notify.error('Error', failureText(error, serverMessageOr(error, 'We could not start this payment. Please try again.')));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Pay now">
      <LiveRegion announcer={announcer} />
      <Field
        label="Amount ($)"
        required
        help={`From ${formatCents(minCents)} to ${formatCents(maxCents)}: what you owe plus next month’s charge.`}
        error={errors.amount?.message}
        className="sm:max-w-xs"
      >
        <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
      </Field>
      <Button type="submit" disabled={isSubmitting} className="sm:mb-7">
        {isSubmitting ? 'Paying…' : 'Pay now'}
      </Button>
    </form>
  );
}

function Timeline({ payment }: { payment: ProcessorPaymentView }) {
  return (
    <li className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold tabular">{formatCents(payment.amountCents)}</span>
        <span className="text-sm text-muted-foreground">from {payment.accountMasked}</span>
        <Badge variant={STATE_BADGES[payment.state]}>{STATE_LABELS[payment.state]}</Badge>
        {payment.sandbox && <SandboxBadge />}
      </div>
      <ol aria-label="Timeline" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {payment.steps.map((step) => (
          <li key={step.state}>
            <span className="font-medium">{STATE_LABELS[step.state]}</span> <span className="text-muted-foreground">{formatDateTime(step.at)}</span>
          </li>
        ))}
      </ol>
      {payment.reason && (
        <p className="text-sm">
          {payment.reason} {payment.whatToDo}
        </p>
      )}
    </li>
  );
}

function AccountSummary({ account }: { account: BankAccountView }) {
  const remove = useRemoveBankAccount();
  const [confirming, setConfirming] = useState(false);
  const stateText = { unverified: 'Waiting for its two deposits', verified: 'Verified', locked: 'Locked', removed: 'Removed' }[account.state];
  const how = account.state === 'verified' && account.verification === 'instant' ? 'Linked instantly through your bank' : null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-3">
        <Landmark aria-hidden="true" className="size-5 text-primary" />
        <div>
          <p className="font-semibold">
            {account.holderName} · {account.accountType === 'checking' ? 'Checking' : 'Savings'} {account.accountMasked}
          </p>
          <p className="text-sm text-muted-foreground">{stateText}</p>
          {how && <p className="text-sm text-muted-foreground">{how}</p>}
        </div>
      </div>
      {confirming ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => notify.success('Bank account removed'),
                onError: (error) => notify.error('Error', serverMessageOr(error, 'We could not remove this account.')),
              })
            }
          >
            Remove {account.accountMasked}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Remove account
        </Button>
      )}
    </div>
  );
}

export function BankPayments() {
  const query = useQuery(myPaymentsQuery);
  const titleId = useId();
  const data = query.data;
  useLedgerFollowsPayments(data);
  const linkMessage = useBankLinkReturn();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">
          Pay by bank debit
        </h2>
        {data?.enabled && data.sandbox && <SandboxBadge />}
      </div>
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <LoadError layout="inline" message="We could not load your payments." onRetry={() => void query.refetch()} />
      ) : !data!.enabled ? (
        <Card className="p-6">
          <p className="text-[0.9375rem]">
            Pay by bank transfer from your own bank. Write to us at{' '}
            <a className="font-semibold text-primary underline-offset-4 hover:underline" href={`mailto:${brand.contactEmail}`}>
              {brand.contactEmail}
            </a>{' '}
            for our account details, and quote your home’s address as the reference.
          </p>
        </Card>
      ) : (
        <Card className="flex flex-col gap-6 p-6">
          {data!.sandbox && <Alert variant="warning">Sandbox: payments here go through our test processor. No real money moves.</Alert>}
          {linkMessage && <LinkResult message={linkMessage} />}
          {!data!.bankAccount ? (
            <AddAccount overview={data!} />
          ) : (
            <>
              <AccountSummary account={data!.bankAccount} />
              {data!.bankAccount.state === 'unverified' && <VerifyAccount account={data!.bankAccount} />}
              {data!.bankAccount.state === 'locked' && (
                <Alert variant="destructive">
                  Three wrong answers: this account is locked for your safety. Write to us at {brand.contactEmail} and we will help you verify it, or remove it
                  and add another.
                </Alert>
              )}
              {data!.bankAccount.state === 'verified' && <AutopaySwitch overview={data!} />}
              {data!.bankAccount.state === 'verified' && <PayNow overview={data!} />}
            </>
          )}
          {data!.payments.length > 0 && (
            <div>
              <h3 className="text-lg font-semibold">Your bank payments</h3>
              <ul aria-label="Your bank payments, newest first">
                {data!.payments.map((payment) => (
                  <Timeline key={payment.id} payment={payment} />
                ))}
              </ul>
            </div>
          )}
        </Card>
      )}
    </section>
  );
}
