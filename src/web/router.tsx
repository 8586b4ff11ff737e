import { Navigate, type RouteObject } from 'react-router';
import { comparisonPath } from '../domain/brand';
import { REDIRECTS } from '../domain/pages';
import { ROLE_RANK } from '../domain/roles';
import { PublicLayout } from './components/layout/public-layout';
import { NotFoundPage, PageLoading, RouteErrorScreen } from './components/layout/route-states';
import { ScrollToTop } from './components/layout/scroll-to-top';
import type { RouteAccess } from './components/layout/require-auth';
import { brand } from './lib/config';

/**
 * Each page is its own chunk: the landing page downloads no calculator, auth or admin code. A chunk that cannot be
 * fetched (a new version of the site, or no connection) becomes a page that throws its error, so the route's
 * errorElement says which; a rejected `lazy` on the first load left the router drawing nothing at all.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  try {
    return { Component: (await load()).default };
  } catch (error) {
    return {
      Component: () => {
        throw error;
      },
    };
  }
};

/**
 * Every page of the app. A function, so the brand is read when it is called: the browser calls it once at start
 * (main.tsx), the server with its own brand to render the public pages (src/server/spa/prerender.tsx;
 * docs/decisions/025-server-rendered-public-pages.md).
 */
export const appRoutes = (): RouteObject[] => [
  {
    element: <ScrollToTop />,
    errorElement: <RouteErrorScreen />,
    HydrateFallback: PageLoading,
    children: [
      {
        element: <PublicLayout />,
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, lazy: page(() => import('./features/landing/landing-page')) },
          { path: 'waitlist', lazy: page(() => import('./features/waitlist/waitlist-page')) },
          { path: 'intro', lazy: page(() => import('./features/intro/intro-page')) },
          { path: 'privacy-policy', lazy: page(() => import('./features/privacy/privacy-page')) },
          // The link in every notification and reminder e-mail (docs/product/accounts.md#unsubscribe-links): no sign-in.
          { path: 'unsubscribe', lazy: page(() => import('./features/unsubscribe/unsubscribe-page')) },
          { path: 'verify', lazy: page(() => import('./features/signatures/verify-page')) },
          { path: 'how-much-home-can-i-afford', lazy: page(() => import('./features/calculators/affordability-page')) },
          { path: 'affordability', lazy: page(() => import('./features/calculators/home-affordability-page')) },
          { path: comparisonPath(brand).slice(1), lazy: page(() => import('./features/calculators/comparison-page')) },
          ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from.slice(1), element: <Navigate to={to} replace /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Accounts (docs/product/accounts.md): the server-state provider, the account screens and the signed-in area, all lazy.
        lazy: page(() => import('./components/layout/session-provider-layout')),
        errorElement: <RouteErrorScreen />,
        children: [
          {
            lazy: page(() => import('./components/layout/auth-layout')),
            children: [
              { path: 'auth/signin', lazy: page(() => import('./features/auth/sign-in-page')) },
              { path: 'auth/signup', lazy: page(() => import('./features/auth/sign-up-page')) },
              { path: 'auth/forgot-password', lazy: page(() => import('./features/auth/forgot-password-page')) },
              { path: 'auth/reset-password', lazy: page(() => import('./features/auth/reset-password-page')) },
              { path: 'auth/verify-email', lazy: page(() => import('./features/auth/verify-email-page')) },
            ],
          },
          {
            // The guard reads each page's `handle` (docs/product/public-site.md#routes: /dashboard for every signed-in user).
            lazy: page(() => import('./components/layout/signed-in-layout')),
            children: [
              {
                path: 'dashboard',
                handle: { minRank: ROLE_RANK.guest, bottomNav: true } satisfies RouteAccess,
                lazy: page(() => import('./features/dashboard/dashboard-page')),
              },
              {
                // 'Adjust Monthly Payment' and 'Transfer' from the dashboard (docs/product/dashboard.md#adjust-monthly-payment,
                // #transfer); a user without a home is told so.
                path: 'dashboard/payment',
                handle: { minRank: ROLE_RANK.guest, bottomNav: true } satisfies RouteAccess,
                lazy: page(() => import('./features/dashboard/adjust-payment-page')),
              },
              {
                path: 'dashboard/transfer',
                handle: { minRank: ROLE_RANK.guest, bottomNav: true } satisfies RouteAccess,
                lazy: page(() => import('./features/dashboard/transfer-page')),
              },
              {
                // The homeowner's home page, 'Details' on the dashboard (docs/product/dashboard.md#home-page); the same access as the dashboard.
                path: 'dashboard/home',
                handle: { minRank: ROLE_RANK.guest, bottomNav: true } satisfies RouteAccess,
                lazy: page(() => import('./features/dashboard/home-page')),
              },
              {
                // One exit quote (docs/decisions/034-exit-quotes.md); the server answers 404 for another homeowner's.
                path: 'dashboard/home/quotes/:id',
                handle: { minRank: ROLE_RANK.guest, bottomNav: true } satisfies RouteAccess,
                lazy: page(() => import('./features/dashboard/quote-page')),
              },
              {
                // 'Find your home' (docs/product/dashboard.md#homes-youre-considering): the server answers only the session's own homes and offers.
                path: 'dashboard/find',
                handle: { minRank: ROLE_RANK.guest, bottomNav: true } satisfies RouteAccess,
                lazy: page(() => import('./features/buying/find-page')),
              },
              { path: 'apply', handle: { minRank: ROLE_RANK.guest } satisfies RouteAccess, lazy: page(() => import('./features/application/apply-page')) },
              {
                // The To do page (docs/product/application.md#after-submission-the-to-do-page): the reviewer's requests and their answers.
                path: 'apply/requests',
                handle: { minRank: ROLE_RANK.guest } satisfies RouteAccess,
                lazy: page(() => import('./features/application/requests-page')),
              },
              {
                path: 'explore',
                handle: { minRank: ROLE_RANK.guest, bottomNav: true } satisfies RouteAccess,
                lazy: page(() => import('./features/coming-soon/explore-page')),
              },
              {
                path: 'chat',
                handle: { minRank: ROLE_RANK.guest, bottomNav: true } satisfies RouteAccess,
                lazy: page(() => import('./features/chat/chat-page')),
              },
              // Review and sign a document (docs/decisions/033-signatures.md): any signed-in signer; the server decides whose step.
              { path: 'sign', handle: { minRank: ROLE_RANK.guest } satisfies RouteAccess, lazy: page(() => import('./features/signatures/sign-page')) },
              { path: 'account', handle: { minRank: ROLE_RANK.guest } satisfies RouteAccess, lazy: page(() => import('./features/account/account-page')) },
              {
                path: 'account/confirm-email',
                handle: { minRank: ROLE_RANK.guest } satisfies RouteAccess,
                lazy: page(() => import('./features/account/confirm-email-page')),
              },
              {
                // The back office (docs/product/back-office.md#access): its own navigation; every page needs admin and two-factor.
                path: 'admin',
                handle: { minRank: ROLE_RANK.admin, requireTwoFactor: true } satisfies RouteAccess,
                lazy: page(() => import('./features/admin/components/admin-layout')),
                children: [
                  { index: true, lazy: page(() => import('./features/admin/dashboard/admin-dashboard-page')) },
                  { path: 'applications', lazy: page(() => import('./features/admin/applications/applications-page')) },
                  { path: 'users', lazy: page(() => import('./features/admin/users/users-page')) },
                  { path: 'waitlist', lazy: page(() => import('./features/admin/waitlist/waitlist-page')) },
                  { path: 'announcements', lazy: page(() => import('./features/admin/announcements/announcements-page')) },
                  { path: 'letters-of-intent', lazy: page(() => import('./features/admin/letters/letters-page')) },
                  { path: 'offers', lazy: page(() => import('./features/admin/offers/offers-page')) },
                  { path: 'pipeline', lazy: page(() => import('./features/admin/pipeline/pipeline-page')) },
                  { path: 'agents', lazy: page(() => import('./features/admin/agents/agents-page')) },
                  { path: 'homes', lazy: page(() => import('./features/admin/homes/homes-page')) },
                  { path: 'signatures', lazy: page(() => import('./features/admin/signatures/signatures-page')) },
                  { path: 'payments', lazy: page(() => import('./features/admin/payments/payments-page')) },
                  { path: 'settings', lazy: page(() => import('./features/admin/settings/settings-page')) },
                  { path: 'audit', lazy: page(() => import('./features/admin/audit/audit-page')) },
                  { path: 'jobs', lazy: page(() => import('./features/admin/jobs/jobs-page')) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
