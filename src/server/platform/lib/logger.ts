import pino from 'pino';
import { errorFacts, safeErrorMessage } from './error-facts';

export type Logger = pino.Logger;

/** Keys whose values never reach a log line, at the top level or one object down. */
const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'token', 'secret', 'backupCodes', 'cookie', 'authorization', 'email', 'phone'];

/**
 * JSON logs; secrets and personal data are redacted should they ever reach a log
 * call, and an error (`{ err }`) is logged as its safe facts only — never the
 * statement's parameters or the values a database error quotes (error-facts.ts).
 * `destination` lets a test capture every line.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: errorFacts },
    hooks: {
      // Without a message of its own pino would log the error's raw message as `msg`.
      logMethod(args, method) {
        const [first] = args;
        if (args.length === 1 && first !== null && typeof first === 'object') {
          const err = first instanceof Error ? first : (first as { err?: unknown }).err;
          if (err !== undefined) return method.apply(this, [first, safeErrorMessage(err) ?? 'error']);
        }
        return method.apply(this, args);
      },
    },
    redact: {
      paths: [
        ...SECRET_KEYS,
        ...SECRET_KEYS.map((key) => `*.${key}`),
        'req.headers.cookie',
        'headers.cookie',
        'headers["set-cookie"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
