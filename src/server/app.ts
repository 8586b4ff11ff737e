import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { createApi } from './api';
import { signedInHint } from './platform/http/signed-in-hint';
import type { AppEnv, Deps } from './platform/http/context';
import { compressResponses } from './platform/http/compress';
import { respondToError } from './platform/http/error-response';
import { servePages } from './spa/pages';

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

/** The whole app: request id and deps, security headers, compression, one error answer, the API, then the pages. */
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
  // The public header's 'signed in' hint follows the session cookie (docs/product/public-site.md#navigation).
  app.use('/api/*', signedInHint({ secure: https }));

  app.onError((error, c) => respondToError(error, c, logger));
  app.route('/', createApi(deps));
  servePages(app, deps);
  app.all('*', (c) => c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404));

  return app;
}
