import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';
import { formatMoney, formatNumber } from '../format';
import { fieldByName, type FieldKind } from './fields';
import { CORRECTION_SECTIONS, MAX_REQUEST_NOTE } from './requests';

/**
 * After submitting, the buyer may withdraw the application or ask to change an answer
 * (docs/decisions/041-withdrawal-and-change-requests.md). A change request goes the other way
 * round from a reviewer's request (./requests.ts): the buyer names the answer, its new value and
 * a note; staff accept it (the answer changes) or decline it with a reason. Pure: the server,
 * the /apply page and the review dialog share it.
 */

export const CHANGE_REQUEST_STATES = ['open', 'accepted', 'declined'] as const;
export type ChangeRequestState = (typeof CHANGE_REQUEST_STATES)[number];

export const CHANGE_REQUEST_STATE_LABELS: Readonly<Record<ChangeRequestState, string>> = {
  open: 'Waiting for our team',
  accepted: 'Accepted',
  declined: 'Declined',
};

/**
 * The answers a buyer may ask to change: those a reviewer may ask to correct, but neither the two
 * encrypted ones (their values would sit in the clear in the request) nor the self-employed box,
 * which switches a whole set of answers. For those the buyer writes to us in the chat.
 */
export const CHANGE_SECTIONS = CORRECTION_SECTIONS.map((section) => ({
  ...section,
  fields: section.fields.filter((field) => !field.sensitive && field.name !== 'employment.selfEmployed'),
})).filter((section) => section.fields.length > 0);

export const CHANGEABLE_FIELDS = CHANGE_SECTIONS.flatMap((section) => section.fields.map((field) => field.name)) as [string, ...string[]];

/** The kinds of input the buyer types the new value into. */
export const changeFieldKind = (name: string): FieldKind => fieldByName(name)?.kind ?? 'text';

/** The new value as words: dollars for money, the number, the text, or 'No answer'. */
export function changeValueText(name: string, value: string | number | null): string {
  if (value === null || value === '') return 'No answer';
  if (typeof value === 'number') return changeFieldKind(name) === 'money' ? formatMoney(value) : formatNumber(value);
  return value;
}

/** The request's name on every screen and mail: 'Change Phone Number'. */
export const changeRequestTitle = (field: string) => `Change ${fieldByName(field)?.label ?? field}`;

const note = (empty: string) =>
  safeString({ error: empty })
    .trim()
    .min(1, empty)
    .max(MAX_REQUEST_NOTE, `Keep it to ${formatNumber(MAX_REQUEST_NOTE)} characters.`);

/** POST /api/application/change-requests: which answer, its new value (checked by the wizard's rules on the server), and why. */
export const newChangeRequestSchema = z.object({
  field: z.enum(CHANGEABLE_FIELDS, { error: 'Choose the answer you need to change.' }),
  value: z.union([safeString().max(1000, 'Keep the new answer to 1,000 characters.'), z.number(), z.null()], { error: 'Enter the new answer.' }),
  note: note('Tell us why the answer changes.'),
});
export type NewChangeRequest = z.output<typeof newChangeRequestSchema>;

/** Staff's decision: accept (the answer changes), or decline with the reason the buyer is mailed. */
export const changeDecisionSchema = z
  .object({
    decision: z.enum(['accept', 'decline'], { error: 'Accept or decline the request.' }),
    reason: safeString({ error: 'The reason must be text.' })
      .trim()
      .max(MAX_REQUEST_NOTE, `Keep the reason to ${formatNumber(MAX_REQUEST_NOTE)} characters.`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'decline' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Write the reason the applicant will see.' });
  });
export type ChangeDecision = z.output<typeof changeDecisionSchema>;

/** A change request as both sides see it. */
export const changeRequestSchema = z.object({
  id: safeString(),
  field: safeString(),
  /** changeRequestTitle: 'Change Phone Number'. */
  title: safeString(),
  value: z.union([safeString(), z.number(), z.null()]),
  /** changeValueText: what the value reads as. */
  valueText: safeString(),
  note: safeString(),
  state: z.enum(CHANGE_REQUEST_STATES),
  declineReason: safeString().nullable(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
  decidedAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
});
export type ChangeRequest = z.output<typeof changeRequestSchema>;

export const changeRequestListSchema = z.object({ items: z.array(changeRequestSchema) });
export type ChangeRequestList = z.output<typeof changeRequestListSchema>;

// ---- Withdrawal ----

export const MAX_WITHDRAW_REASON = 1000;

/** POST /api/application/withdraw: the buyer's reason, required. */
export const withdrawApplicationSchema = z.object({
  reason: note('Tell us why you are withdrawing.').max(MAX_WITHDRAW_REASON, `Keep the reason to ${formatNumber(MAX_WITHDRAW_REASON)} characters.`),
});
export type WithdrawApplication = z.output<typeof withdrawApplicationSchema>;

/** What the confirmation dialog says will happen (docs/decisions/041-withdrawal-and-change-requests.md). */
export function withdrawConsequence(status: 'submitted' | 'in_review' | 'missing_info' | 'approved'): string {
  const base =
    'Your application will be closed and our team will stop reviewing it. This cannot be undone; you can start a new application from the beginning at any time.';
  return status === 'approved' ? `${base} Your pre-approval letter ends with it.` : base;
}
