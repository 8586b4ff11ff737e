import { statusMail, type MailedRequest } from '../../../../domain/admin/status-mail';
import { statusChangeProblem } from '../../../../domain/application/requests';
import type { ApplicationStatus } from '../../../../domain/application/status';

/**
 * The review dialog's decisions that are not layout (docs/product/back-office.md#application-status,
 * #requests): what saving a status will do.
 */

export interface StatusSaveFacts {
  from: ApplicationStatus;
  to: Exclude<ApplicationStatus, 'draft'>;
  openRequests: number;
  /** The open requests as the e-mail lists them (title and note). */
  openRequestItems?: readonly MailedRequest[];
  /** The settings' applicant e-mail switch (statusEmails); null while unknown. */
  emailsOn: boolean | null;
  applicantEmail: string | null;
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
  const text = statusMail(facts.to, facts.openRequestItems);
  return { kind: 'confirm', needsReason, mail: { to: facts.applicantEmail, subject: text.subject, gist: text.paragraphs } };
}
