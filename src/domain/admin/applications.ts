import { z } from 'zod';
import { APPLICATION_STATUSES, REVIEW_STATUSES, type ApplicationStatus } from '../application/status';
import type { DocumentContentType, DocumentType } from '../application/documents';
import { listParamsSchema } from './lists';
import { safeIsoDateTime, safeString } from '../safe-text';

/**
 * The back office's applications (spec §2 '/admin' and '/admin/applications',
 * §3 'Admin KPI fields', §4 'Application status'): the list's parameters, the
 * review dialog's record and the changes an admin makes, shared by the API and
 * the pages.
 */

/** The columns the list sorts by (`?sort=`); newest submitted first by default. */
export const APPLICATION_SORT_COLUMNS = ['submitted_at', 'name', 'email', 'property_value', 'status', 'assignee'] as const;
export type ApplicationSortColumn = (typeof APPLICATION_SORT_COLUMNS)[number];

/** spec §2 status filter: All Statuses, then the five review statuses (drafts are never listed). */
export const APPLICATION_STATUS_FILTERS = ['all', ...REVIEW_STATUSES] as const;
export type ApplicationStatusFilter = (typeof APPLICATION_STATUS_FILTERS)[number];

export const applicationListParamsSchema = z.intersection(
  listParamsSchema(APPLICATION_SORT_COLUMNS, 'submitted_at'),
  z.object({ status: z.enum(APPLICATION_STATUS_FILTERS, { error: 'Choose one of the listed statuses.' }).default('all') }),
);
export type ApplicationListParams = z.output<typeof applicationListParamsSchema>;

/** One row of /admin/applications (spec §2 table columns). */
export interface AdminApplicationListItem {
  id: string;
  submittedAt: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  propertyValue: number | null;
  status: ApplicationStatus;
  assignee: string | null;
}

export interface AdminApplicationDocument {
  id: string;
  type: DocumentType;
  title: string;
  originalName: string;
  contentType: DocumentContentType;
  sizeBytes: number;
  createdAt: string | null;
  url: string;
}

/**
 * What the review dialog shows (spec §2 '/admin/applications' Review). The date of
 * birth is shown in full to admins here, and only here (decisions.md 'Home
 * application'); the SSN digits stay masked (`•••• 1234`) — no decision needs them.
 */
export interface AdminApplicationDetail {
  id: string;
  status: ApplicationStatus;
  submittedAt: string | null;
  reviewedAt: string | null;
  notes: string | null;
  assignee: string | null;
  personal: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    dateOfBirth: string | null;
    ssnLast4: string | null;
  };
  employment: {
    status: 'employed' | 'self-employed' | null;
    employer: string | null;
    jobTitle: string | null;
    annualIncome: number | null;
  };
  financial: {
    savings: number | null;
    retirementAccounts: number | null;
    creditCardDebt: number | null;
    studentLoans: number | null;
  };
  property: {
    address: string | null;
    desiredValue: number | null;
    downPayment: number | null;
  };
  documents: AdminApplicationDocument[];
}

/** PATCH /api/admin/applications/:id/status — any review status from any (spec §4). */
export const statusChangeSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: 'Choose one of Submitted, In Review, Missing Info, Approved or Declined.' }),
});
export type StatusChange = z.output<typeof statusChangeSchema>;

/** Admin notes: free text (spec §5 'saved on blur without validation'), bounded so a paste cannot fill the database. */
export const MAX_NOTES_LENGTH = 10_000;

export const notesChangeSchema = z.object({
  notes: safeString({ error: 'Notes must be text.' }).max(MAX_NOTES_LENGTH, `Notes are limited to ${MAX_NOTES_LENGTH.toLocaleString('en-US')} characters.`),
});
export type NotesChange = z.output<typeof notesChangeSchema>;

/** The statuses whose change e-mails the applicant (issue 6; switchable in settings: statusEmails). */
export const STATUSES_THAT_EMAIL = ['approved', 'declined', 'missing_info'] as const satisfies readonly ApplicationStatus[];
export const statusEmailsApplicant = (status: ApplicationStatus): status is (typeof STATUSES_THAT_EMAIL)[number] =>
  (STATUSES_THAT_EMAIL as readonly string[]).includes(status);

/** spec §9: the dashboard's recent list holds 4; 'new' means submitted in the last 7 days. */
export const RECENT_APPLICATIONS = 4;
export const NEW_APPLICATION_DAYS = 7;
/** Avg Decision (decisions.md 'Back office') averages the decisions of this many past days. */
export const DECISION_WINDOW_DAYS = 30;

/** GET /api/admin/dashboard (spec §2 'Admin dashboard', §3 'Admin KPI fields'). */
export const adminDashboardSchema = z.object({
  /** null when the count could not be read: the card shows a dash (spec §8 'Dashboard count failures are only logged'). */
  counts: z.object({ waitlist: z.number().int().nullable(), lettersOfIntent: z.number().int().nullable() }),
  kpis: z.object({
    newApplications7d: z.number().int(),
    inReview: z.number().int(),
    approved: z.number().int(),
    declined: z.number().int(),
    /** Mean days from submission to decision, one decimal; null when nothing was decided in the window. */
    avgDecisionDays: z.number().nullable(),
  }),
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
