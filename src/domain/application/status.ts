import type { Role } from '../roles';

/**
 * Application statuses (docs/product/application.md#statuses): `draft` is
 * ours — an application being filled in, saved on the server as the user goes
 * (docs/product/application.md#draft).
 */
export const APPLICATION_STATUSES = ['draft', 'submitted', 'in_review', 'missing_info', 'approved', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The statuses an admin chooses from (the filter of docs/product/back-office.md#applications, the selector of #application-status). */
export const REVIEW_STATUSES = ['submitted', 'in_review', 'missing_info', 'approved', 'declined'] as const satisfies readonly ApplicationStatus[];

/** The back office's status filter: the review statuses and Withdrawn, which only the buyer sets (docs/decisions/041-withdrawal-and-change-requests.md). */
export const LISTED_STATUSES = [...REVIEW_STATUSES, 'withdrawn'] as const satisfies readonly ApplicationStatus[];

export const APPLICATION_STATUS_LABELS: Readonly<Record<ApplicationStatus, string>> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In Review',
  missing_info: 'Missing Info',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

/** docs/product/application.md#statuses: approved default, declined destructive, in_review secondary, others outline. */
export function statusBadgeVariant(status: ApplicationStatus): BadgeVariant {
  if (status === 'approved') return 'default';
  if (status === 'declined') return 'destructive';
  if (status === 'in_review') return 'secondary';
  return 'outline';
}

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

/** Only a draft is edited by its owner; after submission the form is read-only (documents can still be added). */
export const isEditable = (status: ApplicationStatus) => status === 'draft';

/** Approved or declined: staff decided; the application asks for nothing more (docs/product/application.md#statuses). */
export const isDecided = (status: ApplicationStatus) => status === 'approved' || status === 'declined';

/** Declined or withdrawn: closed, its owner may start a new one (docs/decisions/041-withdrawal-and-change-requests.md). */
export const CLOSED_STATUSES = ['declined', 'withdrawn'] as const satisfies readonly ApplicationStatus[];
export const isClosedStatus = (status: ApplicationStatus) => (CLOSED_STATUSES as readonly string[]).includes(status);

/** A closed application (declined, withdrawn) is not active: its owner may start a new one. Every other status is the user's one active application. */
export const isActiveStatus = (status: ApplicationStatus) => !isClosedStatus(status);

/**
 * The statuses a buyer may withdraw from, and ask to change an answer in: submitted, under review,
 * waiting for them, or approved (docs/decisions/041-withdrawal-and-change-requests.md). Not a draft
 * (nothing to withdraw: it is simply left), nor a closed one; a bought home refuses too.
 */
export const WITHDRAWABLE_STATUSES = ['submitted', 'in_review', 'missing_info', 'approved'] as const satisfies readonly ApplicationStatus[];
export const isWithdrawable = (status: ApplicationStatus) => (WITHDRAWABLE_STATUSES as readonly string[]).includes(status);

/**
 * What the dashboard shows (docs/product/dashboard.md#status, #dialogs).
 * - no_application: 'Ready to start your journey?'
 * - draft: started, not submitted (same dialog, the button can say 'Continue Application')
 * - submitted: submitted, in_review or missing_info — 'Your application is under review.'
 * - approved: 'Congratulations, you are approved!'
 * - declined: the last application was declined; a new one may be started
 * - withdrawn: the buyer withdrew the last application; a new one may be started
 * - has_home: role homeowner — no dialog
 */
export const DASHBOARD_STATUSES = ['no_application', 'draft', 'submitted', 'approved', 'declined', 'withdrawn', 'has_home'] as const;
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];

export function dashboardStatus(role: Role | string, status: ApplicationStatus | null | undefined): DashboardStatus {
  if (role === 'homeowner') return 'has_home';
  switch (status) {
    case undefined:
    case null:
      return 'no_application';
    case 'draft':
      return 'draft';
    case 'approved':
      return 'approved';
    case 'declined':
      return 'declined';
    case 'withdrawn':
      return 'withdrawn';
    default:
      return 'submitted';
  }
}

/** The derived flags of docs/product/dashboard.md#status. */
export function dashboardFlags(value: DashboardStatus) {
  return {
    hasHome: value === 'has_home',
    hasSubmittedApplication: value === 'submitted' || value === 'approved' || value === 'declined' || value === 'withdrawn' || value === 'has_home',
    isApproved: value === 'approved' || value === 'has_home',
  };
}
