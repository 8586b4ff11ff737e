import { z } from 'zod';
import { safeString } from './safe-text';

/**
 * The kinds of notification and reminder e-mail, each with its own switch and its
 * own one-click unsubscribe (RFC 8058) — docs/decisions/021-requests-and-messages.md
 * 'Notification preferences'; docs/product/accounts.md#e-mail-notifications. Transactional
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
  'home_updates',
  'waitlist_news',
  'staff_submissions',
  'staff_answers',
  'staff_messages',
  'staff_exit_quotes',
  'staff_home_notices',
  'staff_payment_changes',
  'staff_signatures',
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
  home_updates: { audience: 'applicant', label: 'Updates about my home', defaultOn: true },
  waitlist_news: { audience: 'waitlist', label: 'News and launch announcements', defaultOn: true },
  staff_submissions: { audience: 'staff', label: 'New submissions', defaultOn: false },
  staff_answers: { audience: 'staff', label: 'Answered requests', defaultOn: false },
  staff_messages: { audience: 'staff', label: "Applicants' and homeowners' messages", defaultOn: false },
  staff_exit_quotes: { audience: 'staff', label: 'Exit quotes to value, disputes and acceptances', defaultOn: false },
  staff_home_notices: { audience: 'staff', label: "Homeowners' 60-day notices", defaultOn: false },
  staff_payment_changes: { audience: 'staff', label: 'Requests to change a monthly payment', defaultOn: false },
  staff_signatures: { audience: 'staff', label: 'Documents waiting for our countersignature', defaultOn: false },
};

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'Choose one of the kinds of e-mail.' });

/** Whether mail of `kind` goes to an address, given the choice stored for it (undefined: none made). */
export function isSubscribed(kind: NotificationKind, stored: boolean | undefined): boolean {
  return stored ?? NOTIFICATION_KIND_INFO[kind].defaultOn;
}

/** How a choice was made: the one-click link of an e-mail, or a switch on the account page. */
export const PREFERENCE_SOURCES = ['link', 'account'] as const;
export type PreferenceSource = (typeof PREFERENCE_SOURCES)[number];

/** One kind as the account page's switches and the unsubscribe page show it. */
export const notificationSettingSchema = z.object({
  kind: notificationKindSchema,
  label: safeString(),
  audience: z.enum(['applicant', 'waitlist', 'staff']),
  subscribed: z.boolean(),
});
export type NotificationSetting = z.output<typeof notificationSettingSchema>;

/** The account page's 'E-mail notifications': the kinds that can reach this account, each with its state. */
export const notificationSettingsSchema = z.object({ kinds: z.array(notificationSettingSchema) });
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

export const notificationChangeSchema = z.object({ subscribed: z.boolean({ error: 'Say whether to receive these e-mails.' }) });
export type NotificationChange = z.input<typeof notificationChangeSchema>;

/** The kinds an account sees switches for: the buyer's and the waitlist's for everyone, the staff notices for admins. */
export function kindsForAccount(isStaff: boolean): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_KIND_INFO[kind].audience !== 'staff' || isStaff);
}

/** What the sealed token of an unsubscribe link looks like (base64url parts joined by dots); anything else is refused before it is opened. */
export const unsubscribeQuerySchema = z.object({
  token: safeString()
    .max(600, { error: 'This unsubscribe link is not complete. Open it again from the e-mail.' })
    .regex(/^[A-Za-z0-9_.-]+$/, { error: 'This unsubscribe link is not complete. Open it again from the e-mail.' }),
});

/** The texts of the unsubscribe page and the account page's switches (docs/product/accounts.md#e-mail-notifications). */
export const UNSUBSCRIBE_TEXTS = {
  invalid: 'This unsubscribe link does not work. It may have been cut off: open it again from the e-mail, or change your e-mail settings on your account page.',
} as const;
