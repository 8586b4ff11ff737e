import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { backupCodeSchema, totpCodeSchema, type BackupCodeForm, type TotpCodeForm } from '../../../domain/auth';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { OneTimeCodeInput } from '../ui/one-time-code-input';
import { verifyBackupCode, verifyTotp } from '../../lib/auth-api';
import { LiveRegion } from '../ui/live-region';
import { failureText, isApiError, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { AuthCard, StateIcon } from './auth-card';

interface TwoFactorStepProps {
  onVerified: () => Promise<void>;
  /** Back to email and password (the pending sign-in has expired or the user wants to start over). */
  onRestart: () => void;
}

/** The second sign-in step: the authenticator app's code, or one of the backup codes shown at enrolment. */
export function TwoFactorStep({ onVerified, onRestart }: TwoFactorStepProps) {
  const [mode, setMode] = useState<'app' | 'backup'>('app');
  const restart = (
    <button type="button" className="cursor-pointer rounded font-semibold text-primary underline-offset-4 hover:underline" onClick={onRestart}>
      Start over with your email and password
    </button>
  );
  return mode === 'app' ? (
    <AuthCard
      icon={
        <StateIcon tone="info">
          <ShieldCheck />
        </StateIcon>
      }
      title="Two-factor authentication"
      description="Open your authenticator app and enter the 6-digit code it shows for your account."
      footer={restart}
    >
      <AppCodeForm onVerified={onVerified} onRestart={onRestart} />
      <Button variant="link" className="mt-4 min-h-0 px-0 py-0" onClick={() => setMode('backup')}>
        Use a backup code instead
      </Button>
    </AuthCard>
  ) : (
    <AuthCard
      icon={
        <StateIcon tone="info">
          <KeyRound />
        </StateIcon>
      }
      title="Use a backup code"
      description="Enter one of the backup codes you saved when you set up two-factor authentication. Each code works once."
      footer={restart}
    >
      <BackupCodeFormView onVerified={onVerified} onRestart={onRestart} />
      <Button variant="link" className="mt-4 min-h-0 px-0 py-0" onClick={() => setMode('app')}>
        Use your authenticator app instead
      </Button>
    </AuthCard>
  );
}

/** Shared handling of a refused second factor. Returns the message to show under the field, if any. */
function refusal(error: unknown, onRestart: () => void): string | undefined {
  if (isApiError(error, 'invalid_code') || isApiError(error, 'invalid_backup_code')) return 'That code is not right. Check it and try again.';
  if (isApiError(error, 'invalid_two_factor_cookie')) {
    notify.error('Error', 'Your sign-in has expired. Please sign in again.');
    onRestart();
    return undefined;
  }
  // e.g. 'account_temporarily_locked': the server's sentence says what to do.
  notify.error('Error', failureText(error, error instanceof Error ? error.message : 'Failed to verify the code. Please try again.'));
  return undefined;
}

type CodeSchema = typeof totpCodeSchema | typeof backupCodeSchema;

interface CodeFormProps extends TwoFactorStepProps {
  schema: CodeSchema;
  verify: (code: string) => Promise<unknown>;
  label: string;
  formLabel: string;
  /** The code's input; it receives the form's registration. */
  renderInput: (registration: UseFormRegisterReturn<'code'>) => React.ReactElement<Record<string, unknown>>;
}

/** One form for either second factor: the app's 6-digit code or a backup code. */
function CodeForm({ schema, verify, label, formLabel, renderInput, onVerified, onRestart }: CodeFormProps) {
  const { register, handleSubmit, formState, setError, getFieldState } = useForm<TotpCodeForm | BackupCodeForm, unknown, z.output<CodeSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['code']);
  const onValid = async ({ code }: z.output<CodeSchema>) => {
    try {
      await verify(code);
    } catch (error) {
      const message = refusal(error, onRestart);
      if (message) {
        setError('code', { type: 'server', message }, { shouldFocus: true });
        announceErrors();
      }
      return;
    }
    await onVerified();
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-5" aria-label={formLabel}>
      <LiveRegion announcer={announcer} />
      <Field label={label} required error={formState.errors.code?.message}>
        {renderInput(register('code'))}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Verifying...' : 'Verify'}
      </Button>
    </form>
  );
}

function AppCodeForm(props: TwoFactorStepProps) {
  return (
    <CodeForm
      {...props}
      schema={totpCodeSchema}
      verify={verifyTotp}
      label="Authentication code"
      formLabel="Sign in with an authenticator code"
      renderInput={(registration) => <OneTimeCodeInput autoFocus {...registration} />}
    />
  );
}

function BackupCodeFormView(props: TwoFactorStepProps) {
  return (
    <CodeForm
      {...props}
      schema={backupCodeSchema}
      verify={verifyBackupCode}
      label="Backup code"
      formLabel="Sign in with a backup code"
      renderInput={(registration) => (
        <Input autoFocus autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="abcde-12345" className="font-mono" {...registration} />
      )}
    />
  );
}
