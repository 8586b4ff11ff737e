import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { startBankLinkSchema, type PaymentsOverview } from '../../../domain/payments/bank-account';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, serverMessageOr, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { AccountNumbersForm } from './bank-account-numbers-form';
import { Authorisation } from './bank-authorisation';
import { useStartBankLink } from './payments-api';

/**
 * The two ways to add a bank account (docs/decisions/046-instant-bank-verification.md): connect it instantly at the
 * processor's hosted page, or enter its numbers and confirm two micro-deposits.
 */

/** The server's rules, less the authorisation's version (the page sends the one it shows). */
const instantForm = startBankLinkSchema.omit({ authorisationVersion: true });
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
export function AddAccount({ overview }: { overview: PaymentsOverview }) {
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
