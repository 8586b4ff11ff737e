import type { Context } from 'hono';
import { homeApi } from '../../domain/api/home';
import { NO_HOME_MESSAGE } from '../../domain/homes/my-home';
import { requireUser, type AuthedEnv } from '../auth/guards';
import { homeIdOfUser, loadHomeFigures, type LoadedHome } from '../homes/home-figures';
import { ledgerFileOf, myHomeOf, valuationPointsOf } from '../homes/my-home';
import { AppError } from '../lib/errors';
import { apiRouter, route } from '../lib/route';

/**
 * `/api/me/home` (src/domain/api/home.ts): the signed-in homeowner's own home, read-only.
 * The home is the session's (homeIdOfUser): no route takes a home's id, so another
 * homeowner's home is never reachable from here.
 */

/** The session's home with its figures, or 404 for a user without one. */
async function ownHome(c: Context<AuthedEnv>): Promise<LoadedHome> {
  const { db } = c.var.deps;
  const homeId = await homeIdOfUser(db, c.var.user.id);
  const loaded = homeId ? await loadHomeFigures(db, homeId) : undefined;
  if (!loaded) throw new AppError(404, 'no_home', NO_HOME_MESSAGE);
  return loaded;
}

export function homeRoutes() {
  const router = apiRouter<AuthedEnv>();
  router.use('/api/me/home', requireUser);
  router.use('/api/me/home/*', requireUser);

  route(router, homeApi.get, async (c) => myHomeOf(await ownHome(c)));

  route(router, homeApi.ledger, async (c) => {
    const { home, entries } = await ownHome(c);
    // A download when opened as a link; the home page reads the same JSON with fetch.
    c.header('Content-Disposition', `attachment; filename="${c.var.deps.brand.slug}-ledger-${home.id}.json"`);
    c.header('Cache-Control', 'private, no-store');
    return ledgerFileOf(home.id, entries);
  });

  route(router, homeApi.valuations, async (c) => {
    const loaded = await ownHome(c);
    return { points: await valuationPointsOf(c.var.deps.db, loaded) };
  });

  return router;
}
