import { z } from 'zod';

/**
 * The kinds of notification and reminder e-mail, each with its own switch and its
 * own one-click unsubscribe (RFC 8058) — docs/decisions/021-requests-and-messages.md
 * 'Notification preferences'; issue 13 'Notifications and reminders'. Transactional
 * mail (password reset, e-mail verification, the submission's confirmation) has no
 * kind and no switch. A choice someone made is stored per address and kind
 * (`notification_preferences`); otherwise the kind's default applies: on for the
 * buyer's and the waitlist's mail, off for staff notices ('the admins who opt in').
 * The database does not check the kind: a new kind is a line here, no migration.
 */
export const NOTIFICATION_KINDS = [
  'application_updates',
  'messages',
  'draft_reminders',
  'verify_reminders',
  'request_reminders',
  'waitlist_news',
  'staff_submissions',
  'staff_answers',
  'staff_messages',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationAudience = 'applicant' | 'waitlist' | 'staff';

export interface NotificationKindInfo {
  audience: NotificationAudience;
  /** The switch's label on the account page. */
  label: string;
  /** Subscribed unless the address said otherwise. */
  defaultOn: boolean;
}

export const NOTIFICATION_KIND_INFO: Readonly<Record<NotificationKind, NotificationKindInfo>> = {
  application_updates: { audience: 'applicant', label: 'Status changes and new requests on my application', defaultOn: true },
  messages: { audience: 'applicant', label: 'New messages from our team', defaultOn: true },
  draft_reminders: { audience: 'applicant', label: 'Reminders to finish my application', defaultOn: true },
  verify_reminders: { audience: 'applicant', label: 'Reminders to verify my e-mail address', defaultOn: true },
  request_reminders: { audience: 'applicant', label: 'Reminders about open requests', defaultOn: true },
  waitlist_news: { audience: 'waitlist', label: 'News and launch announcements', defaultOn: true },
  staff_submissions: { audience: 'staff', label: 'New submissions', defaultOn: false },
  staff_answers: { audience: 'staff', label: 'Answered requests', defaultOn: false },
  staff_messages: { audience: 'staff', label: "Applicants' messages", defaultOn: false },
};

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'Choose one of the kinds of e-mail.' });

/** Whether mail of `kind` goes to an address, given the choice stored for it (undefined: none made). */
export function isSubscribed(kind: NotificationKind, stored: boolean | undefined): boolean {
  return stored ?? NOTIFICATION_KIND_INFO[kind].defaultOn;
}

/** How a choice was made: the one-click link of an e-mail, or a switch on the account page. */
export const PREFERENCE_SOURCES = ['link', 'account'] as const;
export type PreferenceSource = (typeof PREFERENCE_SOURCES)[number];
