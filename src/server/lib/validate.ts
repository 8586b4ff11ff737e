import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, validationError } from './errors';

/** Reads the JSON body and validates it with `schema`; 400 with field messages otherwise. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError(400, 'invalid_json', 'The request body must be valid JSON.');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
