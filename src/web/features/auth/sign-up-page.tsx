import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN, PASSWORD_MISMATCH, signUpSchema, type SignUpForm } from '../../../domain/auth';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { signUp } from '../../lib/auth-api';
import { applyServerFieldErrors, failureText, isApiError } from '../../lib/form-errors';
import { safeRedirectTarget } from '../../lib/redirect-target';
import { startFreshSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { AuthCard, textLink } from './components/auth-card';

const EMPTY: SignUpForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

/** /auth/signup — spec §2, §5 'Sign-up', §8 'Auth'. Success signs the user in and opens /dashboard. */
export default function SignUpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  const [taken, setTaken] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<SignUpForm, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  const onValid = async ({ confirmPassword: _confirm, ...account }: z.output<typeof signUpSchema>) => {
    setTaken(false);
    try {
      await signUp(account);
    } catch (error) {
      if (isApiError(error, 'user_already_exists_use_another_email')) setTaken(true);
      applyServerFieldErrors(error, setError, FIELDS);
      notify.error('Error', failureText(error, 'Failed to create account'));
      return;
    }
    notify.success('Account created successfully', `We sent a link to ${account.email} to confirm your email address.`);
    await startFreshSession().catch(() => undefined);
    await navigate(redirectTo ? safeRedirectTarget(redirectTo) : '/dashboard', { replace: true });
  };

  const onInvalid = (invalid: typeof errors) => {
    // spec §5/§8: mismatched passwords are caught here and nothing is sent.
    if (invalid.confirmPassword?.message === PASSWORD_MISMATCH) notify.error('Error', PASSWORD_MISMATCH);
  };

  const signInHref = redirectTo ? `/auth/signin?redirectTo=${encodeURIComponent(redirectTo)}` : '/auth/signin';
  return (
    <AuthCard
      title="Create your account"
      description="Save your plans, follow your home application and see your dashboard."
      footer={
        <>
          Already have an account? <Link className={textLink} to={signInHref}>Sign in</Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-5 sm:grid-cols-2" aria-label="Create your account">
        {taken && (
          <Alert variant="destructive" role="alert" className="sm:col-span-2">
            This email address may already have an account. <Link className={textLink} to={signInHref}>Sign in</Link> or{' '}
            <Link className={textLink} to="/auth/forgot-password">reset your password</Link>.
          </Alert>
        )}
        <Field label="First Name" required error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...register('firstName')} />
        </Field>
        <Field label="Last Name" required error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...register('lastName')} />
        </Field>
        <Field label="Email" required error={errors.email?.message} className="sm:col-span-2">
          <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('email')} />
        </Field>
        <Field label="Password" required help={`At least ${PASSWORD_MIN} characters. A passphrase works well.`} error={errors.password?.message} className="sm:col-span-2">
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label="Confirm Password" required error={errors.confirmPassword?.message} className="sm:col-span-2">
          <PasswordInput autoComplete="new-password" toggleLabel="Show confirm password" {...register('confirmPassword')} />
        </Field>
        <Button type="submit" variant="accent" size="lg" className="w-full sm:col-span-2" disabled={isSubmitting}>
          {isSubmitting ? 'Creating Account...' : 'Create Account'}
        </Button>
        <p className="text-center text-sm text-muted-foreground sm:col-span-2">
          Our <Link className={textLink} to="/privacy-policy">Privacy Policy</Link> explains how we use and protect your details.
        </p>
      </form>
    </AuthCard>
  );
}
