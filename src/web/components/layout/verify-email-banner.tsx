import { MailWarning } from 'lucide-react';
import type { SessionUser } from '../../lib/session';
import { useResendVerification } from '../../lib/use-resend-verification';
import { Button } from '../ui/button';

/**
 * Shown on every signed-in page while the address is unverified (docs/product/accounts.md#email-verification: an
 * unverified user can use everything except submitting an application).
 */
export function VerifyEmailBanner({ user }: { user: SessionUser }) {
  const resend = useResendVerification(user.email);
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
