import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { DEFAULT_SETTINGS, publicSettings, type AppSettings } from '../domain/admin/settings';
import { systemApi } from '../domain/api/system';
import { metaForPath, NOT_FOUND_META, REDIRECTS } from '../domain/pages';
import { getSettings } from './admin/settings-store';
import { handleAuthRequest } from './auth/mount';
import type { AppEnv, Deps } from './context';
import { pingDatabase } from './db/client';
import { databaseUnavailableError, isDatabaseUnavailable, unavailableCode } from './db/unavailable';
import { compressResponses } from './lib/compress';
import { AppError } from './lib/errors';
import { refuseUnsafeUrlText } from './lib/safe-request';
import { apiRouter, route } from './lib/route';
import { noStoreByDefault, sameOriginOnly } from './lib/same-origin';
import { openApiDocument } from './openapi';
import { adminRoutes } from './routes/admin';
import { LETTERS_UPLOAD_PATH } from './routes/admin/letters';
import { applicationRoutes, UPLOAD_PATH } from './routes/application';
import { documentRoutes } from './routes/documents';
import { mailOutboxRoutes } from './routes/mail-outbox';
import { meRoutes } from './routes/me';
import { waitlistRoutes } from './routes/waitlist';
import { loadIndexTemplate, renderIndex, type ClientConfig } from './spa/html';
import { staticLandingTemplate } from './spa/static-landing';

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Radix and sonner set styles at run time; no inline *scripts* are allowed.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Largest JSON body the API reads (uploads have their own limits). */
const JSON_BODY_LIMIT = 64 * 1024;

export function createApp(deps: Deps) {
  const { config, logger } = deps;
  const app = new Hono<AppEnv>();
  const https = config.APP_URL.startsWith('https:');

  app.use(requestId());
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: CSP,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compressResponses());

  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const code = status === 413 ? 'payload_too_large' : 'http_error';
      const message = status === 413 ? 'That request is too large.' : error.message || 'The request could not be handled.';
      return c.json({ error: { code, message } }, status);
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: answer "retry" (src/server/db/unavailable.ts) and log the driver's code alone.
      logger.warn({ code: unavailableCode(error), reqId: c.var.requestId, path: c.req.path }, 'database unavailable');
      const unavailable = databaseUnavailableError();
      for (const [name, value] of Object.entries(unavailable.headers ?? {})) c.header(name, value);
      return c.json(unavailable.toBody(), 503);
    }
    logger.error({ err: error, reqId: c.var.requestId, path: c.req.path }, 'unhandled error');
    return c.json({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } }, 500);
  });

  // ---- API ----
  // One OpenAPI router at the root: routes declared in src/domain/api register at their full paths and are
  // validated and documented from their schemas (docs/decisions/017-route-contracts.md).
  const api = apiRouter<AppEnv>();
  const tooLarge = () => {
    throw new AppError(413, 'payload_too_large', 'That request is too large.');
  };
  const streamingBodyLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  // The document and letter-of-intent uploads stream up to 25 MB and enforce their own limits
  // (src/server/applications/receive-upload.ts, src/server/admin/letter-upload.ts).
  const streamedUploads = new Set<string>([UPLOAD_PATH, LETTERS_UPLOAD_PATH]);
  // Before anything reads a body: a forged cross-site request is refused first (src/server/lib/same-origin.ts).
  api.use('/api/*', sameOriginOnly({ appUrl: config.APP_URL, trustedOrigins: config.TRUSTED_ORIGINS, multipartPaths: streamedUploads }));
  api.use('/api/*', noStoreByDefault);
  api.use('/api/*', (c, next) => {
    if (c.req.method === 'POST' && streamedUploads.has(c.req.path)) return next();
    // A declared length is checked from the header alone: reading `c.req.raw.body` (as hono's bodyLimit
    // does) would build a web Request and stream for every request, GETs included, and lose the node
    // server's direct body read — a measured share of every API request's cost (bench waitlist/admin).
    const length = c.req.header('content-length');
    if (length !== undefined) return Number(length) > JSON_BODY_LIMIT ? tooLarge() : next();
    // No body, or a chunked one: count it as it streams.
    return c.req.header('transfer-encoding') ? streamingBodyLimit(c, next) : next();
  });
  // NUL or a lone surrogate in a path or query value: 400, not a database error (src/domain/safe-text.ts).
  api.use('/api/*', refuseUnsafeUrlText);
  route(api, systemApi.health, async (c) => {
    try {
      await pingDatabase(deps.db);
      return { status: 'ok', database: 'ok' } as const;
    } catch (error) {
      logger.error({ err: error }, 'health check: database unreachable');
      return c.json({ error: { code: 'database_unavailable', message: 'The database is not reachable.' } }, 503);
    }
  });
  route(
    api,
    systemApi.openapi,
    async () => (await openApiDocument(api, deps.auth, deps.brand.name)) as { openapi: string; paths: Record<string, Record<string, unknown>> },
  );
  api.route('/', mailOutboxRoutes());
  api.route('/', waitlistRoutes());
  // better-auth: sign-up, sign-in, sessions, verification, reset, two-factor (docs/decisions/006-accounts.md).
  api.on(['GET', 'POST'], '/api/auth/*', handleAuthRequest);
  api.route('/', meRoutes());
  // The signed-in user's own application and documents (docs/product/application.md), declared in src/domain/api/application.ts.
  api.route('/', applicationRoutes());
  api.route('/', documentRoutes());
  // Guarded as a whole: rank admin and a session that passed two-factor (src/server/routes/admin.ts).
  api.route('/', adminRoutes());
  api.all('/api/*', (c) => c.json({ error: { code: 'not_found', message: `No API route ${c.req.method} ${c.req.path}.` } }, 404));
  app.route('/', api);

  // ---- Static files and the single-page app ----
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
  /** The brand and the public calculators' defaults from the stored settings (decisions.md 'Back office'). */
  const clientConfig = async (): Promise<ClientConfig> => {
    let settings: AppSettings;
    try {
      settings = await getSettings(deps.db);
    } catch (error) {
      // A page must not fail because the settings could not be read: serve the spec's defaults.
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
  app.all('*', (c) => c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404));

  return app;
}
