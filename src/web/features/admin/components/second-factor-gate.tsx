import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AuthCard, StateIcon } from '../../../components/auth/auth-card';
import { Button } from '../../../components/ui/button';
import { signInPathFor } from '../../../lib/redirect-target';
import { useSignOut } from '../../../lib/use-sign-out';
import { adminPingQuery } from '../dashboard/dashboard-api';
import { isApiError } from '../../../lib/form-errors';

export const SECOND_FACTOR_NOTICE = 'Sign in with your password and the code from your authenticator app to open the back office.';

/**
 * The back office needs a session that itself passed two-factor. A
 * session that signed in with the password alone — before the admin enrolled,
 * say — gets 403 `two_factor_required` from every admin route; instead of a
 * page of failed tables, the admin is asked to sign in again, and comes back
 * here after the authenticator step. The pages load meanwhile: the check costs
 * no wait.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const ping = useQuery(adminPingQuery());
  const { signOut, pending } = useSignOut({ to: signInPathFor(`${location.pathname}${location.search}`), notice: SECOND_FACTOR_NOTICE });
  const refused = isApiError(ping.error, 'two_factor_required') ? ping.error : undefined;
  if (!refused) return children;
  return (
    <div className="mx-auto max-w-md py-8">
      <AuthCard
        title="Confirm it’s you"
        icon={
          <StateIcon tone="info">
            <ShieldCheck />
          </StateIcon>
        }
        description={refused.message}
      >
        <Button className="w-full" disabled={pending} onClick={() => void signOut()}>
          {pending ? 'Signing out...' : 'Sign In Again'}
        </Button>
      </AuthCard>
    </div>
  );
}
