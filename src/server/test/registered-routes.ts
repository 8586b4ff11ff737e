import { createApp } from '../app';
import { loadConfig } from '../platform/config';
import type { Deps } from '../platform/http/context';
import { createLogger } from '../platform/lib/logger';

/** One route of the API, as registered: `GET /api/admin/applications/:id`. */
export interface RegisteredRoute {
  method: string;
  /** The path with its `:params`, no trailing slash. */
  pattern: string;
}

/** Paths the app registers that are not the API's own resources. */
const NOT_RESOURCES = new Set(['/api/health', '/api/openapi.json']);

/**
 * Every route the app registers under /api, read from the app itself (built with a
 * stand-in for its dependencies, which routing never touches): middleware (`ALL`),
 * better-auth's `/api/auth/*`, the `/api/*` catch-all, `/api/health` and
 * `/api/openapi.json` left out.
 */
export function registeredApiRoutes(): RegisteredRoute[] {
  const config = loadConfig({ NODE_ENV: 'test', STATIC_DIR: '/nonexistent' });
  const app = createApp({ config, logger: createLogger('silent') } as unknown as Deps);
  const seen = new Map<string, RegisteredRoute>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || route.path.includes('*')) continue;
    const pattern = route.path.replace(/\/+$/, '');
    if (NOT_RESOURCES.has(pattern)) continue;
    seen.set(`${route.method} ${pattern}`, { method: route.method, pattern });
  }
  return [...seen.values()];
}

export const routeKey = (route: RegisteredRoute) => `${route.method} ${route.pattern}`;
