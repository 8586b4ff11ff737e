import type { ComponentProps } from 'react';
import type { FieldError, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { US_STATES } from '../../../../domain/waitlist';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';

/** The person fields of the Add User, Add Applicant and Add Letter of Intent dialogs (docs/product/back-office.md#users, #waitlist, #letters-of-intent). */
interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
}

interface ContactFieldsProps<F extends FieldValues & ContactValues> {
  register: UseFormRegister<F>;
  errors: Partial<Record<keyof ContactValues, FieldError>>;
  /** The e-mail across both columns (the Add User dialog's layout). */
  wideEmail?: boolean;
}

/** First Name, Last Name and Email (required) and Phone, as a dialog's first grid cells. */
export function ContactFields<F extends FieldValues & ContactValues>({ register, errors, wideEmail = false }: ContactFieldsProps<F>) {
  const field = (name: keyof ContactValues) => register(name as Path<F>);
  return (
    <>
      <Field label="First Name" required error={errors.firstName?.message}>
        <Input autoComplete="off" {...field('firstName')} />
      </Field>
      <Field label="Last Name" required error={errors.lastName?.message}>
        <Input autoComplete="off" {...field('lastName')} />
      </Field>
      <Field label="Email" required error={errors.email?.message} className={wideEmail ? 'sm:col-span-2' : undefined}>
        <Input type="email" autoComplete="off" {...field('email')} />
      </Field>
      <Field label="Phone" error={errors.phone?.message}>
        <Input type="tel" inputMode="tel" autoComplete="off" {...field('phone')} />
      </Field>
    </>
  );
}

/** A select of the 50 states and DC (src/domain/waitlist.ts US_STATES) with an empty first choice. */
export function StateSelect(props: ComponentProps<'select'>) {
  return (
    <NativeSelect {...props}>
      <option value="">Select a state</option>
      {US_STATES.map((state) => (
        <option key={state} value={state}>
          {state}
        </option>
      ))}
    </NativeSelect>
  );
}
