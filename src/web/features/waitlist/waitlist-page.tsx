import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import {
  BUYING_TIMELINES,
  DOWN_PAYMENTS,
  HOME_TYPES,
  HOUSING_STATUSES,
  MONTHLY_PAYMENT_RANGES,
  PRICE_RANGES,
  PRIORITIES,
  US_STATES,
  WAITLIST_EMPTY,
  waitlistSchema,
  type WaitlistForm,
} from '../../../domain/waitlist';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Field } from '../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { brand } from '../../lib/config';
import { queryClient } from '../../lib/query-client';
import { notify } from '../../lib/toast';
import { useJoinWaitlist } from './waitlist-api';

type FormValues = WaitlistForm & { website?: string };

const EMPTY = { ...WAITLIST_EMPTY, website: '' } as unknown as FormValues;

function Options({ items }: { items: readonly (string | { value: string; label: string })[] }) {
  return (
    <>
      <option value="">Select…</option>
      {items.map((item) =>
        typeof item === 'string' ? (
          <option key={item} value={item}>
            {item}
          </option>
        ) : (
          <option key={item.value} value={item.value}>
            {item.label}
          </option>
        ),
      )}
    </>
  );
}

/** /waitlist — docs/product/waitlist.md#page, #fields, #form-states, #messages. */
export default function WaitlistPage() {
  // A public page: its layout has no server-state provider, so the page brings its own (docs/decisions/005-landing-js-budget.md).
  return (
    <QueryClientProvider client={queryClient}>
      <WaitlistForm />
    </QueryClientProvider>
  );
}

function WaitlistForm() {
  const form = useForm<FormValues>({ resolver: zodResolver(waitlistSchema) as never, defaultValues: EMPTY });
  const { register, handleSubmit, formState, reset, setError } = form;
  const errors = formState.errors as FieldErrors<FormValues>;
  const submitting = formState.isSubmitting;
  const join = useJoinWaitlist();

  // docs/product/waitlist.md#page: the page scrolls to the top on load.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  const onValid = async (values: FormValues) => {
    try {
      await join.mutateAsync(values);
      reset(EMPTY);
      notify.success('Success!', "You've been added to our waitlist. We'll notify you when we launch!");
    } catch (error) {
      console.error('waitlist submission failed', error);
      if (error instanceof ApiError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) setError(name as keyof FormValues, { message });
      }
      const description =
        error instanceof ApiError && error.status === 429 ? error.message : 'There was a problem submitting your information. Please try again.';
      notify.error('Error', description);
    }
  };

  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    // docs/product/waitlist.md#form-states: consent not ticked → 'Consent Required', nothing sent.
    if (invalid.contactConsent) notify.error('Consent Required', 'Please check the consent box to continue.');
  };

  const text = (name: keyof FormValues) => ({ ...register(name), error: errors[name]?.message as string | undefined });

  return (
    <div className="bg-gradient-to-b from-primary-soft/70 to-background px-4 py-10 sm:py-16">
      <Card className="mx-auto w-full max-w-3xl">
        <CardHeader className="items-center p-6 text-center sm:p-8 sm:pb-2">
          <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">Join Our Waitlist!</h1>
          <CardDescription className="max-w-xl text-base">
            Be among the first to co-own a home with {brand.name}. Tell us a little about your plans and we'll reach out when early access opens in your state.
          </CardDescription>
          <p className="text-sm text-muted-foreground">
            Fields marked <span className="text-destructive">*</span> are required.
          </p>
        </CardHeader>
        <CardContent className="p-6 sm:p-8">
          <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-5 sm:grid-cols-2" aria-label="Waitlist form">
            <TextField label="First Name" autoComplete="given-name" {...text('firstName')} />
            <TextField label="Last Name" autoComplete="family-name" {...text('lastName')} />
            <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...text('email')} />
            <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="(555) 123-4567" {...text('phone')} />
            <TextField label="City & State" autoComplete="address-level2" placeholder="Dallas, TX" {...text('cityState')} />
            <SelectField label="Intended State" items={US_STATES} {...text('intendedState')} />
            <SelectField label="Home Type" items={HOME_TYPES} {...text('homeType')} />
            <SelectField label="Buying Timeline" items={BUYING_TIMELINES} {...text('buyingTimeline')} />
            <SelectField label="Price Range" items={PRICE_RANGES} {...text('priceRange')} />
            <SelectField label="Down Payment" items={DOWN_PAYMENTS} {...text('downPayment')} />
            <SelectField label="Monthly Payment Range" items={MONTHLY_PAYMENT_RANGES} {...text('monthlyPaymentRange')} />
            <SelectField label="Priority" items={PRIORITIES} {...text('priority')} />
            <SelectField label="Housing Status" items={HOUSING_STATUSES} {...text('housingStatus')} className="sm:col-span-2" />
            <Field label={`What interests you most about ${brand.name}?`} required error={errors.interests?.message} className="sm:col-span-2">
              <Textarea required rows={4} {...register('interests')} />
            </Field>
            {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label>
                Website
                <input tabIndex={-1} autoComplete="off" {...register('website')} />
              </label>
            </div>
            <div className="sm:col-span-2">
              <label className="flex cursor-pointer items-start gap-3 rounded-[var(--radius-control)] border border-border bg-muted/50 p-4">
                <Checkbox
                  className="mt-0.5"
                  aria-invalid={errors.contactConsent ? true : undefined}
                  aria-describedby={errors.contactConsent ? 'consent-error' : undefined}
                  {...register('contactConsent')}
                />
                <span className="text-[15px]">It's ok to contact me about Early Access or feedback. *</span>
              </label>
              {errors.contactConsent && (
                <p id="consent-error" className="mt-1.5 text-sm font-medium text-destructive">
                  {errors.contactConsent.message}
                </p>
              )}
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" variant="accent" size="lg" className="w-full" disabled={submitting}>
                {submitting ? 'Joining Waitlist...' : 'Join Waitlist'}
              </Button>
              <p className="mt-3 text-center text-sm text-muted-foreground">
                We only use your details to contact you about {brand.name}. See our{' '}
                <a className="text-primary underline underline-offset-4" href="/privacy-policy">
                  Privacy Policy
                </a>
                .
              </p>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

type FieldInputProps = React.ComponentProps<'input'> & { label: string; error?: string };

function TextField({ label, error, className, ...props }: FieldInputProps) {
  return (
    <Field label={label} required error={error} className={className}>
      <Input required {...props} />
    </Field>
  );
}

type SelectFieldProps = React.ComponentProps<'select'> & {
  label: string;
  error?: string;
  items: readonly (string | { value: string; label: string })[];
};

function SelectField({ label, error, items, className, ...props }: SelectFieldProps) {
  return (
    <Field label={label} required error={error} className={className}>
      <NativeSelect {...props}>
        <Options items={items} />
      </NativeSelect>
    </Field>
  );
}
