import { Link, Outlet, useMatches } from 'react-router';
import { brand } from '../../lib/config';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSignedInUser } from '../../lib/use-session';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { RequireAuth, type RouteAccess } from './require-auth';
import { VerifyEmailBanner } from './verify-email-banner';

const link = 'rounded font-medium text-primary underline-offset-4 hover:underline';

/** Every signed-in page ends with where to get help and the privacy policy (docs/product/dashboard.md#footer). */
function SignedInFooter() {
  return (
    <footer className="mt-12 border-t border-border/70 px-4 py-6 text-sm text-muted-foreground">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <p className="min-w-0 [overflow-wrap:anywhere]">
          Questions? Write to us at{' '}
          <a className={link} href={`mailto:${brand.contactEmail}`}>
            {brand.contactEmail}
          </a>
          .
        </p>
        <nav aria-label="Legal">
          <Link className={link} to="/privacy-policy">
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}

function Shell() {
  const user = useSignedInUser();
  // Pages that declare `handle.bottomNav` get the phone bottom navigation (docs/product/public-site.md#navigation).
  const bottomNav = useMatches().some((match) => (match.handle as RouteAccess | undefined)?.bottomNav);
  return (
    <div className={bottomNav ? 'flex min-h-dvh flex-col pb-20 md:pb-0' : 'flex min-h-dvh flex-col'}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-[var(--shadow-raised)]"
      >
        Skip to content
      </a>
      <AppHeader user={user} />
      <VerifyEmailBanner user={user} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SignedInFooter />
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
