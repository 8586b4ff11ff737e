import type { z } from 'zod';
import type { ServerErrorCode } from '../../../domain/api/error-codes';

/** The one error shape of the API: `{ error: { code, message, fields? } }` (style.md 'Typed errors'). */
export interface ErrorBody {
  /** `extra` carries what a code needs beyond fields, e.g. `steps` of application_incomplete. */
  error: { code: string; message: string; fields?: Record<string, string> } & Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: ServerErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { error: { ...this.extra, code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

/** The first message per field, keyed by the dotted path of the field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export const validationError = (error: z.ZodError) => new AppError(400, 'validation_failed', 'Some fields need your attention.', fieldErrors(error));
