/**
 * A stored time as the API sends it: ISO 8601 in UTC. The database drivers hand
 * timestamps over as Date objects (drizzle's columns) or as text (raw SQL on
 * node-postgres); both read the same here.
 */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** isoTime, or null for a time that is not set. */
export function isoTimeOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : isoTime(value);
}
