import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_RANGES, DEFAULT_AUDIT_RANGE } from './audit';
import { listParamsSchema, pageSchema } from './lists';
import { stateName } from './states';
import { safeIsoDateTime, safeString } from '../safe-text';
import { formatCents } from '../format';

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
  /** Who or what the entry is about in words, when the log can say it: a home's address and its owner's name (homes, payments). */
  subject: safeString().nullable().optional(),
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
 * Readable names of the fields entries record (docs/product/back-office.md#audit-log):
 * the settings by their labels on the settings page, and words a key does not spell.
 * Any other key is spelled out from its camelCase ('downPaymentAmount' → 'Down payment amount').
 */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'Email',
  pdf: 'PDF',
  ip: 'IP',
  id: 'ID',
  moveInDate: 'Move-in date',
  downPaymentAmount: 'Down payment',
  mortgageRateDefault: 'Mortgage rate (%)',
  propertyTaxRateDefault: 'Property tax (%)',
  insuranceRateDefault: 'Insurance (%)',
  hoaDefault: 'HOA dues ($ a month)',
  comparisonHorizonDefault: 'Comparison horizon (years)',
  statusEmails: 'E-mail applicants when their status changes',
  transferFeeConfig: 'Transfer fee',
  graceDays: 'Grace period (days)',
  lateFee: 'Late fee',
  featureFlags: 'Feature flags',
  otp: 'One-time passcodes (OTP)',
  paymentsWebhooks: 'Payments webhooks',
  eSign: 'E-signatures',
  investorView: 'Investor view',
  regionRates: 'Regional rates',
  propertyTaxRate: 'Property tax (%)',
  insuranceRate: 'Insurance (%)',
  q: 'Search',
  twoFactorEnabled: 'Two-factor authentication',
  otherSessionsEnded: 'Other sessions signed out',
};

const spelled = (key: string) => {
  const words = key
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/\bid\b/g, 'ID');
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  return key.endsWith('Cents') ? `${text} (cents)` : text;
};

/** A recorded key as words: 'hoaDefault' → 'HOA dues ($ a month)', 'featureFlags.otp' → 'Feature flags: One-time passcodes (OTP)'. */
export function auditFieldLabel(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'regionRates' && parts.length === 3) return `${FIELD_LABELS[parts[2]!] ?? spelled(parts[2]!)}, ${stateName(parts[1])}`;
  return parts.map((part, i) => (i === 0 || !FIELD_LABELS[part] ? (FIELD_LABELS[part] ?? spelled(part)) : FIELD_LABELS[part])).join(': ');
}

/** A money field (recorded in whole cents, `…Cents`) as dollars, when it holds a number. */
const asDollars = (field: string, value: unknown) => (/Cents$/.test(field) && typeof value === 'number' ? formatCents(value) : undefined);

/** A recorded state ('in_review', 'scheduled') in words. */
const stateWords = (value: unknown) => (typeof value === 'string' ? value.replace(/_/g, ' ') : value);

/** One value in words: dollars from cents, states without underscores. */
function wordsOf(field: string, value: unknown, max: number): string {
  const dollars = asDollars(field, value);
  if (dollars !== undefined) return dollars;
  const last = field.split('.').at(-1) ?? field;
  if (last === 'twoFactorEnabled' && typeof value === 'boolean') return value ? 'on' : 'off';
  return auditValueText(last === 'state' || last === 'status' ? stateWords(value) : value, max);
}

/** The label of a money field read in dollars: 'monthlyPaymentCents' → 'Monthly payment'. */
const wordsLabel = (path: string) =>
  path
    .split('.')
    .map((part) => (/Cents$/.test(part) ? part.replace(/Cents$/, '') : part))
    .join('.');

/** The Changes column in words (the page): any depth, 'Notice: State: scheduled → cancelled', 'Amount: $2,354'. */
function describeInWords(changes: Record<string, unknown>, max: number, prefix = ''): string[] {
  // The fields that say which record come first at the top; a group keeps its own order.
  const entries = prefix ? Object.entries(changes) : Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b));
  return entries.flatMap(([field, value]) => {
    const path = prefix ? `${prefix}.${field}` : field;
    const label = auditFieldLabel(wordsLabel(path));
    if (isFromTo(value)) return [`${label}: ${wordsOf(path, value.from, max)} → ${wordsOf(path, value.to, max)}`];
    if (isPlainObject(value)) return describeInWords(value, max, path);
    return isEmpty(value) ? [] : [`${label}: ${wordsOf(path, value, max)}`];
  });
}

/**
 * The Changes column as lines: 'field: from → to' for updates, 'field: value'
 * for what a create, delete or export recorded (empty values left out); a group
 * (an export's filter) one level down as 'group.field: value'. With `labels`
 * (the page), the entry reads in words at any depth: fields as words (auditFieldLabel),
 * money in dollars, states without underscores; without (the CSV), as recorded.
 */
export function describeChanges(changes: Record<string, unknown> | null, { max = 40, labels = false }: { max?: number; labels?: boolean } = {}): string[] {
  if (!changes) return [];
  if (labels) return describeInWords(changes, max);
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
