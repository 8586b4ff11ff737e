/**
 * Where the e2e servers listen. Derived from E2E_PORT so that playwright.config.ts
 * (in the runner) and the tests (in the workers, which re-read the environment)
 * agree without passing state around; each can be overridden.
 */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3210);
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const MAIL_SMTP_PORT = Number(process.env.E2E_MAIL_SMTP_PORT ?? APP_PORT + 1);
export const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? APP_PORT + 2);
export const MAIL_SINK_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`;

/** The admin of e2e/admin.spec.ts, created before the e2e server starts (e2e/support/create-admins.ts). */
export const TEST_ADMIN = { email: 'admin.e2e@example.com', password: 'e2e-admin-Passphrase-42' } as const;

/**
 * The operations admin (created before the e2e server starts, e2e/support/create-admins.ts):
 * it promotes the fresh admins of e2e/support/admins.ts. No test signs in as it in a browser.
 */
export const OPS_ADMIN = { email: 'ops.e2e@example.com', password: 'e2e-ops-Passphrase-77' } as const;
