import { z } from 'zod';
import { APPLICATION_STATUSES, LISTED_STATUSES, REVIEW_STATUSES } from '../application/status';
import { reviewDocumentSchema } from '../application/document-review';
import { applicationRequestSchema } from '../application/requests';
import { changeRequestSchema } from '../application/change-requests';
import { listParamsSchema } from './lists';
import { safeIsoDateTime, safeString } from '../safe-text';
import { formatNumber } from '../format';
import { oldestWaitingSchema, overviewHomesSchema } from './overview';
import { PRE_APPROVAL_NEEDED, preApprovalSchema, preApprovalTermsSchema } from '../application/pre-approval';

/**
 * The back office's applications (docs/product/back-office.md#overview,
 * #applications and #application-status): the list's parameters and rows, the
 * review dialog's record and the changes an admin makes, shared by the API
 * contracts (src/domain/api/admin-applications.ts), the server and the pages.
 */

/**
 * The columns the list sorts by (`?sort=`); newest submitted first by default. `waiting_since`
 * ascending is 'Waiting for us' oldest first (docs/product/back-office.md#waiting-for-us).
 */
export const APPLICATION_SORT_COLUMNS = ['submitted_at', 'name', 'email', 'property_value', 'status', 'assignee', 'waiting_since'] as const;
export type ApplicationSortColumn = (typeof APPLICATION_SORT_COLUMNS)[number];

/** The status filter: All Statuses, the five review statuses, then Withdrawn (drafts are never listed; docs/product/back-office.md#applications). */
export const APPLICATION_STATUS_FILTERS = ['all', ...LISTED_STATUSES] as const;
export type ApplicationStatusFilter = (typeof APPLICATION_STATUS_FILTERS)[number];

/** 'Assigned to me' (`?assigned=me`) and 'Waiting for us' (`?waiting=us`): two filters that combine with the others. */
export const APPLICATION_ASSIGNED_FILTERS = ['anyone', 'me'] as const;
export const APPLICATION_WAITING_FILTERS = ['any', 'us'] as const;

// One object (safeExtend keeps the dates' refinement), not an intersection: the OpenAPI document lists an object's fields as query parameters.
export const applicationListParamsSchema = listParamsSchema(APPLICATION_SORT_COLUMNS, 'submitted_at').safeExtend({
  status: z.enum(APPLICATION_STATUS_FILTERS, { error: 'Choose one of the listed statuses.' }).default('all'),
  /** `me`: only the applications assigned to the signed-in admin ('Assigned to me'; docs/product/back-office.md#assignment). */
  assigned: z.enum(APPLICATION_ASSIGNED_FILTERS, { error: 'Choose anyone or me.' }).default('anyone'),
  /** `us`: only the applications waiting for us ('Waiting for us'; docs/product/back-office.md#waiting-for-us). */
  waiting: z.enum(APPLICATION_WAITING_FILTERS, { error: 'Choose any or us.' }).default('any'),
});
export type ApplicationListParams = z.output<typeof applicationListParamsSchema>;

/** ISO 8601 (UTC), or null when the record has none. */
const isoTimeOrNull = () => safeIsoDateTime('An ISO 8601 date-time').nullable();
const textOrNull = () => safeString().nullable();

/** One row of /admin/applications (docs/product/back-office.md#applications: the table's columns). */
export const adminApplicationListItemSchema = z.object({
  id: safeString(),
  submittedAt: isoTimeOrNull(),
  firstName: textOrNull(),
  lastName: textOrNull(),
  email: textOrNull(),
  propertyValue: z.number().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  assignee: textOrNull(),
  /** Since when it waits for us (docs/product/back-office.md#waiting-for-us); null when it is the buyer's turn or closed. */
  waitingSince: isoTimeOrNull(),
  /** The applicant's messages staff have not read, up to 100 ('99+'; docs/product/application.md#conversation). */
  unread: z.number().int().min(0),
});
export type AdminApplicationListItem = z.output<typeof adminApplicationListItemSchema>;

/**
 * What the review dialog shows (docs/product/back-office.md#applications, Review). The
 * date of birth is shown in full to admins here, and only here; the SSN digits stay
 * masked (`•••• 1234`) — no decision needs them.
 */
export const adminApplicationDetailSchema = z.object({
  id: safeString(),
  status: z.enum(APPLICATION_STATUSES),
  submittedAt: isoTimeOrNull(),
  reviewedAt: isoTimeOrNull(),
  notes: textOrNull(),
  /** The assigned admin's name as shown; null when unassigned (docs/product/back-office.md#assignment). */
  assignee: textOrNull(),
  /** The assigned admin's account, or null (unassigned, or the account is gone). */
  assigneeId: textOrNull(),
  assignedAt: isoTimeOrNull(),
  /** Since when it waits for us (docs/product/back-office.md#waiting-for-us); null when it is the buyer's turn or closed. */
  waitingSince: isoTimeOrNull(),
  /** The reason the buyer sees while the application is declined; null otherwise. */
  declineReason: textOrNull(),
  /** While withdrawn: when, and the buyer's reason (docs/decisions/041-withdrawal-and-change-requests.md); null otherwise. */
  withdrawnAt: isoTimeOrNull(),
  withdrawReason: textOrNull(),
  /** The account's address, where the status e-mails go (it may differ from the e-mail given in the application). */
  accountEmail: textOrNull(),
  personal: z.object({
    firstName: textOrNull(),
    lastName: textOrNull(),
    email: textOrNull(),
    phone: textOrNull(),
    /** YYYY-MM-DD, in the clear. */
    dateOfBirth: textOrNull(),
    /** Masked: `•••• 1234`. */
    ssnLast4: textOrNull(),
    currentAddress: textOrNull(),
    /** In half years. */
    yearsAtAddress: z.number().nullable(),
  }),
  employment: z.object({
    status: z.enum(['employed', 'self-employed']).nullable(),
    employer: textOrNull(),
    jobTitle: textOrNull(),
    /** YYYY-MM-DD: the employed applicant's start date. */
    startDate: textOrNull(),
    businessName: textOrNull(),
    /** YYYY-MM-DD: the self-employed applicant's business start date. */
    businessStartDate: textOrNull(),
    annualIncome: z.number().nullable(),
  }),
  financial: z.object({
    /** Bank account balances and investments together (the list's and the export's column). */
    savings: z.number().nullable(),
    bankBalances: z.number().nullable(),
    investments: z.number().nullable(),
    retirementAccounts: z.number().nullable(),
    /** The debts are monthly payments, every line of the form. */
    creditCardDebt: z.number().nullable(),
    studentLoans: z.number().nullable(),
    autoLoans: z.number().nullable(),
    otherLoans: z.number().nullable(),
  }),
  /** When both consents were given and when the applicant certified the application (docs/product/application.md#consents). */
  consents: z.object({
    creditPull: z.boolean(),
    eConsent: z.boolean(),
    consentedAt: isoTimeOrNull(),
    certifiedAt: isoTimeOrNull(),
  }),
  property: z.object({
    address: textOrNull(),
    desiredValue: z.number().nullable(),
    downPayment: z.number().nullable(),
  }),
  /**
   * The current files, each with its review (docs/product/back-office.md#document-review), its download
   * link (GET /api/documents/{id}, audited) and its earlier versions newest first.
   */
  documents: z.array(reviewDocumentSchema),
  /** The requests asked of the applicant, oldest first, each with its history (docs/decisions/021-requests-and-messages.md). */
  requests: z.array(applicationRequestSchema),
  /**
   * Whether requests can be added, answered and reviewed: under review, or approved while the buyer has an offer under way
   * (docs/decisions/042-closing.md; requestsChangeable). Otherwise they are frozen.
   */
  requestsOpen: z.boolean(),
  /** The buyer's requests to change an answer, oldest first (docs/decisions/041-withdrawal-and-change-requests.md). */
  changeRequests: z.array(changeRequestSchema),
  /** The current pre-approval while the application is Approved (docs/decisions/030-pre-approval.md); null otherwise. */
  preApproval: preApprovalSchema.nullable(),
  /** What the approval form starts from: variant B with the applicant's own figures; null when it gives no result. */
  preApprovalSuggestion: z
    .object({ maxPriceCents: z.number().int(), monthlyMinCents: z.number().int(), monthlyMaxCents: z.number().int(), downPaymentCents: z.number().int() })
    .nullable(),
});
export type AdminApplicationDetail = z.output<typeof adminApplicationDetailSchema>;

/** The reason given to the buyer when an application is declined (applications.decline_reason holds at most 1,000 characters). */
export const MAX_DECLINE_REASON = 1000;
export const DECLINE_REASON_NEEDED = 'Write the reason the applicant will see.';

/** PATCH /api/admin/applications/{id}/status — any review status from any (docs/product/back-office.md#application-status). */
export const statusChangeSchema = z
  .object({
    status: z.enum(REVIEW_STATUSES, { error: 'Choose one of Submitted, In Review, Missing Info, Approved or Declined.' }),
    /** Why it is declined, shown to the buyer (docs/product/back-office.md#application-status): required with Declined, ignored otherwise. */
    reason: safeString({ error: 'The reason must be text.' })
      .trim()
      .max(MAX_DECLINE_REASON, `Keep the reason to ${formatNumber(MAX_DECLINE_REASON)} characters.`)
      .optional(),
    /**
     * The pre-approval staff approve with (docs/decisions/030-pre-approval.md): required with Approved,
     * ignored otherwise. A down payment under 2 % of the maximum price is refused under its field.
     */
    preApproval: preApprovalTermsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'declined' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: DECLINE_REASON_NEEDED });
    if (value.status === 'approved' && !value.preApproval) ctx.addIssue({ code: 'custom', path: ['preApproval'], message: PRE_APPROVAL_NEEDED });
  });
export type StatusChange = z.output<typeof statusChangeSchema>;

/**
 * PUT /api/admin/applications/{id}/assignee (docs/product/back-office.md#assignment): an admin's
 * account id ('Assign to me' sends one's own), or null for Unassigned. Account ids are
 * better-auth's random text, not uuids.
 */
export const assigneeChangeSchema = z.object({
  assigneeId: safeString({ error: 'Choose an admin, or Unassigned.' }).min(1, 'Choose an admin, or Unassigned.').max(200).nullable(),
});
export type AssigneeChange = z.output<typeof assigneeChangeSchema>;
export const NOT_AN_ADMIN = 'Only an admin can be assigned. Choose one from the list.';

/** GET /api/admin/assignees: the admins an application can be assigned to, by name. */
export const adminAssigneesSchema = z.object({
  items: z.array(z.object({ id: safeString(), name: safeString() })),
});
export type AdminAssignee = z.output<typeof adminAssigneesSchema>['items'][number];

/** Admin notes: free text saved on blur (docs/product/back-office.md#applications, Notes), bounded so a paste cannot fill the database. */
export const MAX_NOTES_LENGTH = 10_000;

export const notesChangeSchema = z.object({
  notes: safeString({ error: 'Notes must be text.' }).max(MAX_NOTES_LENGTH, `Notes are limited to ${formatNumber(MAX_NOTES_LENGTH)} characters.`),
});
export type NotesChange = z.output<typeof notesChangeSchema>;

/** docs/product/back-office.md#overview: the dashboard's recent list holds 4; 'new' means submitted in the last 7 days. */
export const RECENT_APPLICATIONS = 4;
export const NEW_APPLICATION_DAYS = 7;
/** Avg Decision (docs/product/back-office.md#overview) averages the decisions of this many past days. */
export const DECISION_WINDOW_DAYS = 30;

/** GET /api/admin/dashboard (docs/product/back-office.md#overview). */
export const adminDashboardSchema = z.object({
  /** null when the count could not be read: the card shows a dash (docs/product/back-office.md#overview: count failures are only logged). */
  counts: z.object({ waitlist: z.number().int().nullable(), lettersOfIntent: z.number().int().nullable() }),
  kpis: z.object({
    newApplications7d: z.number().int(),
    inReview: z.number().int(),
    approved: z.number().int(),
    declined: z.number().int(),
    /** Mean days from submission to decision, one decimal; null when nothing was decided in the window. */
    avgDecisionDays: z.number().nullable(),
    /** Since when the oldest application waiting for us has waited (docs/product/back-office.md#waiting-for-us). */
    oldestWaitingSince: oldestWaitingSchema,
  }),
  homes: overviewHomesSchema,
  recent: z.array(
    z.object({
      id: safeString(),
      firstName: safeString().nullable(),
      lastName: safeString().nullable(),
      /** ISO 8601 (UTC). */
      submittedAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
      assignee: safeString().nullable(),
      status: z.enum(APPLICATION_STATUSES),
    }),
  ),
});
export type AdminDashboard = z.output<typeof adminDashboardSchema>;

/** 'Ada Lovelace', or what there is of it. */
export function applicantName(row: { firstName: string | null; lastName: string | null }): string {
  return [row.firstName, row.lastName].filter((part) => part && part.trim()).join(' ') || 'Unnamed applicant';
}
