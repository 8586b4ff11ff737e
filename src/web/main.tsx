import './lib/zod-jitless';
import './styles.css';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { ToasterHost } from './components/ui/toaster-host';
import { appRoutes } from './router';

/**
 * The app. The public pages arrive rendered by the server from these same routes and components
 * (src/server/spa/prerender.tsx, docs/decisions/025-server-rendered-public-pages.md): the browser loads the
 * page's own route chunks first, then hydrates what is on screen instead of drawing it again. Every other page
 * (the signed-in area, links with a token) arrives empty and is drawn here, as before.
 */
async function start() {
  const routes = appRoutes();
  const container = document.getElementById('root')!;
  const prerendered = container.firstElementChild !== null;
  if (prerendered) await loadMatchedRoutes(routes);
  const app = (
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
      <ToasterHost />
      <Hydrated />
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

/**
 * `<html data-hydrated>` once the app's first render has committed and run its effects (a later sibling's effects run
 * after the router's): the page's timers and listeners are live. Nothing styles it; browser tests wait on it.
 */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** Resolves the lazy routes of the current address, so the first render is the page itself, as the server drew it. */
async function loadMatchedRoutes(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

void start();
