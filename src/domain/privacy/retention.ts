import type { AuditAction } from '../admin/audit';

/**
 * How long we keep what (docs/decisions/016-retention-and-erasure.md). The privacy
 * policy's 'Retention' section prints these and the retention job
 * (src/server/modules/accounts/retention.ts) deletes by them, so the text and the job
 * cannot disagree.
 */

/** Waitlist entries: deleted this long after we last heard from the person (received_at). */
export const WAITLIST_RETENTION_YEARS = 3;

/** Security logs (sign-in records, IP addresses, expired sessions): deleted this long after they were recorded. */
export const SECURITY_LOG_RETENTION_MONTHS = 12;

/**
 * The audit entries that are security logs as a whole: deleted after
 * SECURITY_LOG_RETENTION_MONTHS. Every other entry records a change to a kept
 * record, so it stays, and only its IP address is removed then.
 */
export const SECURITY_LOG_AUDIT_ACTIONS: readonly AuditAction[] = ['sign_in'];

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** '3 years', as the policy says it. */
export const WAITLIST_RETENTION_TEXT = plural(WAITLIST_RETENTION_YEARS, 'year');

/** '12 months', as the policy says it. */
export const SECURITY_LOG_RETENTION_TEXT = plural(SECURITY_LOG_RETENTION_MONTHS, 'month');
