import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z
  .union([z.literal(''), z.url()])
  .optional()
  .transform((v) => v || undefined);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = (schema: z.ZodString) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((v) => v || undefined);

/** Every environment variable the server reads; `.env.example` lists them with offline defaults. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** The public address (links in mail, the origin check). Blank: http://localhost:<PORT>, the address `npm start` serves. */
    APP_URL: optionalUrl,
    /** Further origins (comma-separated URLs) allowed to send state-changing API requests besides APP_URL's. */
    TRUSTED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) origins' }))),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .union([z.literal(''), z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')])
      .optional()
      .transform((v) => v || undefined),
    DATABASE_POOL_SIZE: positiveInt(20),
    /** Embedded database only: sync each commit to disk (docs/decisions/015-embedded-durability.md). */
    PGLITE_FSYNC: z
      .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
      .default('true')
      .transform((v) => v !== 'false' && v !== '0' && v !== 'no'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool,
    STATIC_DIR: z.string().default('./dist/client'),
    WAITLIST_WEBHOOK_URL: optionalUrl,
    WAITLIST_RATE_LIMIT_MAX: positiveInt(20),
    WAITLIST_RATE_LIMIT_WINDOW_SECONDS: positiveInt(600),
    OUTBOX_POLL_MS: positiveInt(5000),
    OUTBOX_RETRY_BASE_MS: positiveInt(10_000),
    OUTBOX_RETRY_MAX_MS: positiveInt(3_600_000),
    /** The job runner (docs/decisions/020-job-runner.md): how often to look for due jobs, and a failed job's back-off. */
    JOBS_POLL_MS: positiveInt(1000),
    JOBS_RETRY_BASE_MS: positiveInt(10_000),
    JOBS_RETRY_MAX_MS: positiveInt(3_600_000),
    /** How long a claimed job stays reserved for an instance that stopped renewing it (it died): then another runs it. */
    JOBS_LEASE_SECONDS: positiveInt(60),
    /** Announcements to the waitlist (docs/product/back-office.md#announcements): e-mails a second at most. */
    ANNOUNCEMENT_RATE_PER_SECOND: positiveInt(20),
    CONTACT_EMAIL: z
      .union([z.literal(''), z.email()])
      .optional()
      .transform((v) => v || undefined),
    COIN_SITE_URL: optionalUrl,
    MORTGAGE_CALCULATOR_URL: optionalUrl,
    // ---- Accounts (docs/decisions/006-accounts.md) ----
    /** Signs sessions, links and encrypts two-factor secrets; generated into DATA_DIR/auth-secret when blank. */
    BETTER_AUTH_SECRET: optionalText(z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)')),
    /** smtp://user:pass@host:587 or smtps://…:465; blank keeps mail in the mail_outbox table and logs its link. */
    SMTP_URL: optionalText(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
    /** Sender; blank means `"<brand name>" <CONTACT_EMAIL or the brand's address>`. */
    MAIL_FROM: optionalText(z.string().min(3)),
    /** `test` is the test suites' cheaper scrypt (src/server/platform/auth/password-hash.ts), refused outside NODE_ENV=test. */
    PASSWORD_HASH_COST: z.enum(['standard', 'test']).default('standard'),
    AUTH_RATE_LIMIT_IP_MAX: positiveInt(30),
    AUTH_RATE_LIMIT_EMAIL_MAX: positiveInt(10),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt(900),
    /** Requests per IP per window on the e-mails' unsubscribe links (a token search is an online one). */
    UNSUBSCRIBE_RATE_LIMIT_MAX: positiveInt(30),
    UNSUBSCRIBE_RATE_LIMIT_WINDOW_SECONDS: positiveInt(900),
    EMAIL_VERIFICATION_TTL_SECONDS: positiveInt(86_400),
    PASSWORD_RESET_TTL_SECONDS: positiveInt(3600),
    /** First admin, created at start when no admin exists yet. */
    ADMIN_EMAIL: z
      .union([z.literal(''), z.email()])
      .optional()
      .transform((v) => v || undefined),
    ADMIN_PASSWORD: optionalText(z.string()),
    // ---- Applications and documents (docs/decisions/007-applications-and-documents.md) ----
    /** 32 bytes as base64 or hex (`openssl rand -base64 32`); blank: generated once into DATA_DIR/encryption-key. */
    DATA_ENCRYPTION_KEY: optionalText(
      z.string().refine((v) => decodeKey(v) !== undefined, 'must be 32 bytes as base64 (44 characters) or hex (64 characters)'),
    ),
    /** S3-compatible storage for uploaded documents, used when S3_BUCKET is set; otherwise DATA_DIR/uploads. */
    S3_BUCKET: optionalText(z.string().min(3)),
    /** Blank: AWS S3 itself; e.g. http://127.0.0.1:9000 for MinIO. */
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Blank (both): the SDK's default credential chain (environment, instance role). */
    S3_ACCESS_KEY_ID: optionalText(z.string()),
    S3_SECRET_ACCESS_KEY: optionalText(z.string()),
    /** true for MinIO and most self-hosted S3 servers (bucket in the path, not the host name). */
    S3_FORCE_PATH_STYLE: bool,
    /** Saves and submits of the application per user per window (the wizard saves as the user types). */
    APPLICATION_RATE_LIMIT_MAX: positiveInt(600),
    /** Document uploads per user per window. */
    UPLOAD_RATE_LIMIT_MAX: positiveInt(60),
    APPLICATION_RATE_LIMIT_WINDOW_SECONDS: positiveInt(600),
  })
  .refine((c) => c.PASSWORD_HASH_COST === 'standard' || c.NODE_ENV === 'test', {
    message: 'PASSWORD_HASH_COST=test is for the test suites only (NODE_ENV=test); leave it unset',
    path: ['PASSWORD_HASH_COST'],
  })
  .refine((c) => !c.ADMIN_EMAIL === !c.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((c) => !c.S3_ACCESS_KEY_ID === !c.S3_SECRET_ACCESS_KEY, {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine((c) => c.S3_BUCKET || !(c.S3_ENDPOINT || c.S3_ACCESS_KEY_ID), {
    message: 'S3_ENDPOINT and the S3 keys need S3_BUCKET',
    path: ['S3_BUCKET'],
  });

/** A 32-byte key written as 64 hex digits or as base64 / base64url; undefined when it is neither. */
export function decodeKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

export type Config = Omit<z.output<typeof configSchema>, 'APP_URL'> & { APP_URL: string };

export class ConfigError extends Error {}

/** Validates the environment; on failure names each bad variable and why. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const { APP_URL, ...rest } = parsed.data;
  // Changing only PORT keeps every form working: the origin the pages are served from is the one the API expects.
  return { ...rest, APP_URL: APP_URL ?? `http://localhost:${rest.PORT}` };
}
