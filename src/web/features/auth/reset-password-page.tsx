import { zodResolver } from '@hookform/resolvers/zod';
import { LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN, resetPasswordSchema, type ResetPasswordForm } from '../../../domain/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { resetPassword } from '../../lib/auth-api';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, failureText, isApiError, useErrorAnnouncer } from '../../lib/form-errors';
import { forgetSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { AuthCard, StateIcon, textLink } from '../../components/auth/auth-card';

export const PASSWORD_RESET_NOTICE = 'Your password has been changed. Sign in with your new password.';

function InvalidLink() {
  return (
    <AuthCard
      icon={
        <StateIcon tone="error">
          <LinkIcon />
        </StateIcon>
      }
      title="This link does not work"
      description="The password reset link is invalid or has expired. Reset links work once and expire after a while. Please request a new one."
      footer={
        <>
          <Link className={textLink} to="/auth/signin">
            Back to sign in
          </Link>
        </>
      }
    >
      <Button asChild className="w-full">
        <Link to="/auth/forgot-password">Request a new link</Link>
      </Button>
    </AuthCard>
  );
}

/** /auth/reset-password?token=… — the mailed link: a new password, twice. Every session is signed out afterwards. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(!token);
  const { register, handleSubmit, formState, setError, getFieldState } = useForm<ResetPasswordForm, unknown, z.output<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['password', 'confirmPassword']);
  const { errors, isSubmitting } = formState;

  if (invalid || !token) return <InvalidLink />;

  const onValid = async ({ password }: z.output<typeof resetPasswordSchema>) => {
    try {
      await resetPassword(token, password);
    } catch (error) {
      if (isApiError(error, 'invalid_token')) {
        setInvalid(true);
        return;
      }
      if (applyServerFieldErrors(error, setError, ['password'], { newPassword: 'password' })) announceErrors();
      else notify.error('Error', failureText(error, 'Failed to reset password. Please try again.'));
      return;
    }
    forgetSession();
    notify.success('Password changed', 'Sign in with your new password.');
    await navigate('/auth/signin', { replace: true, state: { notice: PASSWORD_RESET_NOTICE } });
  };

  return (
    <AuthCard
      title="Choose a new password"
      description="Pick a password you do not use anywhere else. Setting it signs you out on every device."
      footer={
        <Link className={textLink} to="/auth/signin">
          Back to sign in
        </Link>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-5" aria-label="Choose a new password">
        <LiveRegion announcer={announcer} />
        <Field label="New Password" required help={`At least ${PASSWORD_MIN} characters. A passphrase works well.`} error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" toggleLabel="Show new password" {...register('password')} />
        </Field>
        <Field label="Confirm New Password" required error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" toggleLabel="Show confirm new password" {...register('confirmPassword')} />
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
