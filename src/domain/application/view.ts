import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';
import { applicationDocumentSchema, DOCUMENT_TYPES } from './documents';
import { applicationDraftSchema } from './draft-schema';
import { APPLICATION_STATUSES } from './status';
import { stepProblemsSchema } from './submit-check';

/** A time the application may not have yet (no row saved, not submitted, not reviewed): ISO 8601 or null. */
const timeOrNull = safeIsoDateTime('A date-time').nullable();

/**
 * The user's application as its owner sees it (GET, PUT and the submit of
 * /api/application; docs/product/application.md): the draft as saved (without the
 * SSN digits and the date of birth, with the server's consent time), the two
 * sensitive fields masked, the documents, what is required and still missing. Before
 * anything is saved: a fresh draft pre-filled from the account, `id` null, `version`
 * 0 and every time null.
 */
export const applicationViewSchema = z.object({
  id: safeString().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  /** False once submitted: saving answers 409 application_submitted. */
  editable: z.boolean(),
  /** 0 before the first save; sent back with each save to notice edits elsewhere. */
  version: z.number().int().min(0),
  draft: applicationDraftSchema,
  /** Masked ('•••• 1234', '••/••/1990'): the digits never come back to the browser. */
  sensitive: z.object({ ssnLast4: safeString().nullable(), dateOfBirth: safeString().nullable() }),
  documents: z.array(applicationDocumentSchema),
  requiredDocuments: z.array(z.enum(DOCUMENT_TYPES)),
  missing: z.array(stepProblemsSchema),
  consentedAt: timeOrNull,
  certifiedAt: timeOrNull,
  submittedAt: timeOrNull,
  reviewedAt: timeOrNull,
  createdAt: timeOrNull,
  updatedAt: timeOrNull,
  /**
   * With no active application: the last one, when its owner withdrew it — when and why
   * (docs/decisions/041-withdrawal-and-change-requests.md), so /apply says so above a fresh draft. Null otherwise.
   */
  withdrawn: z.object({ at: safeIsoDateTime('A date-time'), reason: safeString().nullable() }).nullable(),
});
export type ApplicationView = z.output<typeof applicationViewSchema>;
