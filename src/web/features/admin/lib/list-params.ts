import type { z } from 'zod';

/**
 * A back-office list's state in the page's URL, read with the server's own list
 * schema (src/domain/admin/*: the `query` of the list's route contract), so the page
 * and the API agree on every name, type and default (docs/product/back-office.md#lists:
 * the list state lives in the page's URL and in the API's query string).
 */

/** A list's query schema: one object (its fields are the URL's parameters), refinements allowed. */
export type ListSchema = z.ZodObject;

/** A change to write to the URL: values as the address bar holds them; undefined or '' removes one. */
export type ListPatch<S extends ListSchema> = Partial<Record<keyof z.output<S> & string, string | number | undefined>>;

/** What a field is when the URL does not give it (or gives a value the schema refuses). */
function defaultOf(field: z.ZodType): unknown {
  const parsed = field.safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
}

/** Every field's default, as the schema gives it. */
export function listDefaults<S extends ListSchema>(schema: S): z.output<S> {
  return Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, defaultOf(field)])) as z.output<S>;
}

/**
 * The list's state from the URL's search parameters: each value parsed by its field of
 * the schema, a missing or refused one replaced by the field's default; then the rules
 * across fields (a start date after the end date) checked, the fields they name going
 * back to their defaults. Parameters the schema does not name are ignored.
 */
export function parseListParams<S extends ListSchema>(schema: S, search: URLSearchParams): z.output<S> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const raw = search.get(key);
    const parsed = raw === null ? undefined : field.safeParse(raw);
    values[key] = parsed?.success ? parsed.data : defaultOf(field);
  }
  const fields = Object.keys(schema.shape);
  for (let attempt = 0; attempt <= fields.length; attempt += 1) {
    const whole = schema.safeParse(values);
    if (whole.success) return whole.data as z.output<S>;
    const named = whole.error.issues.map((issue) => String(issue.path[0] ?? '')).filter((key) => key in schema.shape);
    if (!named.length) break;
    for (const key of named) values[key] = defaultOf(schema.shape[key] as z.ZodType);
  }
  return listDefaults(schema);
}

/** The values that differ from their defaults, as text: the API's query string and the page's URL leave the rest out. */
export function changedListParams<S extends ListSchema>(
  schema: S,
  params: z.output<S>,
  { omit = [] }: { omit?: readonly string[] } = {},
): Record<string, string> {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const changed: Record<string, string> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (omit.includes(key) || value === undefined || value === null || value === '' || value === defaults[key]) continue;
    changed[key] = String(value);
  }
  return changed;
}

/**
 * The URL's search parameters after `patch`: a value equal to its default, empty or
 * undefined is removed; any change but the page itself goes back to page 1.
 * Parameters the list does not own (`?review=` of the applications) are kept.
 */
export function patchListSearch<S extends ListSchema>(schema: S, current: URLSearchParams, patch: ListPatch<S>): URLSearchParams {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch) as [string, string | number | undefined][]) {
    if (value === undefined || value === '' || String(value) === String(defaults[key] ?? '')) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}
