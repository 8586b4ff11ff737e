import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageSchema } from './lists';
import { waitlistListParamsSchema } from './waitlist';
import { formatNumber } from '../format';

/**
 * Announcements to the waitlist (docs/product/back-office.md#announcements: 'We'll notify you when we launch!' made
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

export const ANNOUNCEMENT_STATE_LABELS: Readonly<Record<AnnouncementState, string>> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/**
 * Who it goes to: the waitlist list's filter (docs/product/back-office.md#waitlist) — its search,
 * Interested In and date range, the same parameters and rules as `GET /api/admin/waitlist`,
 * without the paging and sorting that do not change who matches.
 */
const listShape = waitlistListParamsSchema.shape;
export const announcementAudienceSchema = z
  .object({ q: listShape.q, interest: listShape.interest, from: listShape.from, to: listShape.to })
  .refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'The start date must be on or before the end date.', path: ['to'] });
export type AnnouncementAudience = z.output<typeof announcementAudienceSchema>;

/** What an admin writes (docs/product/back-office.md#announcements): a subject and a plain-text body. */
export const announcementDraftSchema = z.object({
  subject: safeString({ error: 'Subject is required.' })
    .trim()
    .min(1, 'Subject is required.')
    .max(MAX_ANNOUNCEMENT_SUBJECT, `Subject must be at most ${MAX_ANNOUNCEMENT_SUBJECT} characters.`)
    .refine((s) => !/[\r\n]/.test(s), 'Subject must be one line.'),
  body: safeString({ error: 'Message is required.' })
    .trim()
    .min(1, 'Message is required.')
    .max(MAX_ANNOUNCEMENT_BODY, `Message must be at most ${formatNumber(MAX_ANNOUNCEMENT_BODY)} characters.`),
  audience: announcementAudienceSchema.default({ q: '', interest: 'all' }),
});
export type AnnouncementDraftInput = z.input<typeof announcementDraftSchema>;
export type AnnouncementDraft = z.output<typeof announcementDraftSchema>;

/** The body's paragraphs, as the e-mail shows them: split at blank lines. */
export const announcementParagraphs = (body: string): string[] =>
  body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

const dateTime = safeIsoDateTime('An ISO 8601 date-time');

/** One announcement as listed, with its progress: recipients recorded, and how many were sent, skipped and failed. */
export const announcementSchema = z.object({
  id: safeString(),
  subject: safeString(),
  audience: announcementAudienceSchema,
  state: z.enum(ANNOUNCEMENT_STATES),
  createdBy: safeString().nullable(),
  createdAt: dateTime,
  startedAt: dateTime.nullable(),
  finishedAt: dateTime.nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type Announcement = z.output<typeof announcementSchema>;

/** One announcement with its text (the detail). */
export const announcementDetailSchema = announcementSchema.extend({ body: safeString() });
export type AnnouncementDetail = z.output<typeof announcementDetailSchema>;

/** `GET /api/admin/announcements`: newest first, paged like every list. */
export const announcementListSchema = z.object({
  page: z.coerce.number().int('Page must be a whole number.').min(1, 'Page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows per page.`).default(PAGE_SIZE),
});
export type AnnouncementListParams = z.output<typeof announcementListSchema>;
export const announcementPageSchema = pageSchema(announcementSchema);

/** The preview: the e-mail as a recipient gets it, and how many it would go to now. */
export const announcementPreviewSchema = z.object({
  subject: safeString(),
  text: safeString(),
  html: safeString(),
  /** Waitlist entries matching the filter now. */
  recipients: z.number().int(),
  /** Of those, the addresses that turned waitlist news off: recorded, then skipped. */
  unsubscribed: z.number().int(),
});
export type AnnouncementPreview = z.output<typeof announcementPreviewSchema>;

/** Not yet sent, skipped or failed. */
export const remainingOf = (a: Pick<Announcement, 'recipients' | 'sent' | 'skipped' | 'failed'>) => Math.max(0, a.recipients - a.sent - a.skipped - a.failed);
