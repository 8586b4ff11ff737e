import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { confirmPasswordSchema, totpCodeSchema, type ConfirmPasswordForm, type TotpCodeForm } from '../../../domain/auth';
import { hasRank } from '../../../domain/roles';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { OneTimeCodeInput } from '../../components/ui/one-time-code-input';
import { PasswordInput } from '../../components/ui/password-input';
import { LiveRegion } from '../../components/ui/live-region';
import { failureText, isApiError, useErrorAnnouncer } from '../../lib/form-errors';
import type { SessionUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { afterTwoFactorChange, useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor } from './account-api';
import { BackupCodes } from './backup-codes';
import { QrCode } from './qr-code';
import { SectionCard } from './section-card';

type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'scan'; totpURI: string; backupCodes: string[] }
  | { name: 'codes'; backupCodes: string[] }
  | { name: 'disable' };

/** The secret of an otpauth:// URI, in groups of four for typing by hand. */
export function manualKeyOf(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get('secret') ?? '';
    return secret.replace(/(.{4})/g, '$1 ').trim();
  } catch {
    return '';
  }
}

/**
 * Two-factor enrolment (docs/product/accounts.md#two-factor): password → QR code and the key in text →
 * a code from the app to confirm → the 10 backup codes, shown once. Disabling
 * asks for the password again. `onEnrolled` runs once the backup codes are saved
 * (an admin sent here by the guard goes on to the back office).
 */
export function TwoFactorSection({ user, notice, onEnrolled }: { user: SessionUser; notice?: string; onEnrolled?: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const isAdmin = hasRank(user.role, 'admin');
  const status = user.twoFactorEnabled ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>;

  return (
    <SectionCard
      id="two-factor"
      title="Two-factor authentication"
      description="Sign in with your password and a code from an authenticator app, so a stolen password alone cannot open your account."
      action={status}
    >
      {notice && step.name === 'idle' && !user.twoFactorEnabled && (
        <Alert variant="warning" role="status" className="mb-5">
          {notice}
        </Alert>
      )}

      {step.name === 'idle' && !user.twoFactorEnabled && (
        <div className="flex flex-col items-start gap-4">
          <p className="text-[0.9375rem] leading-relaxed text-muted-foreground">
            You will need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator, 1Password or Authy.
            {isAdmin && ' Admins need it to open the back office.'}
          </p>
          {/* In a column, the label may break inside its long word when text is enlarged, never push the page sideways. */}
          <Button className="max-w-full [overflow-wrap:anywhere]" onClick={() => setStep({ name: 'password' })}>
            <ShieldCheck aria-hidden="true" /> Set Up Two-Factor Authentication
          </Button>
        </div>
      )}

      {step.name === 'idle' && user.twoFactorEnabled && (
        <div className="flex flex-col items-start gap-4">
          <p className="flex items-start gap-2 text-[0.9375rem] leading-relaxed">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            Two-factor authentication is on. Each sign-in asks for a code from your authenticator app, or one of your backup codes.
          </p>
          <Button variant="outline" className="max-w-full [overflow-wrap:anywhere]" onClick={() => setStep({ name: 'disable' })}>
            Turn Off Two-Factor Authentication
          </Button>
        </div>
      )}

      {step.name === 'password' && (
        <PasswordConfirm
          email={user.email}
          intro="Enter your password to start. We will then show a QR code to scan with your authenticator app."
          submitLabel="Continue"
          pendingLabel="Checking..."
          failure="Failed to start two-factor setup. Please try again."
          onCancel={() => setStep({ name: 'idle' })}
          onConfirm={async (password) => {
            const { totpURI, backupCodes } = await enable.mutateAsync(password);
            setStep({ name: 'scan', totpURI, backupCodes });
          }}
        />
      )}

      {step.name === 'scan' && (
        <ScanAndConfirm
          totpURI={step.totpURI}
          onCancel={() => setStep({ name: 'idle' })}
          onConfirmed={() => {
            notify.success('Two-factor authentication is on', 'Save your backup codes now.');
            setStep({ name: 'codes', backupCodes: step.backupCodes });
          }}
        />
      )}

      {step.name === 'codes' && (
        <BackupCodes
          codes={step.backupCodes}
          onDone={() => {
            setStep({ name: 'idle' });
            onEnrolled?.();
          }}
        />
      )}

      {step.name === 'disable' && (
        <PasswordConfirm
          email={user.email}
          intro={
            isAdmin
              ? 'Enter your password to turn two-factor authentication off. You will not be able to open the back office until you turn it on again.'
              : 'Enter your password to turn two-factor authentication off. Your backup codes will stop working.'
          }
          submitLabel="Turn Off"
          pendingLabel="Turning off..."
          destructive
          failure="Failed to turn off two-factor authentication. Please try again."
          onCancel={() => setStep({ name: 'idle' })}
          onConfirm={async (password) => {
            await disable.mutateAsync(password);
            notify.success('Two-factor authentication is off');
            setStep({ name: 'idle' });
          }}
        />
      )}
    </SectionCard>
  );
}

interface PasswordConfirmProps {
  email: string;
  intro: string;
  submitLabel: string;
  pendingLabel: string;
  failure: string;
  destructive?: boolean;
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}

function PasswordConfirm({ email, intro, submitLabel, pendingLabel, failure, destructive, onConfirm, onCancel }: PasswordConfirmProps) {
  const { register, handleSubmit, formState, setError, getFieldState } = useForm<ConfirmPasswordForm, unknown, z.output<typeof confirmPasswordSchema>>({
    resolver: zodResolver(confirmPasswordSchema),
    defaultValues: { password: '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['password']);
  const onValid = async ({ password }: z.output<typeof confirmPasswordSchema>) => {
    try {
      await onConfirm(password);
    } catch (error) {
      if (isApiError(error, 'invalid_password')) {
        setError('password', { type: 'server', message: 'That password is not right.' }, { shouldFocus: true });
        announceErrors();
        return;
      }
      if (isApiError(error, 'totp_already_enabled')) {
        void afterTwoFactorChange();
        return;
      }
      notify.error('Error', failureText(error, failure));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex max-w-md flex-col gap-5" aria-label="Confirm your password">
      <LiveRegion announcer={announcer} />
      <p className="text-[0.9375rem] leading-relaxed text-muted-foreground">{intro}</p>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label="Your Password" required error={formState.errors.password?.message}>
        <PasswordInput autoFocus autoComplete="current-password" {...register('password')} />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? pendingLabel : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ScanAndConfirm({ totpURI, onConfirmed, onCancel }: { totpURI: string; onConfirmed: () => void; onCancel: () => void }) {
  const key = manualKeyOf(totpURI);
  const [copied, setCopied] = useState(false);
  const confirm = useConfirmTwoFactor();
  const { register, handleSubmit, formState, setError, getFieldState } = useForm<TotpCodeForm, unknown, z.output<typeof totpCodeSchema>>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['code']);
  const onValid = async ({ code }: z.output<typeof totpCodeSchema>) => {
    try {
      await confirm.mutateAsync(code);
    } catch (error) {
      if (isApiError(error, 'invalid_code')) {
        setError('code', { type: 'server', message: 'That code is not right. Check the time on your phone and try the newest code.' }, { shouldFocus: true });
        announceErrors();
        return;
      }
      notify.error('Error', failureText(error, 'Failed to confirm the code. Please try again.'));
      return;
    }
    onConfirmed();
  };
  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(key.replace(/\s/g, ''));
      setCopied(true);
    } catch {
      notify.error('Error', 'Copying is not allowed here. Select the key and copy it by hand.');
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <ol className="flex flex-col gap-6">
        <li>
          <p className="font-semibold">1. Scan this QR code with your authenticator app</p>
          <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
            <QrCode value={totpURI} label="QR code to add your account to an authenticator app" className="shrink-0" />
            <div className="min-w-0 text-sm">
              <p className="text-muted-foreground">Cannot scan it? Choose to enter a setup key in the app, and type this key:</p>
              <p
                className="mt-2 rounded-[var(--radius-control)] bg-muted px-3 py-2 font-mono text-[0.9375rem] tracking-wide"
                aria-label="Setup key"
                data-testid="totp-secret"
              >
                {key}
              </p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void copyKey()}>
                {copied ? 'Key copied' : 'Copy key'}
              </Button>
              <p className="mt-3 text-muted-foreground">Time-based (TOTP), 6 digits, every 30 seconds.</p>
            </div>
          </div>
        </li>
        <li>
          <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-4" aria-label="Confirm with a code">
            <LiveRegion announcer={announcer} />
            <p className="font-semibold">2. Enter the 6-digit code the app shows</p>
            <Field label="Authentication code" required error={formState.errors.code?.message}>
              <OneTimeCodeInput {...register('code')} />
            </Field>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Verifying...' : 'Verify and Turn On'}
              </Button>
              <Button variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
