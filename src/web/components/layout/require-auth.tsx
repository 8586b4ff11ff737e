import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches, useNavigation } from 'react-router';
import { signInPathFor } from '../../lib/redirect-target';
import { useSession } from '../../lib/use-session';
import { PageLoading } from './route-states';
import { LoadError } from '../load-error';

/** What a route needs, declared in the route table as its `handle` (src/web/router.tsx). */
export interface RouteAccess {
  /** Lowest role rank (src/domain/roles.ts) that may open the page. */
  minRank?: number;
  /** Admin pages also need two-factor authentication (docs/product/accounts.md#two-factor). */
  requireTwoFactor?: boolean;
  /** The page shows the phone bottom navigation (Explore, Dashboard, Chat). */
  bottomNav?: boolean;
}

export const TWO_FACTOR_NOTICE = 'Set up two-factor authentication to open the back office.';

/** The strictest access any matched route asks for. */
function accessOf(matches: ReturnType<typeof useMatches>): Required<Pick<RouteAccess, 'minRank' | 'requireTwoFactor'>> {
  let minRank = 0;
  let requireTwoFactor = false;
  for (const match of matches) {
    const handle = match.handle as RouteAccess | undefined;
    if (typeof handle?.minRank === 'number') minRank = Math.max(minRank, handle.minRank);
    if (handle?.requireTwoFactor) requireTwoFactor = true;
  }
  return { minRank, requireTwoFactor };
}

/**
 * The browser's route guard (docs/product/accounts.md#roles-and-access). It only saves a
 * round trip: the server checks every request itself.
 * - no session → /auth/signin?redirectTo=<the wanted path and query>;
 * - signed in below the page's rank → / ;
 * - an admin without two-factor on an admin page → /account, with a notice and the page to return to
 *   once two-factor is on (docs/product/accounts.md#admin-landing).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending, error, refetch } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const access = accessOf(useMatches());

  if (isPending) return <PageLoading />;
  // Already on the way out (signing out, deleting the account: the next page's code may still be loading): the guard
  // does not turn that navigation into a sign-in page when the session ends meanwhile.
  if (!user && navigation.state === 'loading' && navigation.location.pathname !== location.pathname) return <PageLoading />;
  if (user === undefined && error) {
    return <LoadError layout="page" message="We could not load your account" detail={error.message} onRetry={refetch} />;
  }
  if (!user) return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  if (user.rank < access.minRank) return <Navigate to="/" replace />;
  if (access.requireTwoFactor && !user.twoFactorEnabled) {
    return <Navigate to="/account" replace state={{ notice: TWO_FACTOR_NOTICE, next: `${location.pathname}${location.search}` }} />;
  }
  return children;
}
