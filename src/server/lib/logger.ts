import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs; secrets and personal data are redacted should they ever reach a log call. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'email', '*.email', 'phone', '*.phone', 'req.headers.cookie', 'headers.cookie'],
      censor: '[redacted]',
    },
  });
}
