import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { DEFAULT_SETTINGS, publicSettings, type AppSettings } from '../../domain/admin/settings';
import { metaForPath, NOT_FOUND_META, REDIRECTS } from '../../domain/pages';
import { getSettings } from '../admin/settings-store';
import type { AppEnv, Deps } from '../context';
import { loadIndexTemplate, renderIndex, type ClientConfig } from './html';
import { staticLandingTemplate } from './static-landing';

/**
 * Everything outside `/api`: the built assets (cached for a year: their names carry a hash),
 * other public files, the old addresses' redirects, and every page — the single-page app's
 * shell with the page's own title and meta and the client's config, `/` pre-rendered
 * (docs/decisions/012-static-landing.md), and 404 for a path that is no page.
 */
export function servePages(app: Hono<AppEnv>, deps: Deps) {
  const { config, logger } = deps;
  const staticDir = config.STATIC_DIR;
  app.use(
    '/assets/*',
    serveStatic({
      root: staticDir,
      precompressed: true,
      // File names carry a content hash: cache them for a year.
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use(
    '*',
    serveStatic({
      root: staticDir,
      precompressed: true,
      rewriteRequestPath: (p) => (p === '/' || p.endsWith('.html') ? '/__no_such_file__' : p),
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=3600');
      },
    }),
  );

  let template = loadIndexTemplate(staticDir);
  if (!template.built) logger.warn({ staticDir }, 'no built web app found; run `npm run build`');
  // `/` is served pre-rendered with one small script, not the app (docs/decisions/012-static-landing.md).
  const landing = template.built ? staticLandingTemplate(template.html, deps.brand, staticDir) : undefined;
  /** The brand and the public calculators' defaults from the stored settings (docs/product/calculators.md#defaults-from-settings). */
  const clientConfig = async (): Promise<ClientConfig> => {
    let settings: AppSettings;
    try {
      settings = await getSettings(deps.db);
    } catch (error) {
      // A page must not fail because the settings could not be read: serve the default settings (docs/product/back-office.md#settings).
      logger.error({ err: error }, 'settings could not be read; serving the default calculator settings');
      settings = DEFAULT_SETTINGS;
    }
    return { brand: deps.brand, settings: publicSettings(settings) };
  };
  app.get('*', async (c) => {
    if (config.NODE_ENV === 'development' && !template.built) template = loadIndexTemplate(staticDir);
    const target = REDIRECTS[c.req.path.replace(/\/+$/, '')];
    if (target) return c.redirect(target + (new URL(c.req.url).search || ''), 301);
    const meta = metaForPath(c.req.path, deps.brand);
    c.header('Cache-Control', 'no-cache');
    if (!meta) {
      logger.info({ path: c.req.path, reqId: c.var.requestId }, 'page not found');
      return c.html(renderIndex(template.html, NOT_FOUND_META(deps.brand), await clientConfig()), 404);
    }
    const page = c.req.path === '/' && landing ? landing : template.html;
    return c.html(renderIndex(page, meta, await clientConfig()));
  });
}
