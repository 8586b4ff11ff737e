import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { openAPI } from 'better-auth/plugins/open-api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { auditEmailVerified } from './audit-hooks';
import type { Brand } from '../../../domain/brand';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema';
import type { BackgroundTasks } from '../lib/background';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/send-mail';
import { passwordResetMail, verificationMail, type MailContext } from '../mail/templates';
import { accountRules } from './account-rules-plugin';
import { CLIENT_IP_HEADER } from './client-ip-header';
import { betterAuthErrorHandler, betterAuthLogger } from './log-bridge';
import { passwordHasher } from './password-hash';
import { resolveAuthSecret } from '../lib/secret';
import { existingAccountNotice, type OnUnverifiedSignUp } from './sign-up-hooks';

export interface AuthDeps {
  config: Config;
  db: Db;
  logger: Logger;
  brand: Pick<Brand, 'name' | 'contactEmail'>;
  mailer: Mailer;
  /** Runs mail sending after the reply; the server awaits it on shutdown. */
  background: BackgroundTasks;
  /** A module's work for a new, unverified e-mail sign-up (the app passes the applications module's verify reminder). */
  onUnverifiedSignUp?: OnUnverifiedSignUp;
}

/** Endpoints this app does not offer: the profile is PATCH /api/me (shared schema), and there is no social sign-in. */
export const DISABLED_PATHS = [
  '/update-user',
  '/update-session',
  '/change-email',
  '/delete-user',
  '/delete-user/callback',
  '/sign-in/social',
  '/link-social',
  '/unlink-account',
  '/list-accounts',
  '/account-info',
  '/get-access-token',
  '/refresh-token',
  // The OpenAPI plugin's own endpoints: its description of these routes is merged into /api/openapi.json by the
  // server (src/server/platform/http/openapi.ts, calling it through auth.api), and its reference page loads scripts from a CDN.
  '/open-api/generate-schema',
  '/reference',
];

/**
 * The better-auth instance (docs/decisions/006-accounts.md): e-mail + password,
 * sessions in the database behind an http-only SameSite=Lax cookie (Secure when
 * APP_URL is https), TOTP two-factor, and this app's rules as plugin hooks.
 * A factory, so tests build their own.
 */
export function createAuth({ config, db, logger, brand, mailer, background, onUnverifiedSignUp }: AuthDeps) {
  const appUrl = config.APP_URL.replace(/\/+$/, '');
  const mailContext: MailContext = { brand, appUrl };
  const { sendMail } = mailer;
  const firstNameOf = (user: object) => (user as { firstName?: string }).firstName;

  return betterAuth({
    appName: brand.name,
    baseURL: appUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(config),
    trustedOrigins: [appUrl, ...config.TRUSTED_ORIGINS],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: true },
        phone: { type: 'string', required: false },
        phoneVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
        // Never from the client: raised by the server (application submitted) or by an admin.
        role: { type: 'string', required: false, defaultValue: 'guest', input: false },
      },
    },
    session: {
      additionalFields: {
        // Set by the server when the session passed the second factor (session-two-factor.ts); the admin area needs it.
        twoFactorVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Sign-up never signs in, so its reply is the same for a new and a known address (ADR 014); the owner of a known one is mailed.
      autoSignIn: false,
      onExistingUserSignUp: existingAccountNotice(sendMail, mailContext),
      requireEmailVerification: false,
      password: passwordHasher(config.PASSWORD_HASH_COST),
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: config.PASSWORD_RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) =>
        sendMail({
          to: user.email,
          ...passwordResetMail(mailContext, { firstName: firstNameOf(user), token, validForSeconds: config.PASSWORD_RESET_TTL_SECONDS }),
        }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: config.EMAIL_VERIFICATION_TTL_SECONDS,
      // better-auth's `url` points at its own API; the link goes to the web app's page, which calls the API.
      afterEmailVerification: (user, request) => auditEmailVerified(db, user, request),
      sendVerificationEmail: ({ user, token }) =>
        sendMail({
          to: user.email,
          ...verificationMail(mailContext, { firstName: firstNameOf(user), token, validForSeconds: config.EMAIL_VERIFICATION_TTL_SECONDS }),
        }),
    },
    // Reset and two-factor identifiers are stored as hashes: a database copy reveals no live token.
    verification: { storeIdentifier: 'hashed' },
    // Its counters live in memory per process; ours are in the database (rate-limit-hook.ts).
    rateLimit: { enabled: false },
    disabledPaths: DISABLED_PATHS,
    advanced: {
      useSecureCookies: appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Explicit, so tests (NODE_ENV=test) check origins exactly as production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      backgroundTasks: { handler: background.add },
    },
    telemetry: { enabled: false },
    logger: betterAuthLogger(logger),
    onAPIError: betterAuthErrorHandler(),
    plugins: [
      twoFactor({ issuer: brand.name }),
      openAPI({ disableDefaultReference: true }),
      accountRules({ db, config, sendMail, mailContext, onUnverifiedSignUp }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = Auth['$Infer']['Session'];
export type SessionUser = AuthSession['user'];
