import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { signInSchema, type SignInForm } from '../../../domain/auth';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { signIn } from '../../lib/auth-api';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, failureText, isApiError, useErrorAnnouncer } from '../../lib/form-errors';
import { afterSignInPath } from '../../lib/redirect-target';
import { startFreshSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { useLocationNotice } from '../../lib/use-location-notice';
import { AuthCard, textLink } from '../../components/auth/auth-card';
import { TwoFactorStep } from '../../components/auth/two-factor-step';
import { HoldUntilHydrated } from '../../components/ui/hold-until-hydrated';

/** /auth/signin — docs/product/accounts.md#screens, #messages: email and password, then the authenticator code when two-factor is on. */
export default function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  const [step, setStep] = useState<'password' | 'two-factor'>('password');

  const finish = async () => {
    notify.success('Signed in successfully');
    const user = await startFreshSession().catch(() => undefined);
    // docs/product/accounts.md#admin-landing: an admin lands in the back office.
    await navigate(afterSignInPath(redirectTo, user), { replace: true });
  };

  if (step === 'two-factor') return <TwoFactorStep onVerified={finish} onRestart={() => setStep('password')} />;
  return <PasswordStep redirectTo={redirectTo} onSignedIn={finish} onTwoFactor={() => setStep('two-factor')} />;
}

interface PasswordStepProps {
  redirectTo: string | null;
  onSignedIn: () => Promise<void>;
  onTwoFactor: () => void;
}

function PasswordStep({ redirectTo, onSignedIn, onTwoFactor }: PasswordStepProps) {
  const notice = useLocationNotice();
  const [refused, setRefused] = useState(false);
  const { register, handleSubmit, formState, setError, setFocus, getFieldState } = useForm<SignInForm, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['email', 'password']);
  const { errors, isSubmitting } = formState;

  const onValid = async (values: z.output<typeof signInSchema>) => {
    setRefused(false);
    let reply;
    try {
      reply = await signIn(values);
    } catch (error) {
      if (isApiError(error, 'invalid_email_or_password')) {
        setRefused(true);
        notify.error('Error', 'Invalid email or password');
        setFocus('password');
        return;
      }
      // A field's error goes under the field, the toast is for the rest (docs/product/public-site.md#messages).
      if (applyServerFieldErrors(error, setError, ['email', 'password'])) announceErrors();
      else notify.error('Error', failureText(error, 'Failed to sign in. Please try again.'));
      return;
    }
    if (reply.twoFactorRedirect) onTwoFactor();
    else await onSignedIn();
  };

  const signUpHref = redirectTo ? `/auth/signup?redirectTo=${encodeURIComponent(redirectTo)}` : '/auth/signup';
  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to see your dashboard and continue your home application."
      footer={
        <>
          New here?{' '}
          <Link className={textLink} to={signUpHref}>
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-5" aria-label="Sign in">
        <LiveRegion announcer={announcer} />
        <HoldUntilHydrated>
          {notice && !refused && (
            <Alert variant="success" role="status">
              {notice}
            </Alert>
          )}
          {refused && (
            <Alert variant="destructive" role="alert">
              That email and password do not match an account. Check both, or{' '}
              <Link className={textLink} to="/auth/forgot-password">
                reset your password
              </Link>
              .
            </Alert>
          )}
          <Field label="Email" required error={errors.email?.message}>
            <Input type="email" inputMode="email" autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('email')} />
          </Field>
          <div className="flex flex-col gap-1.5">
            <Field label="Password" required error={errors.password?.message}>
              <PasswordInput autoComplete="current-password" {...register('password')} />
            </Field>
            <Link className={`${textLink} self-end text-sm`} to="/auth/forgot-password">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Signing In...' : 'Sign In'}
          </Button>
        </HoldUntilHydrated>
      </form>
    </AuthCard>
  );
}
