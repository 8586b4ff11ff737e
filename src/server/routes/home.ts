import type { Context } from 'hono';
import { homeApi } from '../../domain/api/home';
import { NO_HOME_MESSAGE } from '../../domain/homes/my-home';
import { type AuthedEnv } from '../platform/http/guards';
import {
  figuresOfHome,
  homeLedger,
  homeOfUser,
  type HomeRow,
  type LoadedHome,
  ledgerFileOf,
  ledgerWarningOf,
  myHomeOf,
  feeSettingsOf,
  feeWaiversOf,
  valuationPointsOf,
} from '../modules/homes';
import { AppError } from '../platform/lib/errors';
import { readAll } from '../platform/db/client';
import { apiRouter, route } from '../platform/http/route';

/**
 * `/api/me/home` (src/domain/api/home.ts): the signed-in homeowner's own home, read-only.
 * The home is the session's (homeOfUser): no route takes a home's id, so another
 * homeowner's home is never reachable from here.
 */

/** The session's home (one read), or 404 for a user without one. */
async function ownHomeRow(c: Context<AuthedEnv>): Promise<HomeRow> {
  const home = await homeOfUser(c.var.deps.db, c.var.user.id);
  if (!home) throw new AppError(404, 'no_home', NO_HOME_MESSAGE);
  // No figure is the homeowner's own before both parties signed the agreement (docs/decisions/033-signatures.md).
  if (home.agreementState === 'awaiting_signatures') {
    throw new AppError(
      409,
      'awaiting_signatures',
      'Your co-ownership agreement is waiting for signatures. Your figures and your first charge start once you and we have signed it.',
    );
  }
  return home;
}

/** The session's home with its figures, or 404 for a user without one. */
async function ownHome(c: Context<AuthedEnv>): Promise<LoadedHome> {
  return figuresOfHome(c.var.deps.db, await ownHomeRow(c));
}

export function homeRoutes() {
  const router = apiRouter<AuthedEnv>();

  route(router, homeApi.get, async (c) => {
    const loaded = await ownHome(c);
    // The chain from the last entry the daily check found intact (src/server/modules/homes/ledger-checks.ts).
    const { db } = c.var.deps;
    const [warning, settings, waivers] = await readAll(db, [
      () => ledgerWarningOf(db, loaded.home.id),
      () => feeSettingsOf(db),
      () => feeWaiversOf(db, loaded.home.id),
    ] as const);
    return myHomeOf(loaded, warning, { settings, waivers });
  });

  route(router, homeApi.ledger, async (c) => {
    // The ledger alone: its figures (terms, valuation, allocation) are not part of this reply.
    const home = await ownHomeRow(c);
    const entries = await homeLedger(c.var.deps.db, home.id);
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
