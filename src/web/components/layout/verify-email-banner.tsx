import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { sendVerificationEmail } from '../../lib/auth-api';
import { failureText, isApiError } from '../../lib/form-errors';
import { refreshSessionUser, type SessionUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { Button } from '../ui/button';

/**
 * Shown on every signed-in page while the address is unverified (issue 4: an
 * unverified user can use everything except submitting an application).
 */
export function VerifyEmailBanner({ user }: { user: SessionUser }) {
  const resend = useMutation({
    mutationFn: () => sendVerificationEmail(user.email),
    onSuccess: () => notify.success('Verification email sent', `Check ${user.email} for the link.`),
    onError: (error) => {
      if (isApiError(error, 'email_already_verified')) {
        notify.info('Your email address is already verified');
        void refreshSessionUser();
        return;
      }
      notify.error('Error', failureText(error, 'Failed to resend verification email'));
    },
  });
  if (user.emailVerified) return null;
  return (
    <section aria-label="Email verification" className="border-b border-warning/30 bg-warning-soft">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <MailWarning aria-hidden="true" className="hidden size-5 shrink-0 text-warning sm:block" />
        <p className="flex-1 text-sm leading-relaxed">
          <strong className="font-semibold">Please verify your email address.</strong> We sent a link to{' '}
          <span className="font-medium break-all">{user.email}</span>; you will need it before you submit an application.
        </p>
        <Button variant="outline" size="sm" className="self-start bg-card sm:self-auto" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
        </Button>
      </div>
    </section>
  );
}
