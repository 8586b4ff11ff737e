import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { comparisonPath } from '../domain/brand';
import { REDIRECTS } from '../domain/pages';
import { PublicLayout } from './components/layout/public-layout';
import { NotFoundPage, PageLoading, RouteErrorScreen } from './components/layout/route-states';
import { ScrollToTop } from './components/layout/scroll-to-top';
import { brand } from './lib/config';

/** Each page is its own chunk: the landing page downloads no calculator, auth or admin code. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
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
          { path: 'how-much-home-can-i-afford', lazy: page(() => import('./features/calculators/affordability-page')) },
          { path: 'affordability', lazy: page(() => import('./features/calculators/home-affordability-page')) },
          { path: comparisonPath(brand).slice(1), lazy: page(() => import('./features/calculators/comparison-page')) },
          ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from.slice(1), element: <Navigate to={to} replace /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
