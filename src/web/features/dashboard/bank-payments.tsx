import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { formatCents, formatDateTime } from '../../../domain/format';
import { accountNumberProblem, routingNumberProblem } from '../../../domain/payments/aba';
import { BANK_ACCOUNT_TYPES, type BankAccountView, type PaymentsOverview, type ProcessorPaymentView } from '../../../domain/payments/bank-account';
import type { ProcessorPaymentState } from '../../../domain/payments/states';
import { personName, safeString } from '../../../domain/safe-text';
import { LoadError } from '../../components/load-error';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input, NativeSelect } from '../../components/ui/input';
import { LiveRegion } from '../../components/ui/live-region';
import { Skeleton } from '../../components/ui/skeleton';
import { brand } from '../../lib/config';
import { applyServerFieldErrors, failureText, isApiError, serverMessageOr, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { AutopaySwitch } from './autopay-switch';
import {
  myPaymentsQuery,
  useAddBankAccount,
  useCancelBankLink,
  useCompleteBankLink,
  useLedgerFollowsPayments,
  usePayNow,
  useRemoveBankAccount,
  useStartBankLink,
  useVerifyBankAccount,
} from './payments-api';

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

const digits = (required: string, problem: (text: string) => string | undefined) =>
  safeString({ error: required })
    .trim()
    .superRefine((text, ctx) => {
      const message = problem(text);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

const addForm = z.object({
  holderName: personName('Account holder name'),
  routingNumber: digits('Routing number is required.', routingNumberProblem),
  accountNumber: digits('Account number is required.', accountNumberProblem),
  accountType: z.enum(BANK_ACCOUNT_TYPES, { error: 'Choose checking or savings.' }),
  agreed: z.literal(true, { error: 'Tick the box to authorise the debits.' }),
});
type AddForm = z.input<typeof addForm>;
const ADD_FIELDS = ['holderName', 'routingNumber', 'accountNumber', 'accountType', 'agreed'] as const;

/** The ACH debit authorisation, its text and version, and the box that agrees to it: the same on both ways to add an account. */
function Authorisation({ overview, checkbox, error }: { overview: PaymentsOverview; checkbox: UseFormRegisterReturn<'agreed'>; error?: string }) {
  const textId = useId();
  return (
    <div className="flex flex-col gap-2">
      <h3 id={textId} className="text-base font-semibold">
        ACH debit authorisation
      </h3>
      <p aria-labelledby={textId} className="rounded-[var(--radius-control)] border border-border bg-muted/40 p-3 text-sm leading-relaxed">
        {overview.authorisation.text}
      </p>
      <label className="flex min-h-11 cursor-pointer items-start gap-3 text-[0.9375rem]">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-[var(--color-primary)]"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${textId}-agreed` : undefined}
          {...checkbox}
        />
        <span>I have read and agree to this authorisation (version {overview.authorisation.version}).</span>
      </label>
      {error && (
        <p id={`${textId}-agreed`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function AccountNumbersForm({ overview }: { overview: PaymentsOverview }) {
  const { register, handleSubmit, formState, setError, getFieldState } = useForm<AddForm, unknown, z.output<typeof addForm>>({
    resolver: zodResolver(addForm),
    defaultValues: { holderName: '', routingNumber: '', accountNumber: '', accountType: 'checking', agreed: false as unknown as true },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ADD_FIELDS);
  const add = useAddBankAccount();
  const { errors, isSubmitting } = formState;
  const onValid = async (values: z.output<typeof addForm>) => {
    try {
      await add.mutateAsync({ ...values, authorisationVersion: overview.authorisation.version });
      notify.success('Bank account added', 'We sent two small deposits to it: type them here when they arrive.');
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ADD_FIELDS)) announceErrors();
      else notify.error('Error', serverMessageOr(error, 'We could not add this account. Please try again.'));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-4" aria-label="Add a bank account">
      <LiveRegion announcer={announcer} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Account holder name" required error={errors.holderName?.message} className="sm:col-span-2">
          <Input autoComplete="name" maxLength={100} {...register('holderName')} />
        </Field>
        <Field label="Routing number" required help="Nine digits, at the bottom left of a check." error={errors.routingNumber?.message}>
          <Input inputMode="numeric" autoComplete="off" maxLength={9} {...register('routingNumber')} />
        </Field>
        <Field label="Account number" required error={errors.accountNumber?.message}>
          <Input inputMode="numeric" autoComplete="off" maxLength={17} {...register('accountNumber')} />
        </Field>
        <Field label="Account type" required error={errors.accountType?.message}>
          <NativeSelect {...register('accountType')}>
            <option value="checking">Checking</option>
            <option value="savings">Savings</option>
          </NativeSelect>
        </Field>
      </div>
      <Authorisation overview={overview} checkbox={register('agreed')} error={errors.agreed?.message} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add bank account'}
        </Button>
      </div>
    </form>
  );
}

const instantForm = z.object({
  holderName: personName('Account holder name'),
  agreed: z.literal(true, { error: 'Tick the box to authorise the debits.' }),
});
type InstantForm = z.input<typeof instantForm>;
const INSTANT_FIELDS = ['holderName', 'agreed'] as const;

/** 'Connect your bank instantly': the authorisation here, then the processor's hosted page, then back to this page. */
function ConnectInstantlyForm({ overview }: { overview: PaymentsOverview }) {
  const { register, handleSubmit, formState, setError, getFieldState } = useForm<InstantForm, unknown, z.output<typeof instantForm>>({
    resolver: zodResolver(instantForm),
    defaultValues: { holderName: '', agreed: false as unknown as true },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, INSTANT_FIELDS);
  const start = useStartBankLink();
  const [leaving, setLeaving] = useState(false);
  const { errors, isSubmitting } = formState;
  const onValid = async (values: z.output<typeof instantForm>) => {
    try {
      const link = await start.mutateAsync({ ...values, authorisationVersion: overview.authorisation.version });
      setLeaving(true);
      window.location.assign(link.url);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, INSTANT_FIELDS)) announceErrors();
      else notify.error('Error', serverMessageOr(error, 'We could not open the link to your bank. Please try again.'));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-4" aria-label="Connect your bank instantly">
      <LiveRegion announcer={announcer} />
      <p className="text-[0.9375rem]">
        You will sign in to your bank on our payment processor’s secure page and choose the account. It is verified at once: no deposits to wait for. We never
        see your bank password.
      </p>
      {overview.sandbox && <p className="text-sm text-muted-foreground">Sandbox: you will choose a test account on the Sandbox bank’s page.</p>}
      <Field label="Account holder name" required error={errors.holderName?.message} className="sm:max-w-md">
        <Input autoComplete="name" maxLength={100} {...register('holderName')} />
      </Field>
      <Authorisation overview={overview} checkbox={register('agreed')} error={errors.agreed?.message} />
      <div>
        <Button type="submit" disabled={isSubmitting || leaving}>
          {isSubmitting || leaving ? 'Opening your bank…' : 'Continue to your bank'}
        </Button>
      </div>
    </form>
  );
}

type AddWay = 'instant' | 'numbers';

/** Adding an account: instantly at the processor's page where it offers that, or by its numbers and two micro-deposits. */
function AddAccount({ overview }: { overview: PaymentsOverview }) {
  const [way, setWay] = useState<AddWay>(overview.instantVerification ? 'instant' : 'numbers');
  const legendId = useId();
  if (!overview.instantVerification) return <AccountNumbersForm overview={overview} />;
  const ways: { value: AddWay; label: string; help: string }[] = [
    { value: 'instant', label: 'Connect your bank instantly', help: 'Sign in to your bank; the account is verified at once.' },
    { value: 'numbers', label: 'Enter account and routing numbers', help: 'We send two small deposits to confirm, in one or two business days.' },
  ];
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2" aria-labelledby={legendId}>
        <legend id={legendId} className="mb-1 text-base font-semibold">
          How would you like to add your bank account?
        </legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {ways.map((option) => (
            <label
              key={option.value}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-[var(--radius-control)] border border-border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input
                type="radio"
                name="add-way"
                value={option.value}
                checked={way === option.value}
                onChange={() => setWay(option.value)}
                className="mt-1 size-4 accent-[var(--color-primary)]"
              />
              <span className="flex flex-col">
                <span className="text-[0.9375rem] font-medium">{option.label}</span>
                <span className="text-sm text-muted-foreground">{option.help}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {way === 'instant' ? <ConnectInstantlyForm overview={overview} /> : <AccountNumbersForm overview={overview} />}
    </div>
  );
}

/** Session ids this page has already sent back: a re-render (or React's double effect) does not send one twice. */
const handledReturns = new Set<string>();

type LinkMessage = { variant: 'success' | 'info' | 'destructive'; text: string };

/**
 * Back from the processor's page (docs/decisions/046-instant-bank-verification.md): `?bank_link=done&session_id=…`
 * finishes the link (read at the processor by the server), `?bank_link=cancelled&link=…` cancels it. The query is then
 * taken off the address, so a reload or the back button does not send it again.
 */
function useBankLinkReturn(): LinkMessage | null {
  const [search, setSearch] = useSearchParams();
  const complete = useCompleteBankLink();
  const cancel = useCancelBankLink();
  const [message, setMessage] = useState<LinkMessage | null>(null);
  const outcome = search.get('bank_link');
  const sessionId = search.get('session_id');
  const linkId = search.get('link');
  useEffect(() => {
    if (outcome !== 'done' && outcome !== 'cancelled') return;
    const key = `${outcome}:${sessionId ?? linkId ?? ''}`;
    const clean = () =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const name of ['bank_link', 'session_id', 'link']) next.delete(name);
          return next;
        },
        { replace: true },
      );
    if (handledReturns.has(key)) return clean();
    handledReturns.add(key);
    if (outcome === 'done' && sessionId) {
      complete.mutate(
        { sessionId },
        {
          onSuccess: (account) =>
            setMessage({
              variant: 'success',
              text: `Bank account linked and verified: ${account.accountMasked}. You can pay from it now and turn autopay on.`,
            }),
          onError: (error) =>
            setMessage(
              isApiError(error, 'bank_link_used')
                ? { variant: 'info', text: serverMessageOr(error, 'This bank link was already used.') }
                : { variant: 'destructive', text: serverMessageOr(error, 'We could not link your bank. Nothing was stored: please try again.') },
            ),
        },
      );
    } else if (outcome === 'cancelled' && linkId) {
      setMessage({
        variant: 'info',
        text: 'You came back without linking a bank account, so nothing was stored. You can try again or enter the numbers instead.',
      });
      cancel.mutate({ linkId });
    } else {
      setMessage({ variant: 'destructive', text: 'This bank link is not complete: nothing was stored. Please try again.' });
    }
    clean();
    // Once per return: the mutations and setSearch are stable enough, and a second run is refused by handledReturns.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome, sessionId, linkId]);
  return message;
}

function LinkResult({ message }: { message: LinkMessage }) {
  const ref = useRef<HTMLDivElement>(null);
  // Announced and focused: the page was just reloaded from the processor's, so the result is what to read first.
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role={message.variant === 'destructive' ? 'alert' : 'status'}
      variant={message.variant}
      className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {message.text}
    </Alert>
  );
}

const centsField = (label: string) =>
  safeString({ error: `${label} is required.` })
    .trim()
    .regex(/^\d{1,2}$/, `${label}: the cents, e.g. 32 for $0.32.`)
    .transform(Number)
    .refine((n) => n >= 1, `${label}: between 1 and 99 cents.`);
const verifyForm = z.object({ firstCents: centsField('First deposit'), secondCents: centsField('Second deposit') });
const VERIFY_FIELDS = ['firstCents', 'secondCents'] as const;

function VerifyAccount({ account }: { account: BankAccountView }) {
  const { register, handleSubmit, formState, setError, getFieldState } = useForm<z.input<typeof verifyForm>, unknown, z.output<typeof verifyForm>>({
    resolver: zodResolver(verifyForm),
    defaultValues: { firstCents: '', secondCents: '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, VERIFY_FIELDS);
  const verify = useVerifyBankAccount();
  const { errors, isSubmitting } = formState;
  const onValid = async (values: z.output<typeof verifyForm>) => {
    try {
      await verify.mutateAsync(values);
      notify.success('Bank account verified', 'You can pay from it now.');
    } catch (error) {
      if (applyServerFieldErrors(error, setError, VERIFY_FIELDS)) announceErrors();
      else notify.error('Error', serverMessageOr(error, 'We could not verify this account. Please try again.'));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-4" aria-label="Confirm the two deposits">
      <LiveRegion announcer={announcer} />
      <p className="text-[0.9375rem]">
        We sent two small deposits to {account.accountMasked}. When they reach your account (one or two business days), type their amounts in cents.{' '}
        {account.attemptsLeft === 1 ? 'One try left.' : `${account.attemptsLeft} tries left.`}
      </p>
      {account.sandbox && <p className="text-sm text-muted-foreground">Sandbox: the test deposits are 32 and 45 cents.</p>}
      <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
        <Field label="First deposit (cents)" required error={errors.firstCents?.message}>
          <Input inputMode="numeric" autoComplete="off" maxLength={2} {...register('firstCents')} />
        </Field>
        <Field label="Second deposit (cents)" required error={errors.secondCents?.message}>
          <Input inputMode="numeric" autoComplete="off" maxLength={2} {...register('secondCents')} />
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : 'Verify account'}
        </Button>
      </div>
    </form>
  );
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
