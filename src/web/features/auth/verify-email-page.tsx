import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, MailX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '../../../domain/auth';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { verifyEmail } from '../../lib/auth-api';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, failureText, isApiError, useErrorAnnouncer } from '../../lib/form-errors';
import { refreshSessionUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { useResendVerification } from '../../lib/use-resend-verification';
import { useSession } from '../../lib/use-session';
import { AuthCard, StateIcon, textLink } from '../../components/auth/auth-card';

/** The verify screen's error text (docs/product/accounts.md#email-verification). */
export const VERIFY_ERROR_TEXT = 'The verification link is invalid or has expired. Please request a new one.';

const backToSignIn = (
  <Link className={textLink} to="/auth/signin">
    Back to sign in
  </Link>
);

type Outcome = 'verified' | 'already-verified';

/**
 * Verifies once per token. A query (not an effect) so React's StrictMode double
 * mount and re-renders never send the one-time token twice; the toasts are part
 * of the action, so they show once too.
 */
function useVerification(token: string | null) {
  return useQuery({
    queryKey: ['verify-email', token],
    enabled: Boolean(token),
    queryFn: async (): Promise<Outcome> => {
      try {
        await verifyEmail(token as string);
      } catch (error) {
        // A second click on a used link: the address is verified, which is what the visitor wants to know.
        if (isApiError(error, 'token_already_used')) return 'already-verified';
        notify.error('Error', failureText(error, 'Failed to verify email'));
        throw error;
      }
      notify.success('Email verified successfully');
      void refreshSessionUser();
      return 'verified';
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * /auth/verify-email?token=… — docs/product/accounts.md#screens, #email-verification: loading, then
 * success ('Go to Dashboard') or the error with 'Resend Verification Email'.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const verification = useVerification(token);

  if (token && verification.isPending) {
    return (
      <AuthCard title="Verifying your email" description="This takes a moment.">
        <div role="status" className="flex items-center justify-center gap-3 py-4 text-muted-foreground">
          <span className="size-6 animate-spin rounded-full border-[3px] border-primary/20 border-t-primary" aria-hidden="true" />
          Checking your link…
        </div>
      </AuthCard>
    );
  }
  if (token && verification.data) {
    return (
      <AuthCard
        icon={
          <StateIcon tone="success">
            <CheckCircle2 />
          </StateIcon>
        }
        title={verification.data === 'verified' ? 'Your email is verified' : 'Your email is already verified'}
        description={
          verification.data === 'verified'
            ? 'Thank you for confirming your email address. You can now submit a home application when it opens.'
            : 'This link has been used before, so there is nothing more to do.'
        }
        footer={backToSignIn}
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </AuthCard>
    );
  }
  // No token: straight to the error (docs/product/accounts.md#email-verification).
  return (
    <AuthCard
      icon={
        <StateIcon tone="error">
          <MailX />
        </StateIcon>
      }
      title="We could not verify your email"
      footer={backToSignIn}
    >
      <Alert variant="destructive" role="alert">
        {VERIFY_ERROR_TEXT}
      </Alert>
      <Resend />
    </AuthCard>
  );
}

/** 'Resend Verification Email': to the signed-in user's address, or to the one the visitor types. */
function Resend() {
  const { user, isPending } = useSession();
  const resend = useResendVerification();

  if (isPending) return null;
  if (user?.emailVerified) {
    return (
      <div className="mt-5">
        <p className="text-sm text-muted-foreground">Your email address {user.email} is already verified.</p>
        <Button asChild className="mt-4 w-full">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    );
  }
  if (user) {
    return (
      <div className="mt-5">
        <p className="text-sm text-muted-foreground">
          We will send a new link to <strong className="font-semibold break-all text-foreground">{user.email}</strong>.
        </p>
        <Button className="mt-4 w-full" size="lg" disabled={resend.isPending} onClick={() => resend.mutate(user.email)}>
          {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
        </Button>
      </div>
    );
  }
  return <ResendToAddress onSend={(email) => resend.mutateAsync(email).then(() => undefined)} />;
}

const resendSchema = z.object({ email: emailSchema });

function ResendToAddress({ onSend }: { onSend: (email: string) => Promise<void> }) {
  const { register, handleSubmit, formState, setError, getFieldState } = useForm<z.input<typeof resendSchema>, unknown, z.output<typeof resendSchema>>({
    resolver: zodResolver(resendSchema),
    defaultValues: { email: '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['email']);
  const onValid = async ({ email }: z.output<typeof resendSchema>) => {
    try {
      await onSend(email);
    } catch (error) {
      // The toast is the mutation's; field errors go under the field.
      if (applyServerFieldErrors(error, setError, ['email'])) announceErrors();
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="mt-5 flex flex-col gap-4" aria-label="Resend verification email">
      <LiveRegion announcer={announcer} />
      <Field label="Email" required help="The address you signed up with." error={formState.errors.email?.message}>
        <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('email')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending...' : 'Resend Verification Email'}
      </Button>
    </form>
  );
}
