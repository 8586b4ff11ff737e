import pino from 'pino';

export type Logger = pino.Logger;

/** Keys whose values never reach a log line, at the top level or one object down. */
const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'token', 'secret', 'backupCodes', 'cookie', 'authorization', 'email', 'phone'];

/**
 * JSON logs; secrets and personal data are redacted should they ever reach a log
 * call. `destination` lets a test capture every line.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
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
