import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';
import { applicationDocumentSchema } from './documents';
import { MAX_REQUEST_NOTE } from './requests';
import { formatNumber } from '../format';

/**
 * Per-document review and versions, the reviewer's side (docs/product/back-office.md#document-review;
 * docs/decisions/021-requests-and-messages.md 'Per-document review and versions'). A reviewer marks each
 * current file Accepted or Needs attention; Needs attention needs a reason, which the buyer reads and
 * which becomes a document request (its note) in the same transaction. Pure: the server and the
 * review dialog share it.
 */

/** The reason is the request's note: the same bound (1,000 characters). */
export const MAX_REVIEW_REASON = MAX_REQUEST_NOTE;
export const REVIEW_REASON_NEEDED = 'Write what needs attention: the applicant reads it.';

/** PUT /api/admin/documents/{id}/review. */
export const documentReviewSchema = z.discriminatedUnion(
  'state',
  [
    z.object({ state: z.literal('accepted') }),
    z.object({
      state: z.literal('needs_attention'),
      reason: safeString({ error: REVIEW_REASON_NEEDED })
        .trim()
        .min(1, REVIEW_REASON_NEEDED)
        .max(MAX_REVIEW_REASON, `Keep the reason to ${formatNumber(MAX_REVIEW_REASON)} characters.`),
    }),
  ],
  { error: 'Choose Accepted or Needs attention.' },
);
export type DocumentReview = z.output<typeof documentReviewSchema>;

/** Refusals of a review, besides 404 and application_closed. */
export const SUPERSEDED_MESSAGE = 'A newer version of this file has arrived: review that one.';
export const ALREADY_ASKED_MESSAGE =
  'This file already has an open request. Withdraw it under Requests to ask differently, or wait for the applicant’s answer.';

const isoTime = () => safeIsoDateTime('An ISO 8601 date-time');

/** What the reviewer sees of a file besides what the buyer sees: who reviewed it (a name; null when the account is gone) and when, and when it was replaced. */
const reviewerFacts = {
  reviewedAt: isoTime().nullable(),
  reviewedBy: safeString().nullable(),
  /** Set on an earlier version: when a newer one replaced it ('Replaced on …'). */
  supersededAt: isoTime().nullable(),
};

/** An earlier version of a current file (superseded), still downloadable by the reviewer. */
export const documentVersionSchema = applicationDocumentSchema.extend(reviewerFacts);
export type DocumentVersion = z.output<typeof documentVersionSchema>;

/**
 * A current file in the review dialog, with its earlier versions newest first (followed
 * through `replacesId`). The reply lists the current files of an application; a
 * superseded file appears only under the file that replaced it.
 */
export const reviewDocumentSchema = documentVersionSchema.extend({ versions: z.array(documentVersionSchema) });
export type ReviewDocument = z.output<typeof reviewDocumentSchema>;
