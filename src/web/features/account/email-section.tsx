import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changeEmailSchema, type ChangeEmailForm } from '../../../domain/change-email';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { LiveRegion } from '../../components/ui/live-region';
import { meApi } from '../../../domain/api/me';
import { applyServerFieldErrors, failureText, isErrorOf, useErrorAnnouncer } from '../../lib/form-errors';
import type { SessionUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { emailStateQuery, useRequestEmailChange } from './account-api';
import { SectionCard } from './section-card';

const EMPTY: ChangeEmailForm = { newEmail: '', password: '' };

/**
 * The e-mail address (docs/decisions/006-accounts.md; the e-sign disclosure promises it can be changed):
 * the new address and the current password. The server mails the new address a
 * link and the current one a notice; the address changes when the link is opened
 * (/account/confirm-email), so until then the section shows the pending change.
 */
export function EmailSection({ user }: { user: SessionUser }) {
  const state = useQuery(emailStateQuery());
  const requestEmailChange = useRequestEmailChange();
  const pending = state.data?.email === user.email ? state.data.pending : null;
  const { register, handleSubmit, formState, setError, reset, getFieldState } = useForm<ChangeEmailForm, unknown, z.output<typeof changeEmailSchema>>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['newEmail', 'password']);

  const onValid = async (values: z.output<typeof changeEmailSchema>) => {
    try {
      const next = await requestEmailChange.mutateAsync(values);
      reset(EMPTY);
      notify.success('Check your new address', `We sent a link to ${next.pending?.email ?? values.newEmail}.`, { key: 'email' });
    } catch (error) {
      if (isErrorOf(meApi.changeEmail, error, 'invalid_password')) {
        setError('password', { type: 'server', message: 'Your current password is not right.' }, { shouldFocus: true });
        announceErrors();
        return;
      }
      if (applyServerFieldErrors(error, setError, ['newEmail', 'password'])) announceErrors();
      else notify.error('Error', failureText(error, 'Failed to change your email. Please try again.'), { key: 'email' });
    }
  };

  return (
    <SectionCard
      id="email"
      title="E-mail address"
      description="The address you sign in with and where we write to you. A new address takes effect once you open the link we send to it."
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">Current address</span>
          <p className="flex flex-wrap items-center gap-2 text-[0.9375rem]">
            <span className="break-all" data-testid="current-email">
              {user.email}
            </span>
            {user.emailVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Not verified</Badge>}
          </p>
        </div>
        {pending && (
          <Alert role="status">
            We sent a link to <strong className="font-semibold break-all">{pending.email}</strong> — open it to finish. Until then you keep signing in with{' '}
            {user.email}.
          </Alert>
        )}
        <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="grid grid-cols-1 gap-5 sm:grid-cols-2" aria-label="Change email">
          <LiveRegion announcer={announcer} />
          {/* Lets password managers know which account the password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <Field label="New e-mail address" required error={errors.newEmail?.message}>
            <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('newEmail')} />
          </Field>
          <Field label="Current Password" required help="To make sure it is you." error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" toggleLabel="Show current password" {...register('password')} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Change Email'}
            </Button>
          </div>
        </form>
      </div>
    </SectionCard>
  );
}
