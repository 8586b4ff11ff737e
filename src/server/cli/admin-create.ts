import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { withOverrides } from '../../domain/brand';
import { createAuth } from '../platform/auth/create-auth';
import { AdminInputError, createOrPromoteAdmin, validateAdminInput, type AdminResult } from '../platform/auth/first-admin';
import { ConfigError, loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import { BackgroundTasks } from '../platform/lib/background';
import { createLogger } from '../platform/lib/logger';
import { createMailer } from '../platform/mail/send-mail';

const USAGE =
  'Usage: npm run admin:create -- --email you@example.com --password "a long passphrase" [--first-name Ada] [--last-name Lovelace]\n' +
  '(--password may be left out when ADMIN_PASSWORD is set, e.g. in .env.)';

/**
 * `npm run admin:create`: makes an admin with a verified address in the database
 * the environment points at (DATABASE_URL, or the embedded one in DATA_DIR),
 * creating the account or promoting an existing one. Returns what it did.
 */
export async function adminCreate(args: string[], env: Record<string, string | undefined> = process.env): Promise<AdminResult> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
    strict: true,
  });
  const password = values.password ?? env.ADMIN_PASSWORD;
  if (!values.email || !password) throw new AdminInputError(USAGE);
  const input = { email: values.email, password, firstName: values['first-name'], lastName: values['last-name'] };
  validateAdminInput(input);

  const config = loadConfig({ ...env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    ownerUrl: config.DATABASE_OWNER_URL,
    pgliteDir: path.join(config.DATA_DIR, 'db'),
    poolSize: 2,
  });
  try {
    await database.migrate();
    const brand = withOverrides({ contactEmail: config.CONTACT_EMAIL });
    const mailer = createMailer({ config, db: database.db, logger, brand });
    const background = new BackgroundTasks(logger);
    const auth = createAuth({ config, db: database.db, logger, brand, mailer, background });
    const result = await createOrPromoteAdmin(auth, input);
    await background.settle();
    mailer.close();
    return result;
  } finally {
    await database.close();
  }
}

export function describeResult(result: AdminResult): string {
  const what = result.action === 'created' ? 'Created the admin account' : 'Promoted the existing account to admin';
  const password = result.passwordSet ? 'with the password you gave' : 'keeping its current password';
  return (
    `${what} ${result.email} (id ${result.userId}), e-mail marked verified, ${password}.\n` +
    'Sign in at /auth/signin; the admin area opens once you have set up two-factor authentication on your account page.'
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  adminCreate(process.argv.slice(2))
    .then((result) => console.log(describeResult(result)))
    .catch((error) => {
      if (error instanceof AdminInputError || error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
        console.error(error.message);
      } else {
        console.error(error);
      }
      process.exit(1);
    });
}
