import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { DEFAULT_SETTINGS, publicSettings, type AppSettings } from '../../domain/admin/settings';
import { metaForPath, NOT_FOUND_META, REDIRECTS } from '../../domain/pages';
import { getSettings } from '../platform/settings/settings-store';
import type { AppEnv, Deps } from '../platform/http/context';
import { loadIndexTemplate, renderIndex, type ClientConfig } from './html';
import { createPageRenderer, prerenderedPaths, withAppAfterFirstPaint, withFontPreload, withPrerenderedBody } from './prerender';
import { staticLandingTemplate } from './static-landing';

/**
 * Everything outside `/api`: the built assets (cached for a year: their names carry a hash),
 * other public files, the old addresses' redirects, and every page — the single-page app's
 * shell with the page's own title and meta and the client's config, `/` pre-rendered
 * (docs/decisions/012-static-landing.md), the other public pages and the not-found page rendered from the app's
 * routes and then hydrated (docs/decisions/025-server-rendered-public-pages.md), and 404 for a path that is no page.
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
  else template = { ...template, html: withFontPreload(template.html, staticDir) };
  // `/` is served pre-rendered with one small script, not the app (docs/decisions/012-static-landing.md).
  const landing = template.built ? staticLandingTemplate(template.html, deps.brand, staticDir) : undefined;
  // The other public pages and the not-found page: drawn by the server, hydrated by the app (ADR 025). Only with a
  // build (in `npm run dev` Vite serves the pages).
  const prerendered = prerenderedPaths(deps.brand);
  const renderPage = template.built
    ? createPageRenderer(deps.brand, (error, path) => logger.error({ err: error, path }, 'page could not be rendered on the server; the browser draws it'))
    : undefined;
  // A drawn page loads the app after its first paint (ADR 025); a page the browser draws loads it at once.
  const drawnShell = template.built ? withAppAfterFirstPaint(template.html, staticDir) : template.html;
  /** The shell, with the page drawn in it when it is one the server renders. */
  const pageHtml = async (url: string, settings: ClientConfig['settings']) => {
    if (!renderPage) return template.html;
    const body = await renderPage(new URL(url), settings);
    return body === undefined ? template.html : withPrerenderedBody(drawnShell, body);
  };
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
      const client = await clientConfig();
      return c.html(renderIndex(await pageHtml(c.req.url, client.settings), NOT_FOUND_META(deps.brand), client), 404);
    }
    const client = await clientConfig();
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    const page = path === '/' && landing ? landing : prerendered.has(path) ? await pageHtml(c.req.url, client.settings) : template.html;
    return c.html(renderIndex(page, meta, client));
  });
}
