import { Outlet } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';
import { Footer } from './footer';
import { TopNav } from './top-nav';

export function PublicLayout() {
  usePageMeta();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-[var(--shadow-raised)]"
      >
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
