import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { confirmEmailQuery } from './account-api';
import { AuthCard, StateIcon } from '../../components/auth/auth-card';
import { meApi } from '../../../domain/api/me';
import { isErrorOf } from '../../lib/form-errors';

const INVALID_LINK = 'This link is invalid or has expired, or belongs to another account. Ask for a new one on your account page.';

const toAccount = (
  <Button asChild size="lg" className="w-full">
    <Link to="/account#email">Go to Account settings</Link>
  </Button>
);

/** /account/confirm-email?token=… — the link mailed to the new address (signed in: the guard sends a visitor to sign in first). */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirmation = useQuery(confirmEmailQuery(token));

  return (
    <div className="mx-auto flex max-w-md px-4 py-12">
      {token && confirmation.isPending ? (
        <AuthCard title="Confirming your new email" description="This takes a moment.">
          <div role="status" className="flex items-center justify-center gap-3 py-4 text-muted-foreground">
            <span className="size-6 animate-spin rounded-full border-[3px] border-primary/20 border-t-primary" aria-hidden="true" />
            Checking your link…
          </div>
        </AuthCard>
      ) : token && confirmation.data ? (
        <AuthCard
          icon={
            <StateIcon tone="success">
              <CheckCircle2 />
            </StateIcon>
          }
          title="Your email address is changed"
          description={
            <>
              From now on you sign in with <strong className="font-semibold break-all text-foreground">{confirmation.data.email}</strong>. It is verified.
            </>
          }
        >
          {toAccount}
        </AuthCard>
      ) : (
        <AuthCard
          icon={
            <StateIcon tone="error">
              <MailX />
            </StateIcon>
          }
          title="We could not change your email"
        >
          <Alert variant="destructive" role="alert">
            {isErrorOf(meApi.confirmEmail, confirmation.error, 'email_taken') ? confirmation.error.message : INVALID_LINK}
          </Alert>
          <div className="mt-5">{toAccount}</div>
        </AuthCard>
      )}
    </div>
  );
}
