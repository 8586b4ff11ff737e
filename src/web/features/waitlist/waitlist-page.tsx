import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider } from '@tanstack/react-query';
import { ArrowRight, CircleCheck, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useForm, type FieldErrors } from 'react-hook-form';
import { comparisonPath } from '../../../domain/brand';
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
import { HoldUntilHydrated } from '../../components/ui/hold-until-hydrated';

type FormValues = WaitlistForm & { website?: string };

const EMPTY = { ...WAITLIST_EMPTY, website: '' } as unknown as FormValues;

/** The labels of the fields, in the form's order, for the list of what is missing (docs/product/waitlist.md#form-states). */
const FIELD_LABELS: Record<keyof WaitlistForm, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  cityState: 'City & State',
  intendedState: 'Intended State',
  homeType: 'Home Type',
  buyingTimeline: 'Buying Timeline',
  priceRange: 'Price Range',
  downPayment: 'Down Payment',
  monthlyPaymentRange: 'Monthly Payment Range',
  priority: 'Priority',
  housingStatus: 'Housing Status',
  interests: `What interests you most`,
  contactConsent: 'the consent box',
};

/** Who was just added: the success panel speaks to them (docs/product/waitlist.md#success). */
interface Joined {
  firstName: string;
  email: string;
  intendedState: string;
}

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
  const [joined, setJoined] = useState<Joined | null>(null);
  // After a refused submit, the fields still missing or wrong are named above the form (their own errors are under
  // them). Read from the live errors, so the line shrinks as each is fixed and goes once none is left.
  const [summarize, setSummarize] = useState(false);
  const missing = summarize ? (Object.keys(FIELD_LABELS) as (keyof WaitlistForm)[]).filter((name) => errors[name]).map((name) => FIELD_LABELS[name]) : [];
  // 'Add Another Person' brings the empty form back with focus in its first field.
  const addingAnother = useRef(false);
  useEffect(() => {
    if (joined || !addingAnother.current) return;
    addingAnother.current = false;
    form.setFocus('firstName');
  }, [joined, form]);

  // docs/product/waitlist.md#page: the page scrolls to the top on load.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  const onValid = async (values: FormValues) => {
    try {
      await join.mutateAsync(values);
      // docs/product/waitlist.md#success: a panel in the form's place, not a toast over an emptied form.
      setJoined({ firstName: values.firstName.trim(), email: values.email.trim(), intendedState: values.intendedState });
      setSummarize(false);
      reset(EMPTY);
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

  // docs/product/waitlist.md#form-states: a refused submit sends nothing, writes each error under its field, names the
  // fields above the form and focuses the first one (react-hook-form).
  const onInvalid = () => setSummarize(true);

  if (joined) {
    return (
      <Shell>
        <JoinedPanel
          joined={joined}
          onAddAnother={() => {
            addingAnother.current = true;
            setJoined(null);
            join.reset();
          }}
        />
      </Shell>
    );
  }

  const text = (name: keyof FormValues) => ({ ...register(name), error: errors[name]?.message as string | undefined });

  return (
    <Shell>
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
        <div aria-live="polite" aria-atomic="true">
          {missing.length > 0 && (
            <p
              data-testid="missing-fields"
              className="mb-5 rounded-[var(--radius-control)] border border-destructive/40 bg-destructive/5 px-4 py-3 text-[0.9375rem]"
            >
              {missing.length === 1 ? 'One field needs' : `${missing.length} fields need`} your attention: {missing.join(', ')}.
            </p>
          )}
        </div>
        <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid grid-cols-1 gap-5 sm:grid-cols-2" aria-label="Waitlist form">
          <HoldUntilHydrated>
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
                <span className="text-[0.9375rem]">It's ok to contact me about Early Access or feedback. *</span>
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
          </HoldUntilHydrated>
        </form>
      </CardContent>
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-primary-soft/70 to-background px-4 py-10 sm:py-16">
      <Card className="mx-auto w-full max-w-3xl">{children}</Card>
    </div>
  );
}

/**
 * docs/product/waitlist.md#success: in the form's place, who was added, what happens
 * next, the calculators, and 'Add another person'. Focus moves to its heading, so a
 * screen reader reads it and the keyboard goes on from there.
 */
function JoinedPanel({ joined, onAddAnother }: { joined: Joined; onAddAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div className="flex flex-col items-center gap-5 p-6 text-center sm:p-10" data-testid="waitlist-success">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">Join Our Waitlist!</p>
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
        <CircleCheck aria-hidden="true" className="size-8" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="scroll-mt-20 text-3xl font-bold tracking-tight text-primary sm:text-4xl">
        You're on the list{joined.firstName ? `, ${joined.firstName}` : ''}!
      </h1>
      <p className="max-w-xl text-base">You've been added to our waitlist. We'll notify you when we launch!</p>
      <div className="w-full max-w-xl rounded-[var(--radius-card)] border border-border bg-muted/50 p-5 text-left">
        <h2 className="text-lg font-semibold">What happens next</h2>
        <ul className="mt-3 grid grid-cols-1 list-disc gap-2 pl-5 text-[0.9375rem]">
          <li>
            We'll write to <strong className="break-all">{joined.email}</strong> when we launch and when early access opens in{' '}
            {joined.intendedState === 'District of Columbia' ? 'the District of Columbia' : joined.intendedState || 'your state'}, with news now and then. Every
            e-mail has a one-click unsubscribe.
          </li>
          <li>Whenever you're ready, you can create an account and apply online.</li>
          <li>Meanwhile, see what you could afford and what you'd pay each month.</li>
        </ul>
      </div>
      <div className="flex w-full max-w-xl flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild variant="accent" size="lg">
          <Link to="/how-much-home-can-i-afford">
            Try Our Calculators <ArrowRight />
          </Link>
        </Button>
        <Button variant="outline" size="lg" onClick={onAddAnother}>
          <UserPlus /> Add Another Person
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Or compare {brand.name} with a mortgage:{' '}
        <Link className="text-primary underline underline-offset-4" to={comparisonPath(brand)}>
          {brand.name} vs. Mortgage
        </Link>
        .
      </p>
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
