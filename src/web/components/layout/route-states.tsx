import { Home, RefreshCw } from 'lucide-react';
import { Link, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { Button } from '../ui/button';

/** docs/product/public-site.md#not-found: the 404 page ('Oops! Page not found', 'Return to Home'). */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Oops! Page not found</h1>
      <p className="mt-2 text-muted-foreground">The page you were looking for has moved or never existed.</p>
      <Button asChild className="mt-8">
        <Link to="/">
          <Home /> Return to Home
        </Link>
      </Button>
    </section>
  );
}

/** A crashing route shows this instead of React Router's 'Unexpected Application Error!'. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  // A page's code that could not be fetched while the browser is offline is a lost connection, not a new version.
  const offline = chunkFailed && typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <div role="alert" className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{offline ? 'You are offline' : 'Something went wrong'}</h1>
      <p className="mt-2 text-muted-foreground">
        {offline
          ? 'This page could not load because your device has no connection. Check your connection, then reload the page.'
          : chunkFailed
            ? 'A new version of the site is available. Reload the page to continue.'
            : 'Sorry — this page ran into a problem. Your information is safe. Please reload the page or go back home.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw /> Reload page
        </Button>
        <Button asChild variant="outline">
          <a href="/">
            <Home /> Return to Home
          </a>
        </Button>
      </div>
    </div>
  );
}

export function PageLoading() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
