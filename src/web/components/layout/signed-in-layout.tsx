import { Outlet, useMatches } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSignedInUser } from '../../lib/use-session';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { RequireAuth, type RouteAccess } from './require-auth';
import { VerifyEmailBanner } from './verify-email-banner';

function Shell() {
  const user = useSignedInUser();
  // Pages that declare `handle.bottomNav` get the phone bottom navigation (docs/product/public-site.md#navigation).
  const bottomNav = useMatches().some((match) => (match.handle as RouteAccess | undefined)?.bottomNav);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-[var(--shadow-raised)]"
      >
        Skip to content
      </a>
      <AppHeader user={user} />
      <VerifyEmailBanner user={user} />
      <main id="main" className={bottomNav ? 'flex-1 pb-20 md:pb-0' : 'flex-1'}>
        <Outlet />
      </main>
      {bottomNav && <BottomNav />}
    </div>
  );
}

/** /dashboard, /apply, /explore, /chat, /account and /admin: the guard, then the signed-in header and the verification banner. */
export default function SignedInLayout() {
  usePageMeta();
  return (
    <RequireAuth>
      <Shell />
    </RequireAuth>
  );
}
