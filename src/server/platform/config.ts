import { createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { isRoutingNumber } from '../../domain/homes/nacha';

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
    /**
     * PostgreSQL: the login that owns the tables and runs the migrations; DATABASE_URL's login then only serves, with
     * the rights the owner grants it (docs/decisions/035-serving-role.md).
     */
    DATABASE_OWNER_URL: z
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
    // ---- The ledger's signed daily checkpoint (docs/decisions/029-ledger-checks.md) ----
    /** Ed25519 private key, PKCS#8 as PEM or base64 DER (`openssl genpkey -algorithm ed25519`); blank: generated once into DATA_DIR/ledger-signing-key.pem. */
    LEDGER_SIGNING_KEY: optionalText(
      z
        .string()
        .refine(
          (v) => parseSigningKey(v) !== undefined,
          'must be an Ed25519 private key in PKCS#8, as PEM (-----BEGIN PRIVATE KEY-----) or base64 DER (`openssl genpkey -algorithm ed25519`)',
        ),
    ),
    // ---- The seal on signed documents (docs/decisions/033-signatures.md) ----
    /** The company's PKCS#12 (.p12 file) as base64; blank: a self-signed certificate created once into DATA_DIR/seal-certificate.p12. */
    SEAL_P12: optionalText(z.string().regex(/^[A-Za-z0-9+/=\s]+$/, 'must be the .p12 file as base64 (`base64 -w0 seal.p12`)')),
    /** The passphrase of SEAL_P12. */
    SEAL_P12_PASSPHRASE: optionalText(z.string()),
    /** Receives each day's signed checkpoint; blank: every admin does. */
    LEDGER_OPERATOR_EMAIL: z
      .union([z.literal(''), z.email()])
      .optional()
      .transform((v) => v || undefined),
    // ---- Payments by a processor (docs/decisions/032-processor-payments.md) ----
    /** Stripe's secret key (sk_live_… / sk_test_…). Blank: the stand-in processor the project ships is started in-process (Sandbox). */
    STRIPE_SECRET_KEY: optionalText(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')),
    /** The webhook endpoint's signing secret (whsec_…); with STRIPE_SECRET_KEY, required. Blank with the stand-in: a random one per start. */
    STRIPE_WEBHOOK_SECRET: optionalText(z.string().min(8)),
    /** Another API host than api.stripe.com, e.g. a stand-in processor run on its own. */
    STRIPE_API_BASE: optionalUrl,
    /** The stand-in processor: how long a debit takes to settle, and its port (0: any free one). */
    SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    SANDBOX_PROCESSOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    // ---- Bank debits through the day's NACHA file (docs/decisions/037-autopay-and-ach-files.md) ----
    /** Who collects the homeowners' debits: the processor (default), or the bank through the day's NACHA file. */
    PAYMENTS_COLLECTOR: z.enum(['processor', 'bank']).default('processor'),
    /** Where the day's NACHA file is dropped for the bank's transfer. Blank: DATA_DIR/nacha-outbox. */
    NACHA_OUTBOX_DIR: optionalText(z.string().min(1)),
    /** Our bank (the ODFI, also the file's destination): its routing number and name. The defaults are a sandbox bank. */
    NACHA_BANK_ROUTING: z.string().refine(isRoutingNumber, 'must be a 9-digit routing number whose check digit holds').default('110000000'),
    NACHA_BANK_NAME: z.string().min(1).max(23).default('SANDBOX BANK'),
    /** Our company identification at the bank (10 characters, often '1' + the EIN). */
    NACHA_COMPANY_ID: z
      .string()
      .regex(/^[0-9A-Za-z ]{10}$/, 'must be 10 letters or digits')
      .default('1000000000'),
    /** Our account at the bank that each batch's offsetting credit goes to (a balanced file); 'none' when the bank offsets. */
    NACHA_OFFSET_ACCOUNT: z
      .string()
      .regex(/^(none|\d{4,17})$/, "must be 4 to 17 digits, or 'none'")
      .default('000123456789'),
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
  .refine((c) => !c.STRIPE_SECRET_KEY || c.STRIPE_WEBHOOK_SECRET, {
    message: "STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the webhook endpoint's signing secret, whsec_…)",
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine((c) => c.S3_BUCKET || !(c.S3_ENDPOINT || c.S3_ACCESS_KEY_ID), {
    message: 'S3_ENDPOINT and the S3 keys need S3_BUCKET',
    path: ['S3_BUCKET'],
  })
  .refine((c) => c.DATABASE_URL || !c.DATABASE_OWNER_URL, {
    message: 'DATABASE_OWNER_URL needs DATABASE_URL, the login that serves requests',
    path: ['DATABASE_URL'],
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

/**
 * An Ed25519 private key written as PKCS#8 PEM (line breaks may be written as `\n`, as one-line environments need)
 * or as the base64 of its DER; undefined when it is neither or not Ed25519.
 */
export function parseSigningKey(text: string): KeyObject | undefined {
  const value = text.trim().replace(/\\n/g, '\n');
  try {
    const key = value.startsWith('-----BEGIN')
      ? createPrivateKey({ key: value, format: 'pem' })
      : /^[A-Za-z0-9+/_-]+={0,2}$/.test(value)
        ? createPrivateKey({ key: Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64'), format: 'der', type: 'pkcs8' })
        : undefined;
    return key?.asymmetricKeyType === 'ed25519' ? key : undefined;
  } catch {
    return undefined;
  }
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
