import type { BetterAuthOptions } from 'better-auth';
import { errorFacts } from '../lib/error-facts';
import type { Logger } from '../lib/logger';
import { noteOutage } from './outage-watch';

/** Removes what must never be logged from better-auth's free-text messages: addresses, tokens, SQL parameters. */
export function scrub(text: string): string {
  return text
    .replace(/params:[\s\S]*$/i, 'params: [redacted]')
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/g, '[email]')
    .replace(/[A-Za-z0-9_\-.]{24,}/g, '[redacted]')
    .slice(0, 500);
}

function describe(arg: unknown): unknown {
  if (arg instanceof Error) return errorFacts(arg);
  if (typeof arg === 'string') return scrub(arg);
  if (typeof arg === 'number' || typeof arg === 'boolean') return arg;
  return '[details omitted]';
}

/**
 * better-auth's log lines go to pino, warnings and errors only (its info lines
 * name e-mail addresses), with every message scrubbed and errors reduced to their safe facts.
 */
export function betterAuthLogger(logger: Logger): NonNullable<BetterAuthOptions['logger']> {
  return {
    level: 'warn',
    disableColors: true,
    log: (level, message, ...args) => {
      noteOutage(args);
      logger[level]({ source: 'better-auth', ...(args.length ? { detail: args.map(describe) } : {}) }, scrub(String(message)));
    },
  };
}

/**
 * better-auth's router answers its own errors (APIError) and prints any other —
 * a failed query in one of our hooks, say — to the console, whole: statement,
 * parameters and all. Thrown on instead, such an error reaches the app's error
 * handler (src/server/app.ts), which logs its safe facts and answers in the
 * API's shape; better-auth's own 5xx answers are logged by src/server/platform/http/mount-auth.ts.
 */
export function betterAuthErrorHandler(): NonNullable<BetterAuthOptions['onAPIError']> {
  return { throw: true };
}
