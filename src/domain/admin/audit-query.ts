import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_RANGES, DEFAULT_AUDIT_RANGE } from './audit';
import { listParamsSchema, pageSchema } from './lists';
import { safeIsoDateTime, safeString } from '../safe-text';

/**
 * `/admin/audit` and `GET /api/admin/audit` (docs/product/back-office.md#audit-log:
 * its filters; the log is real). Newest first, always: the log is read by time.
 * `from` / `to` (More Filters) replace the range when given.
 */
export const AUDIT_ENTITY_FILTERS = ['all', ...AUDIT_ENTITY_TYPES] as const;
export const AUDIT_ACTION_FILTERS = ['all', ...AUDIT_ACTIONS] as const;

// One object (safeExtend keeps the dates' refinement), not an intersection: the OpenAPI document lists an object's fields as query parameters.
export const auditListSchema = listParamsSchema(['at'] as const, 'at').safeExtend({
  entity: z.enum(AUDIT_ENTITY_FILTERS, { error: 'Choose an entity type from the list.' }).default('all'),
  action: z.enum(AUDIT_ACTION_FILTERS, { error: 'Choose an action from the list.' }).default('all'),
  range: z.enum(AUDIT_RANGES, { error: 'The range is 1d, 7d, 30d or 90d.' }).default(DEFAULT_AUDIT_RANGE),
});
export type AuditListParams = z.output<typeof auditListSchema>;

/** One row of `GET /api/admin/audit`: `at` in ISO 8601 (UTC); `actorEmail` null for the system. */
export const auditItemSchema = z.object({
  id: z.number().int(),
  at: safeIsoDateTime('An ISO 8601 date-time'),
  actorEmail: safeString().nullable(),
  action: safeString(),
  entityType: safeString(),
  entityId: safeString().nullable(),
  /** What the entry recorded: `{ field: { from, to } }` for an update, the values of a create, an export's filter. */
  changes: z.looseObject({}).nullable(),
  ip: safeString().nullable(),
});
export type AuditItem = z.output<typeof auditItemSchema>;

/** `GET /api/admin/audit`: a page of the log. */
export const auditPageSchema = pageSchema(auditItemSchema);

/** A value as the Changes column shows it: short, one line. */
export function auditValueText(value: unknown, max = 40): string {
  let text: string;
  if (value === null || value === undefined || value === '') text = '—';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value);
  text = text.replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  Boolean(value) &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  'from' in (value as object) &&
  'to' in (value as object) &&
  Object.keys(value as object).length === 2;

const isPlainObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** Fields that say which record an entry is about come first (the log stores JSON, whose key order is not kept). */
const FIRST_FIELDS = ['firstName', 'lastName', 'name', 'email', 'status', 'role'];
const rank = (field: string) => {
  const index = FIRST_FIELDS.indexOf(field);
  return index === -1 ? FIRST_FIELDS.length : index;
};
const isEmpty = (value: unknown) => value === '' || value === null || value === undefined;

/**
 * The Changes column as lines: 'field: from → to' for updates, 'field: value'
 * for what a create, delete or export recorded (empty values left out); a group
 * (an export's filter) one level down as 'group.field: value'.
 */
export function describeChanges(changes: Record<string, unknown> | null, { max = 40 }: { max?: number } = {}): string[] {
  if (!changes) return [];
  const entries = Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b));
  return entries.flatMap(([field, value]) => {
    if (isFromTo(value)) return [`${field}: ${auditValueText(value.from, max)} → ${auditValueText(value.to, max)}`];
    if (isPlainObject(value)) {
      return Object.entries(value)
        .filter(([, inner]) => !isEmpty(inner))
        .map(([key, inner]) => `${field}.${key}: ${auditValueText(inner, max)}`);
    }
    return isEmpty(value) ? [] : [`${field}: ${auditValueText(value, max)}`];
  });
}
