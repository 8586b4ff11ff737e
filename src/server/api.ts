import { notificationsApi } from '../domain/api/notifications';
import { notificationRoutes } from './routes/notifications';
import { paymentsApi } from '../domain/api/payments';
import { paymentRoutes, paymentWebhookRoutes } from './routes/payments';
import { autopayRoutes } from './routes/autopay';
import { bodyLimit } from 'hono/body-limit';
import { systemApi } from '../domain/api/system';
import { handleAuthRequest } from './platform/http/mount-auth';
import type { AppEnv, Deps } from './platform/http/context';
import { pingDatabase } from './platform/db/client';
import { AppError } from './platform/lib/errors';
import { apiRouter, route } from './platform/http/route';
import { refuseUnsafeUrlText } from './platform/http/safe-request';
import { noStoreByDefault, sameOriginOnly } from './platform/http/same-origin';
import { openApiDocument } from './platform/http/openapi';
import { adminRoutes } from './routes/admin';
import { agentRoutes } from './routes/agents';
import { buyingRoutes } from './routes/buying';
import { LETTER_PDF_UPLOAD_PATH, LETTERS_UPLOAD_PATH } from './routes/admin/letters';
import { SCAN_PATH, signatureRoutes, verifyRoutes, VERIFY_PATH } from './routes/signatures';
import { applicationRoutes, UPLOAD_PATH } from './routes/application';
import { MESSAGE_UPLOAD_PATHS } from '../domain/api/message-attachments';
import { CLOSING_UPLOAD_PATHS } from '../domain/api/admin-offers';
import { documentRoutes } from './routes/documents';
import { homeStatementRoutes } from './routes/home-statements';
import { preApprovalRoutes } from './routes/pre-approval';
import { homeChangesRoutes } from './routes/home-changes';
import { homeFeeRoutes } from './routes/home-fees';
import { DISPUTE_UPLOAD_PATH, exitQuoteRoutes } from './routes/exit-quotes';
import { homeRoutes } from './routes/home';
import { mailOutboxRoutes } from './routes/mail-outbox';
import { meRoutes } from './routes/me';
import { messageRoutes } from './routes/messages';
import { waitlistRoutes } from './routes/waitlist';

/** Largest JSON body the API reads (uploads have their own limits). */
const JSON_BODY_LIMIT = 64 * 1024;

/**
 * `/api/*`: the checks every API request passes (same origin for a change, no-store, body size,
 * no unsafe text in the URL), then every route — declared once in src/domain/api, validated and
 * documented from its schemas (docs/decisions/017-route-contracts.md) — and better-auth's.
 */
export function createApi(deps: Deps) {
  const { config, logger } = deps;
  // One OpenAPI router at the root: routes declared in src/domain/api register at their full paths and are
  // validated and documented from their schemas (docs/decisions/017-route-contracts.md).
  const api = apiRouter<AppEnv>();
  const tooLarge = () => {
    throw new AppError(413, 'payload_too_large', 'That request is too large.');
  };
  const streamingBodyLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  // The document, dispute-document, closing-document and letter-of-intent uploads stream up to 25 MB and enforce their own limits
  // (src/server/modules/applications/receive-upload.ts, src/server/modules/letters/letter-upload.ts).
  const streamedUploads = new Set<string>([
    UPLOAD_PATH,
    LETTERS_UPLOAD_PATH,
    LETTER_PDF_UPLOAD_PATH,
    VERIFY_PATH,
    SCAN_PATH,
    DISPUTE_UPLOAD_PATH,
    ...MESSAGE_UPLOAD_PATHS,
    ...CLOSING_UPLOAD_PATHS,
  ]);
  // Before anything reads a body: a forged cross-site request is refused first (src/server/platform/http/same-origin.ts).
  api.use(
    '/api/*',
    sameOriginOnly({
      appUrl: config.APP_URL,
      trustedOrigins: config.TRUSTED_ORIGINS,
      // better-auth's endpoints; a declared route checks its body's type after its guard (route.ts).
      checksBodyTypeOf: (path) => path.startsWith('/api/auth/'),
      oneClickPaths: new Set([notificationsApi.oneClick.path]),
      signedPaths: new Set([paymentsApi.webhook.path]),
      onRefusedOrigin: ({ origin, expected }) =>
        logger.warn(
          { origin, expected },
          `refused a state-changing request from ${origin}: the API expects ${expected} (APP_URL). Open the app at APP_URL, or set APP_URL or TRUSTED_ORIGINS to the address you open; this is said once per origin`,
        ),
    }),
  );
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
  // NUL or a lone surrogate in a path or query value: 400, not a database error (src/domain/safe-text.ts). A declared
  // route checks it after its guard (route.ts routeMiddleware); here, better-auth's endpoints.
  api.use('/api/auth/*', refuseUnsafeUrlText);
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
  api.route('/', notificationRoutes());
  api.route('/', meRoutes());
  // The homeowner's monthly statements (src/domain/api/home-statements.ts).
  api.route('/', homeStatementRoutes());
  api.route('/', preApprovalRoutes());
  // The signed-in homeowner's own home, read-only (src/domain/api/home.ts).
  api.route('/', homeRoutes());
  // The signed-in user's own application and documents (docs/product/application.md), declared in src/domain/api/application.ts.
  api.route('/', applicationRoutes());
  api.route('/', documentRoutes());
  // The user's conversation with our staff about their application (src/domain/api/messages.ts).
  api.route('/', messageRoutes());
  // A homeowner's payment changes and 60-day notices (src/domain/api/home-changes.ts).
  api.route('/', homeChangesRoutes());
  // A homeowner's late-fee waiver requests (src/domain/api/home-fees.ts).
  api.route('/', homeFeeRoutes());
  // Paying by bank debit and the processor's signed webhook (src/domain/api/payments.ts).
  api.route('/', paymentRoutes());
  api.route('/', autopayRoutes());
  api.route('/', paymentWebhookRoutes());
  api.route('/', exitQuoteRoutes());
  // The buyer's agent: their own, or a partner agent we match them with (src/domain/api/agents.ts).
  api.route('/', agentRoutes());
  // The buyer's homes and offers, the 'Find' and 'Offer' steps (src/domain/api/buying.ts).
  api.route('/', buyingRoutes());
  // Documents sent for signature, and the public check of a sealed file (src/domain/api/signatures.ts).
  api.route('/', signatureRoutes());
  api.route('/', verifyRoutes());
  // Guarded as a whole: rank admin and a session that passed two-factor (src/server/routes/admin.ts).
  api.route('/', adminRoutes());
  api.all('/api/*', (c) => c.json({ error: { code: 'not_found', message: `No API route ${c.req.method} ${c.req.path}.` } }, 404));
  return api;
}
