import { Outlet } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSignedInUser } from '../../lib/use-session';
import { AppHeader } from './app-header';
import { RequireAuth } from './require-auth';
import { VerifyEmailBanner } from './verify-email-banner';

function Shell() {
  const user = useSignedInUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-[var(--shadow-raised)]">
        Skip to content
      </a>
      <AppHeader user={user} />
      <VerifyEmailBanner user={user} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}

/** /dashboard, /account and /admin: the guard, then the signed-in header and the verification banner. */
export default function SignedInLayout() {
  usePageMeta();
  return (
    <RequireAuth>
      <Shell />
    </RequireAuth>
  );
}
