import { statusMail, type MailedRequest } from '../../../../domain/admin/status-mail';
import { statusChangeProblem } from '../../../../domain/application/requests';
import type { ApplicationStatus } from '../../../../domain/application/status';
import { DOCUMENT_TYPE_INFO, missingDocuments, type DocumentType } from '../../../../domain/application/documents';

/**
 * The review dialog's decisions that are not layout (docs/product/back-office.md#application-status,
 * #requests): what saving a status will do.
 */

export interface StatusSaveFacts {
  from: ApplicationStatus;
  to: Exclude<ApplicationStatus, 'draft' | 'withdrawn'>;
  openRequests: number;
  /** The open requests as the e-mail lists them (title and note). */
  openRequestItems?: readonly MailedRequest[];
  /** The settings' applicant e-mail switch (statusEmails); null while unknown. */
  emailsOn: boolean | null;
  applicantEmail: string | null;
  /** Declined: the reason as typed so far, which the e-mail carries. */
  declineReason?: string;
}

export type StatusSavePlan =
  | { kind: 'unchanged' }
  /** Missing Info without an open request: the server would answer 422 open_request_needed. */
  | { kind: 'request_needed' }
  | {
      kind: 'confirm';
      /** Declined asks for the reason the buyer is shown. */
      needsReason: boolean;
      /** What the applicant will be e-mailed (every status a reviewer sets e-mails them), or why nothing is sent. */
      mail: { to: string | null; subject: string; gist: readonly string[] } | { none: 'switched_off' };
    };

/** What happens when the reviewer presses Save status. */
export function statusSavePlan(facts: StatusSaveFacts): StatusSavePlan {
  if (facts.from === facts.to) return { kind: 'unchanged' };
  if (statusChangeProblem(facts.to, facts.openRequests)) return { kind: 'request_needed' };
  const needsReason = facts.to === 'declined';
  if (facts.emailsOn === false) return { kind: 'confirm', needsReason, mail: { none: 'switched_off' } };
  // The server's own text (src/domain/admin/status-mail.ts), with the open requests it lists.
  const text = statusMail(facts.to, facts.openRequestItems, facts.declineReason);
  return { kind: 'confirm', needsReason, mail: { to: facts.applicantEmail, subject: text.subject, gist: text.paragraphs } };
}

/** What a reviewer should know before approving (docs/product/back-office.md#application-status): the files not yet reviewed, those marked Needs attention, and the required types with no file. */
export interface ApprovalConcerns {
  /** Titles of required document types with no current file, in display order. */
  missing: string[];
  unreviewed: number;
  needsAttention: number;
}

/** Null when every required type has a file and every current file is Accepted: nothing to warn about. */
export function approvalConcerns(
  documents: readonly { type: string; reviewState: 'accepted' | 'needs_attention' | null }[],
  selfEmployed: boolean,
): ApprovalConcerns | null {
  const have = new Set(documents.map((d) => d.type));
  const missing = missingDocuments({ employment: { selfEmployed } }, have as Set<DocumentType>).map(
    (type) => DOCUMENT_TYPE_INFO.find((info) => info.type === type)!.title,
  );
  const unreviewed = documents.filter((d) => d.reviewState === null).length;
  const needsAttention = documents.filter((d) => d.reviewState === 'needs_attention').length;
  return missing.length || unreviewed || needsAttention ? { missing, unreviewed, needsAttention } : null;
}

const files = (n: number) => (n === 1 ? '1 file' : `${n} files`);

/** The warning's sentences, in the order a reviewer would act on them. */
export function approvalConcernLines(concerns: ApprovalConcerns): string[] {
  const lines: string[] = [];
  if (concerns.missing.length) lines.push(`Missing: ${concerns.missing.join(', ')}.`);
  if (concerns.unreviewed) lines.push(`${files(concerns.unreviewed)} not reviewed yet.`);
  if (concerns.needsAttention) lines.push(`${files(concerns.needsAttention)} marked Needs attention.`);
  return lines;
}
