import type { ApplicationStatus } from '../application';
import { requestsChangeable } from '../application/requests';

/**
 * What the applicant is e-mailed when their application's status changes
 * (docs/product/application.md#e-mails-about-your-application; switchable in settings:
 * statusEmails). One text for the e-mail (src/server/modules/applications/status-notification.ts)
 * and for the review dialog's confirmation, which shows the subject and the text before
 * saving. Like the e-mail itself, it holds nothing of the application but the open
 * requests' titles and notes: what the buyer is asked for.
 */

/** Every status a reviewer can set (all but draft, and withdrawn, which only the buyer sets) e-mails the applicant. */
export type StatusMailStatus = Exclude<ApplicationStatus, 'draft' | 'withdrawn'>;

export interface StatusMailText {
  subject: string;
  /** The text when the application has no open request. */
  paragraphs: readonly string[];
  /** While requests can be answered (submitted, in review, missing info) and some are open: before and after their list. */
  withRequests?: { before: readonly string[]; after: readonly string[] };
  action: { label: string; path: string };
}

/** The buyer's to-do list (docs/product/application.md#after-submission-the-to-do-page). */
export const TO_DO_ACTION = { label: 'Open my to-do list', path: '/apply/requests' } as const;
const DASHBOARD_ACTION = { label: 'Go to my dashboard', path: '/dashboard' } as const;

const ANSWER_THEM =
  'Open your to-do list to upload a document or correct an answer right there, then send it to your reviewer. If anything is unclear, reply to this email or send us a message, and we will help.';

export const STATUS_MAIL_TEXTS: Readonly<Record<StatusMailStatus, StatusMailText>> = {
  submitted: {
    subject: 'Your home application is in our review queue',
    paragraphs: [
      'Your home application is back in our review queue. A member of our team will pick it up soon.',
      'There is nothing you need to do right now: we will email you as soon as we have news or need anything from you.',
    ],
    withRequests: { before: ['Your home application is back in our review queue. While it waits, we still need:'], after: [ANSWER_THEM] },
    action: DASHBOARD_ACTION,
  },
  in_review: {
    subject: 'Your home application is being reviewed',
    paragraphs: [
      'Good news: a member of our team is now reviewing your home application.',
      'There is nothing you need to do right now: we will email you as soon as we have news or need anything from you.',
    ],
    withRequests: { before: ['A member of our team is now reviewing your home application. To go on, we still need:'], after: [ANSWER_THEM] },
    action: DASHBOARD_ACTION,
  },
  missing_info: {
    subject: 'We need a little more information for your application',
    paragraphs: [
      'We are reviewing your home application and need a little more information before we can go on.',
      'Your to-do list names each thing we need. Sign in to upload a document or correct an answer right there, then send it to your reviewer. If anything is unclear, reply to this email or send us a message, and we will help.',
    ],
    withRequests: {
      before: ['We are reviewing your home application and need a little more information before we can go on:'],
      after: [ANSWER_THEM],
    },
    action: TO_DO_ACTION,
  },
  approved: {
    subject: 'Your home application is approved',
    paragraphs: [
      'Good news: we have reviewed your home application and approved it. Congratulations!',
      'Your dashboard shows your new status. Our team will be in touch about the next steps toward your home; there is nothing you need to do right now.',
    ],
    action: DASHBOARD_ACTION,
  },
  declined: {
    subject: 'An update on your home application',
    paragraphs: [
      'Thank you for applying and for the time you took over it. We have reviewed your home application carefully, and we are not able to approve it at this time.',
      'This does not have to be the end of the road: when your situation changes, you can start a new application from your dashboard. If you would like to talk it through, just reply to this email.',
    ],
    action: DASHBOARD_ACTION,
  },
};

/** A request as the e-mails list it: its title (requestTitle) and the reviewer's note. */
export interface MailedRequest {
  title: string;
  note: string;
  /** Open again after an answer (round > 1). */
  reopened?: boolean;
}

/** Longest note quoted in an e-mail; the to-do list shows it whole. */
export const MAILED_NOTE_CHARS = 300;

/** One line of a request list: '• Pay stubs (reopened): “Your two latest, please.”'. */
export function mailedRequestLine({ title, note, reopened }: MailedRequest): string {
  const text = note.length > MAILED_NOTE_CHARS ? `${note.slice(0, MAILED_NOTE_CHARS - 1).trimEnd()}…` : note;
  return `• ${title}${reopened ? ' (reopened)' : ''}: “${text}”`;
}

/** The e-mail for a move to `status`, listing the open requests where they can still be answered. */
export function statusMail(
  status: StatusMailStatus,
  openRequests: readonly MailedRequest[] = [],
  /** Declined: the reason the reviewer wrote, which the buyer reads in the e-mail too. */
  declineReason?: string | null,
): { subject: string; paragraphs: string[]; action: { label: string; path: string } } {
  const text = STATUS_MAIL_TEXTS[status];
  if (status === 'declined' && declineReason?.trim()) {
    const [first, ...rest] = text.paragraphs;
    return { subject: text.subject, paragraphs: [first!, `Our reviewer's note: ${declineReason.trim()}`, ...rest], action: text.action };
  }
  if (text.withRequests && openRequests.length > 0 && requestsChangeable(status)) {
    return {
      subject: text.subject,
      paragraphs: [...text.withRequests.before, ...openRequests.map(mailedRequestLine), ...text.withRequests.after],
      action: TO_DO_ACTION,
    };
  }
  return { subject: text.subject, paragraphs: [...text.paragraphs], action: text.action };
}

/**
 * The settings' help under 'E-mail applicants when their status changes' (docs/product/back-office.md#settings): every
 * status a reviewer can set, each of which has its e-mail above; the mails about new requests do not hang on the switch
 * (src/server/modules/applications/request-notification.ts sends them either way).
 */
export function statusEmailsHelp(labels: Readonly<Record<StatusMailStatus, string>>): string {
  const names = (Object.keys(STATUS_MAIL_TEXTS) as StatusMailStatus[]).map((status) => labels[status]);
  const list = `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `Sent on every status change a reviewer makes (to ${list}), listing the open requests where there are any. Off, no status e-mail is sent; a new request is e-mailed either way.`;
}
