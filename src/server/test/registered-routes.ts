import { adminRoutes } from '../routes/admin';
import { applicationRoutes } from '../routes/application';
import { documentRoutes } from '../routes/documents';
import { meRoutes } from '../routes/me';
import { waitlistRoutes } from '../routes/waitlist';

/** One route of the API's own routers, as registered: `GET /api/admin/applications/:id`. */
export interface RegisteredRoute {
  method: string;
  /** The path with its `:params`, no trailing slash. */
  pattern: string;
}

/**
 * Every route the API's routers register (src/server/app.ts mounts them under
 * these prefixes), middleware (`ALL`) left out. better-auth's `/api/auth/*` and
 * the app's own `/api/health` and `/api/openapi.json` are not among them.
 */
export function registeredApiRoutes(): RegisteredRoute[] {
  const mounts = [
    ['/api/waitlist', waitlistRoutes()],
    ['/api/me', meRoutes()],
    ['/api/application', applicationRoutes()],
    ['/api/documents', documentRoutes()],
    ['/api/admin', adminRoutes()],
  ] as const;
  const seen = new Map<string, RegisteredRoute>();
  for (const [prefix, router] of mounts) {
    for (const route of router.routes) {
      if (route.method === 'ALL') continue;
      const pattern = `${prefix}${route.path}`.replace(/\/+$/, '');
      seen.set(`${route.method} ${pattern}`, { method: route.method, pattern });
    }
  }
  return [...seen.values()];
}

export const routeKey = (route: RegisteredRoute) => `${route.method} ${route.pattern}`;
