import type { BetterAuthOptions } from 'better-auth';
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
  if (arg instanceof Error) return { name: arg.name, message: scrub(arg.message) };
  if (typeof arg === 'string') return scrub(arg);
  if (typeof arg === 'number' || typeof arg === 'boolean') return arg;
  return '[details omitted]';
}

/**
 * better-auth's log lines go to pino, warnings and errors only (its info lines
 * name e-mail addresses), with every message scrubbed.
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
 * better-auth's router prints every refused request to the console unless told
 * otherwise; client errors (4xx) are ordinary answers, anything else goes to pino, scrubbed.
 */
export function betterAuthErrorHandler(logger: Logger): NonNullable<BetterAuthOptions['onAPIError']> {
  return {
    onError: (error) => {
      const status = (error as { statusCode?: unknown })?.statusCode;
      if (typeof status === 'number' && status < 500) return;
      logger.error({ source: 'better-auth', err: describe(error) }, 'auth request failed');
    },
  };
}
