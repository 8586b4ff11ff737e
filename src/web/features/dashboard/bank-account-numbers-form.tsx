import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { addBankAccountSchema, type PaymentsOverview } from '../../../domain/payments/bank-account';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, NativeSelect } from '../../components/ui/input';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, serverMessageOr, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { Authorisation } from './bank-authorisation';
import { useAddBankAccount } from './payments-api';

/** Adding an account by its routing and account numbers, verified by two micro-deposits (docs/decisions/032-processor-payments.md). */

/** The server's rules, less the authorisation's version (the page sends the one it shows). */
const addForm = addBankAccountSchema.omit({ authorisationVersion: true });
type AddForm = z.input<typeof addForm>;
const ADD_FIELDS = ['holderName', 'routingNumber', 'accountNumber', 'accountType', 'agreed'] as const;

export function AccountNumbersForm({ overview }: { overview: PaymentsOverview }) {
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
