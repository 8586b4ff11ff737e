import { and, eq, ne } from 'drizzle-orm';
import type { AdminApplicationDetail } from '../../../domain/admin/applications';
import type { ReviewDocument } from '../../../domain/application/document-review';
import type { ApplicationRequest } from '../../../domain/application/requests';
import { maskSsnLast4, type FieldCipher } from '../../platform/lib/crypto';
import type { Logger } from '../../platform/lib/logger';
import { applications } from '../../platform/db/schema';
import type { ApplicationRow } from './repository';
import type { Executor } from '../../platform/db/client';
import { openSensitive } from './sensitive';
import { AppError } from '../../platform/lib/errors';
import { isoTimeOrNull } from '../../platform/lib/iso-time';

export const applicationNotFound = () => new AppError(404, 'not_found', 'Application not found.');

/**
 * A submitted application by id (any status but draft: a draft is the
 * applicant's, not the back office's). The id is a UUID: the route's contract
 * checked it (src/domain/api/admin-applications.ts).
 */
export async function findReviewable(db: Executor, id: string, { forUpdate = false } = {}): Promise<ApplicationRow | undefined> {
  const query = db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), ne(applications.status, 'draft')));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The two encrypted fields in the clear (date of birth) and masked (SSN digits); a value that no longer opens is logged and left out. */
function sensitiveFor(cipher: FieldCipher, logger: Logger, row: ApplicationRow) {
  try {
    const open = openSensitive(cipher, row);
    return { dateOfBirth: open.dateOfBirth ?? null, ssnLast4: open.ssnLast4 ? maskSsnLast4(open.ssnLast4) : null };
  } catch (error) {
    logger.error({ applicationId: row.id, err: error }, 'application field does not decrypt');
    return { dateOfBirth: null, ssnLast4: null };
  }
}

/** The review dialog's record (docs/product/back-office.md#applications), with the requests asked of the applicant (#requests). */
export function presentForReview(
  cipher: FieldCipher,
  logger: Logger,
  row: ApplicationRow,
  documents: ReviewDocument[],
  requests: ApplicationRequest[],
  accountEmail: string | null = null,
  extras: Pick<AdminApplicationDetail, 'preApproval' | 'preApprovalSuggestion' | 'changeRequests' | 'requestsOpen'> = {
    preApproval: null,
    preApprovalSuggestion: null,
    changeRequests: [],
    requestsOpen: false,
  },
): AdminApplicationDetail {
  const sensitive = sensitiveFor(cipher, logger, row);
  // The answers with no column of their own are read from the submitted draft (docs/product/application.md#back-office-record).
  const { personal, employment, assets, debts } = row.draft;
  return {
    id: row.id,
    status: row.status,
    submittedAt: isoTimeOrNull(row.submittedAt),
    reviewedAt: isoTimeOrNull(row.reviewedAt),
    notes: row.notes,
    assignee: row.assignee,
    assigneeId: row.assigneeId,
    assignedAt: isoTimeOrNull(row.assignedAt),
    waitingSince: isoTimeOrNull(row.waitingSince),
    declineReason: row.status === 'declined' ? row.declineReason : null,
    withdrawnAt: row.status === 'withdrawn' ? isoTimeOrNull(row.withdrawnAt) : null,
    withdrawReason: row.status === 'withdrawn' ? row.withdrawReason : null,
    accountEmail,
    personal: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      ...sensitive,
      currentAddress: personal?.currentAddress || null,
      yearsAtAddress: personal?.yearsAtAddress ?? null,
    },
    employment: {
      status: row.employmentStatus,
      employer: row.employerName,
      jobTitle: row.jobTitle,
      startDate: employment?.startDate || null,
      businessName: employment?.businessName || null,
      businessStartDate: employment?.businessStartDate || null,
      annualIncome: row.annualIncome,
    },
    financial: {
      savings: row.savingsAmount,
      bankBalances: assets?.bankBalances ?? null,
      investments: assets?.investments ?? null,
      retirementAccounts: row.retirementAccounts,
      creditCardDebt: row.creditCardDebt,
      studentLoans: row.studentLoans,
      autoLoans: debts?.autoLoans ?? null,
      otherLoans: debts?.otherLoans ?? null,
    },
    consents: {
      creditPull: row.consentCreditPull,
      eConsent: row.consentESign,
      consentedAt: isoTimeOrNull(row.consentedAt),
      certifiedAt: isoTimeOrNull(row.certifiedAt),
    },
    property: { address: row.propertyAddress, desiredValue: row.propertyValue, downPayment: row.downPayment },
    documents,
    requests,
    ...extras,
  };
}
