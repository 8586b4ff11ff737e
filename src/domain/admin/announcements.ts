/**
 * Announcements to the waitlist (issue 13: 'We'll notify you when we launch!' made
 * true): composed and previewed by an admin, sent to the waitlist's current filter
 * by the job runner at a throttled rate, every recipient recorded, unsubscribed
 * addresses skipped (docs/decisions/021-requests-and-messages.md 'Announcements').
 */

/** draft → sending → sent, or cancelled. */
export const ANNOUNCEMENT_STATES = ['draft', 'sending', 'sent', 'cancelled'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

/** Each recorded recipient: queued, then sent, skipped (unsubscribed, or removed from the waitlist meanwhile) or failed. */
export const RECIPIENT_STATES = ['queued', 'sent', 'skipped', 'failed'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const MAX_ANNOUNCEMENT_SUBJECT = 200;
/** Plain text; the HTML part is rendered from it. */
export const MAX_ANNOUNCEMENT_BODY = 20_000;
