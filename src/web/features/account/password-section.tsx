import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordSchema, PASSWORD_MIN, type ChangePasswordForm } from '../../../domain/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, failureText, isApiError, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { useChangePassword } from './account-api';
import { SectionCard } from './section-card';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one, the new one twice. The server signs out every other session (docs/product/accounts.md#password-reset). */
export function PasswordSection({ email }: { email: string }) {
  const { register, handleSubmit, formState, setError, reset, getFieldState } = useForm<ChangePasswordForm, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  const change = useChangePassword();
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['currentPassword', 'newPassword', 'confirmPassword']);

  const onValid = async ({ currentPassword, newPassword }: z.output<typeof changePasswordSchema>) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      if (isApiError(error, 'invalid_password')) {
        setError('currentPassword', { type: 'server', message: 'Your current password is not right.' }, { shouldFocus: true });
        announceErrors();
        return;
      }
      if (applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword'])) announceErrors();
      else notify.error('Error', failureText(error, 'Failed to change your password. Please try again.'), { key: 'password' });
      return;
    }
    reset(EMPTY);
    notify.success('Password changed', 'Your other sessions were signed out. This device stays signed in.', { key: 'password' });
  };

  return (
    <SectionCard id="password" title="Password" description="Changing your password signs you out on every other device.">
      <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="grid grid-cols-1 gap-5 sm:grid-cols-2" aria-label="Change password">
        <LiveRegion announcer={announcer} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field label="Current Password" required error={errors.currentPassword?.message} className="sm:col-span-2">
          <PasswordInput autoComplete="current-password" toggleLabel="Show current password" {...register('currentPassword')} />
        </Field>
        <Field label="New Password" required help={`At least ${PASSWORD_MIN} characters.`} error={errors.newPassword?.message}>
          <PasswordInput autoComplete="new-password" toggleLabel="Show new password" {...register('newPassword')} />
        </Field>
        <Field label="Confirm New Password" required error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" toggleLabel="Show confirm new password" {...register('confirmPassword')} />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
