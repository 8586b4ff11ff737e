import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN, signUpSchema, type SignUpForm } from '../../../domain/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { signUp } from '../../lib/auth-api';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { AuthCard, StateIcon, textLink } from '../../components/auth/auth-card';
import { HoldUntilHydrated } from '../../components/ui/hold-until-hydrated';

const EMPTY: SignUpForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

/**
 * /auth/signup — docs/product/accounts.md#screens, #sign-up, #messages. Sign-up never signs in, and
 * the server answers a new and an already registered address alike (ADR 014):
 * either way this page asks the visitor to check their e-mail — a confirmation
 * link for a new account, a 'someone tried to sign up' note for an existing one
 * — and then to sign in.
 */
export default function SignUpPage() {
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  const [sentTo, setSentTo] = useState<string>();
  const { register, handleSubmit, formState, setError, getFieldState } = useForm<SignUpForm, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: EMPTY,
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, FIELDS);
  const { errors, isSubmitting } = formState;

  const onValid = async ({ confirmPassword: _confirm, ...account }: z.output<typeof signUpSchema>) => {
    try {
      await signUp(account);
    } catch (error) {
      // A field's error goes under the field; the toast is for the rest (docs/product/public-site.md#messages).
      if (applyServerFieldErrors(error, setError, FIELDS)) announceErrors();
      else notify.error('Error', failureText(error, 'Failed to create account'));
      return;
    }
    setSentTo(account.email);
  };

  const signInHref = redirectTo ? `/auth/signin?redirectTo=${encodeURIComponent(redirectTo)}` : '/auth/signin';
  if (sentTo) {
    return (
      <AuthCard
        focusTitle
        icon={
          <StateIcon tone="success">
            <MailCheck />
          </StateIcon>
        }
        title="Check your email"
        description={
          <>
            We sent a message to <strong className="font-semibold break-all text-foreground">{sentTo}</strong>. Open the link in it to confirm your address,
            then sign in with your email and password. Nothing there? Look in your spam folder.
          </>
        }
      >
        <Button asChild size="lg" className="w-full">
          <Link to={signInHref}>Sign In</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create your account"
      description="Save your plans, follow your home application and see your dashboard."
      footer={
        <>
          Already have an account?{' '}
          <Link className={textLink} to={signInHref}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="grid grid-cols-1 gap-5 sm:grid-cols-2" aria-label="Create your account">
        <LiveRegion announcer={announcer} />
        <HoldUntilHydrated>
          <Field label="First Name" required error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...register('firstName')} />
          </Field>
          <Field label="Last Name" required error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...register('lastName')} />
          </Field>
          <Field label="Email" required error={errors.email?.message} className="sm:col-span-2">
            <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('email')} />
          </Field>
          <Field
            label="Password"
            required
            help={`At least ${PASSWORD_MIN} characters. A passphrase works well.`}
            error={errors.password?.message}
            className="sm:col-span-2"
          >
            <PasswordInput autoComplete="new-password" {...register('password')} />
          </Field>
          <Field label="Confirm Password" required error={errors.confirmPassword?.message} className="sm:col-span-2">
            <PasswordInput autoComplete="new-password" toggleLabel="Show confirm password" {...register('confirmPassword')} />
          </Field>
          <Button type="submit" variant="accent" size="lg" className="w-full sm:col-span-2" disabled={isSubmitting}>
            {isSubmitting ? 'Creating Account...' : 'Create Account'}
          </Button>
          <p className="text-center text-sm text-muted-foreground sm:col-span-2">
            Our{' '}
            <Link className={textLink} to="/privacy-policy">
              Privacy Policy
            </Link>{' '}
            explains how we use and protect your details.
          </p>
        </HoldUntilHydrated>
      </form>
    </AuthCard>
  );
}
