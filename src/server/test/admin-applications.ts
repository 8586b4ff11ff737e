import { randomUUID } from 'node:crypto';
import type { ApplicationStatus } from '../../domain/application';
import type { Db } from '../platform/db/client';
import { applications, users } from '../platform/db/schema';

export interface ApplicationFields {
  /** An existing account as the owner; by default a new one is made. */
  userId?: string;
  status?: ApplicationStatus;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  propertyValue?: number | null;
  assignee?: string | null;
  /** The assigned admin's account (with `assignee`, the name shown). */
  assigneeId?: string | null;
  /** Set it to appear in 'Waiting for us' (a row written straight to the database keeps no rule; ADR 021). */
  waitingSince?: Date | null;
  submittedAt?: Date | null;
  reviewedAt?: Date | null;
  notes?: string | null;
}

/**
 * An application row written straight to the database, with a new account as
 * its owner: lists, sorting and the dashboard's figures need rows with chosen
 * names and timestamps, which the submit endpoint (clock, wizard data) cannot give.
 */
export async function insertApplication(db: Db, fields: ApplicationFields = {}) {
  const userId = fields.userId ?? randomUUID();
  const email = `owner.${userId}@example.com`;
  if (!fields.userId) {
    await db.insert(users).values({ id: userId, name: 'Test Owner', email, firstName: 'Test', lastName: 'Owner', role: 'applicant', emailVerified: true });
  }
  const status = fields.status ?? 'submitted';
  const [row] = await db
    .insert(applications)
    .values({
      userId,
      status,
      draft: { personal: {}, employment: {}, assets: {}, debts: {}, consents: {} },
      firstName: fields.firstName === undefined ? 'Test' : fields.firstName,
      lastName: fields.lastName === undefined ? 'Applicant' : fields.lastName,
      email: fields.email === undefined ? email : fields.email,
      propertyValue: fields.propertyValue ?? null,
      assignee: fields.assignee ?? null,
      assigneeId: fields.assigneeId ?? null,
      waitingSince: fields.waitingSince ?? null,
      submittedAt: fields.submittedAt === undefined ? (status === 'draft' ? null : new Date()) : fields.submittedAt,
      reviewedAt: fields.reviewedAt ?? null,
      notes: fields.notes ?? null,
    })
    .returning();
  return row;
}

export const daysAgo = (days: number, from = Date.now()) => new Date(from - days * 86_400_000);

/** Terms staff approve with (docs/decisions/030-pre-approval.md): $500,000, $2,762–$3,528 a month, $10,000 down (2 %). */
export const PRE_APPROVAL_TERMS = { maxPriceCents: 50_000_000, monthlyMinCents: 276_200, monthlyMaxCents: 352_800, downPaymentCents: 1_000_000 };

/** PATCH …/status's body for `status`: Approved carries the pre-approval's terms, as the review dialog sends them. */
export const statusBody = (status: string, extra: Record<string, unknown> = {}) =>
  status === 'approved' ? { status, preApproval: PRE_APPROVAL_TERMS, ...extra } : { status, ...extra };
