import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordSchema, type ForgotPasswordForm } from '../../../domain/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { requestPasswordReset } from '../../lib/auth-api';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { AuthCard, StateIcon, textLink } from '../../components/auth/auth-card';
import { HoldUntilHydrated } from '../../components/ui/hold-until-hydrated';

const backToSignIn = (
  <>
    Remembered it?{' '}
    <Link className={textLink} to="/auth/signin">
      Back to sign in
    </Link>
  </>
);

/**
 * /auth/forgot-password — docs/product/accounts.md#screens, #password-reset: idle → sending ('Sending...') → sent, and
 * 'Send Another Email' back to idle. The server answers the same whether or not
 * the address has an account, and so does this page.
 */
export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, setFocus, getFieldState } = useForm<ForgotPasswordForm, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['email']);
  const { errors, isSubmitting } = formState;
  // 'Send Another Email' brings the form back in the answer's place: focus goes to its field, not to the page.
  const again = useRef(false);
  useEffect(() => {
    if (sentTo !== null || !again.current) return;
    again.current = false;
    setFocus('email');
  }, [sentTo, setFocus]);

  const onValid = async ({ email }: z.output<typeof forgotPasswordSchema>) => {
    try {
      await requestPasswordReset(email);
    } catch (error) {
      // A field's error goes under the field, the toast is for the rest (docs/product/public-site.md#messages).
      if (applyServerFieldErrors(error, setError, ['email'])) announceErrors();
      else notify.error('Error', failureText(error, 'Failed to send reset email'));
      return;
    }
    notify.success('Password reset email sent', `If ${email} has an account, a link is on its way.`);
    setSentTo(email);
  };

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
            If an account exists for <strong className="font-semibold break-all text-foreground">{sentTo}</strong>, we sent it a link to choose a new password.
            The link works once and expires, so use it soon.
          </>
        }
        footer={backToSignIn}
      >
        <p className="text-sm text-muted-foreground">Nothing arrived after a few minutes? Check your spam folder, or send another email.</p>
        <Button
          variant="outline"
          className="mt-4 w-full"
          onClick={() => {
            again.current = true;
            setSentTo(null);
          }}
        >
          Send Another Email
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-5" aria-label="Reset your password">
        <LiveRegion announcer={announcer} />
        <HoldUntilHydrated>
          <Field label="Email" required error={errors.email?.message}>
            <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('email')} />
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </HoldUntilHydrated>
      </form>
    </AuthCard>
  );
}
