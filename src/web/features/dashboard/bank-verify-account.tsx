import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { BankAccountView } from '../../../domain/payments/bank-account';
import { safeString } from '../../../domain/safe-text';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, serverMessageOr, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { useVerifyBankAccount } from './payments-api';

/** Confirming the two micro-deposits (docs/decisions/032-processor-payments.md): three tries, then staff. */

const centsField = (label: string) =>
  safeString({ error: `${label} is required.` })
    .trim()
    .regex(/^\d{1,2}$/, `${label}: the cents, e.g. 32 for $0.32.`)
    .transform(Number)
    .refine((n) => n >= 1, `${label}: between 1 and 99 cents.`);
const verifyForm = z.object({ firstCents: centsField('First deposit'), secondCents: centsField('Second deposit') });
const VERIFY_FIELDS = ['firstCents', 'secondCents'] as const;

export function VerifyAccount({ account }: { account: BankAccountView }) {
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
