import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';
import { documentTitle, STORED_DOCUMENT_TYPES, type DocumentType } from './documents';
import { APPLICATION_FIELDS, fieldByName } from './fields';
import type { ApplicationStatus } from './status';
import { APPLICATION_STEPS, type StepId } from './steps';
import { formatNumber } from '../format';

/**
 * Requests ("conditions"): what a reviewer asks of the buyer after submission — a
 * document, or a correction of named answers — and the rules around them
 * (docs/decisions/021-requests-and-messages.md; docs/product/back-office.md#requests). Pure: the
 * server, the review dialog and the buyer's To do page share it.
 */

export const REQUEST_KINDS = ['document', 'correction'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** 'Reopened' is not a state: a reopened request is open again, in a later round (requestStateLabel). */
export const REQUEST_STATES = ['open', 'answered', 'accepted', 'withdrawn'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

export const REQUEST_ACTIONS = ['create', 'answer', 'accept', 'reopen', 'withdraw'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** Who acts on a request: a reviewer (any admin) or the application's owner. */
export type RequestActor = 'staff' | 'applicant';

/** A document request names one of the wizard's document types, or 'other' with a title. */
export const REQUEST_DOCUMENT_TYPES = STORED_DOCUMENT_TYPES;
export type RequestDocumentType = (typeof REQUEST_DOCUMENT_TYPES)[number];

/** The note to the buyer (docs/product/back-office.md#requests: required, at most 1,000 characters); also the buyer's comment on an answer. */
export const MAX_REQUEST_NOTE = 1000;
/** The title of an 'Other' document ('Divorce decree'). */
export const MAX_REQUEST_TITLE = 100;

/**
 * Which action moves a request from which state to which, and who may take it
 * (docs/decisions/021-requests-and-messages.md 'Who may do what'). `from: null`:
 * the request does not exist yet.
 */
export const REQUEST_TRANSITIONS = {
  create: { from: null, to: 'open', by: 'staff' },
  answer: { from: 'open', to: 'answered', by: 'applicant' },
  accept: { from: 'answered', to: 'accepted', by: 'staff' },
  reopen: { from: 'answered', to: 'open', by: 'staff' },
  withdraw: { from: 'open', to: 'withdrawn', by: 'staff' },
} as const satisfies Record<RequestAction, { from: RequestState | null; to: RequestState; by: RequestActor }>;

export type TransitionResult = { ok: true; to: RequestState } | { ok: false; reason: 'not_allowed' | 'wrong_state' };

/** Whether `actor` may take `action` on a request in `state` (null: not created yet), and the state it leads to. */
export function requestTransition(action: RequestAction, state: RequestState | null, actor: RequestActor): TransitionResult {
  const rule = REQUEST_TRANSITIONS[action];
  if (rule.by !== actor) return { ok: false, reason: 'not_allowed' };
  if (rule.from !== state) return { ok: false, reason: 'wrong_state' };
  return { ok: true, to: rule.to };
}

/** What a refused transition says: the state it needs. */
export const WRONG_STATE_MESSAGES: Readonly<Record<RequestAction, string>> = {
  create: 'This request exists already.',
  answer: 'Only an open request can be answered.',
  accept: 'Only an answered request can be accepted.',
  reopen: 'Only an answered request can be reopened.',
  withdraw: 'Only an open request can be withdrawn.',
};

/** The statuses in which requests are added, answered and reviewed; an approved or declined application's requests are frozen (but see requestsChangeable). */
export const REQUEST_STATUSES = ['submitted', 'in_review', 'missing_info'] as const satisfies readonly ApplicationStatus[];
/**
 * Whether an application's requests may be added, answered and reviewed: under review, or approved while the buyer
 * has an offer under way (a live offer, to the closing: docs/decisions/042-closing.md). An approved application's
 * requests never move its status (statusWhenRequestCloses, waitingSince).
 */
export const requestsChangeable = (status: ApplicationStatus, offerUnderWay = false) =>
  (REQUEST_STATUSES as readonly string[]).includes(status) || (status === 'approved' && offerUnderWay);
export const APPLICATION_CLOSED_MESSAGE = 'This application is closed: its requests can no longer change.';

/** docs/product/back-office.md#application-status: moving an application to Missing Info requires at least one open request. */
export const OPEN_REQUEST_NEEDED_MESSAGE =
  'Missing Info needs at least one open request. Add a request that says what the applicant should send or correct, then change the status.';

/** What refuses a status change because of the requests, or null when it may go ahead. */
export function statusChangeProblem(to: ApplicationStatus, openRequests: number): 'open_request_needed' | null {
  return to === 'missing_info' && openRequests < 1 ? 'open_request_needed' : null;
}

/**
 * The status an application takes by itself once its last open request is no
 * longer open (answered by the buyer — docs/product/application.md#after-submission-the-to-do-page: 'goes
 * back to In Review by itself', the buyer as the actor — or withdrawn by the reviewer): In Review
 * when it was Missing Info and nothing is open any more, else no change (null).
 */
export function statusWhenRequestCloses(status: ApplicationStatus, openAfter: number): 'in_review' | null {
  return status === 'missing_info' && openAfter === 0 ? 'in_review' : null;
}

/**
 * `applications.waiting_since`: since when the application waits for us — the
 * back office's 'Waiting for us', oldest first (docs/product/back-office.md#waiting-for-us; ADR 021).
 * - draft, approved, declined: nobody's turn, null;
 * - submitted or in review: ours; the time it became ours is kept, else now;
 * - missing info: the buyer's, except for answered requests — the oldest answer's time, or null.
 */
export function waitingSince(facts: { status: ApplicationStatus; current: Date | null; oldestAnsweredAt: Date | null; now: Date }): Date | null {
  switch (facts.status) {
    case 'submitted':
    case 'in_review':
      return facts.current ?? facts.oldestAnsweredAt ?? facts.now;
    case 'missing_info':
      return facts.oldestAnsweredAt;
    default:
      return null;
  }
}

// ---- Correction fields: the application's answers a reviewer may ask to correct ----

/** The wizard's steps whose answers can be corrected: not the consents nor the certification (agreed, not corrected). */
export const CORRECTION_STEPS = ['personal', 'employment', 'assets', 'debts'] as const satisfies readonly StepId[];

export interface CorrectionSection {
  stepId: (typeof CORRECTION_STEPS)[number];
  title: string;
  fields: { name: string; label: string; sensitive: boolean }[];
}

/** The picker of the review dialog: each section's fields, in the wizard's order (docs/product/application.md#fields). */
export const CORRECTION_SECTIONS: readonly CorrectionSection[] = CORRECTION_STEPS.map((stepId) => ({
  stepId,
  title: APPLICATION_STEPS.find((step) => step.id === stepId)!.title,
  fields: APPLICATION_FIELDS.filter((field) => field.stepId === stepId).map((field) => ({
    name: field.name,
    label: field.label,
    sensitive: Boolean(field.sensitive),
  })),
}));

export const CORRECTABLE_FIELDS = CORRECTION_SECTIONS.flatMap((section) => section.fields.map((field) => field.name)) as [string, ...string[]];
export const isCorrectableField = (name: string) => CORRECTABLE_FIELDS.includes(name);

/** The fields the self-employed box switches between (docs/product/application.md#fields: business name and start date instead of employer, start date and job title). */
const EMPLOYMENT_SWITCHED = [
  'employment.selfEmployed',
  'employment.employer',
  'employment.startDate',
  'employment.position',
  'employment.businessName',
  'employment.businessStartDate',
];

/**
 * The fields a correction request unlocks for the buyer, in the wizard's order:
 * the named ones, and with the self-employed box every field it switches between,
 * since the corrected application must still pass checkApplication.
 */
export function fieldsUnlockedBy(fields: readonly string[]): string[] {
  const wanted = new Set(fields.filter(isCorrectableField));
  if (wanted.has('employment.selfEmployed')) for (const name of EMPLOYMENT_SWITCHED) wanted.add(name);
  return CORRECTABLE_FIELDS.filter((name) => wanted.has(name));
}

// ---- What the screens say ----

export const REQUEST_STATE_LABELS: Readonly<Record<RequestState, string>> = {
  open: 'Open',
  answered: 'Answered',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
};

/** 'Reopened' for an open request asked again (round > 1), else the state's label. */
export function requestStateLabel(state: RequestState, round: number): string {
  return state === 'open' && round > 1 ? 'Reopened' : REQUEST_STATE_LABELS[state];
}

/** The request's name on both screens: the document's title ('Pay Stubs', or an Other's own), or 'Correct: Phone Number, Current Address'. */
export function requestTitle(request: {
  kind: RequestKind;
  documentType: RequestDocumentType | null;
  title: string | null;
  fields: readonly string[] | null;
}): string {
  if (request.kind === 'correction') return `Correct: ${(request.fields ?? []).map((name) => fieldByName(name)?.label ?? name).join(', ')}`;
  if (request.documentType === 'other' || !request.documentType) return request.title ?? 'Other document';
  return documentTitle(request.documentType as DocumentType);
}

// ---- Schemas: what a reviewer sends, what both sides receive ----

const noteSchema = safeString({ error: 'Write a note to the applicant.' })
  .trim()
  .min(1, 'Write a note to the applicant.')
  .max(MAX_REQUEST_NOTE, `Keep the note to ${formatNumber(MAX_REQUEST_NOTE)} characters.`);

/** POST a new request: a document (a type, or 'other' with a title) or a correction of named fields, each with a note. */
export const newRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.literal('document'),
        documentType: z.enum(REQUEST_DOCUMENT_TYPES, { error: 'Choose the document you need, or Other.' }),
        /** Only for 'other' (required there); ignored for the named types, which have their own title. */
        title: safeString({ error: 'The title must be text.' }).trim().max(MAX_REQUEST_TITLE, `Keep the title to ${MAX_REQUEST_TITLE} characters.`).optional(),
        note: noteSchema,
      })
      .superRefine((value, ctx) => {
        if (value.documentType === 'other' && !value.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'Name the document you need.' });
      }),
    z.object({
      kind: z.literal('correction'),
      fields: z
        .array(z.enum(CORRECTABLE_FIELDS, { error: 'Choose fields of the application.' }), { error: 'Choose the answers to correct.' })
        .min(1, 'Choose at least one answer to correct.')
        .max(CORRECTABLE_FIELDS.length)
        .refine((names) => new Set(names).size === names.length, 'Each answer once.'),
      note: noteSchema,
    }),
  ],
  { error: 'Say whether you need a document or a correction.' },
);
export type NewRequest = z.output<typeof newRequestSchema>;

/** Reopening an answered request asks again, with a new note. */
export const reopenRequestSchema = z.object({ note: noteSchema });
export type ReopenRequest = z.output<typeof reopenRequestSchema>;

/** The buyer's 'Send to reviewer': an optional comment. */
export const answerRequestSchema = z.object({
  comment: safeString({ error: 'The comment must be text.' })
    .trim()
    .max(MAX_REQUEST_NOTE, `Keep the comment to ${formatNumber(MAX_REQUEST_NOTE)} characters.`)
    .optional(),
});
export type AnswerRequest = z.output<typeof answerRequestSchema>;

const isoTime = () => safeIsoDateTime('An ISO 8601 date-time');

/** One transition of a request: who (a reviewer's name, or the applicant's), when, with the note or the corrected fields' names. */
export const requestEventSchema = z.object({
  action: z.enum(REQUEST_ACTIONS),
  at: isoTime(),
  /** The reviewer's or the applicant's name; null when the account is gone. */
  by: safeString().nullable(),
  note: safeString().nullable(),
  /** A correction's answer: the names of the fields that changed (never their values). */
  fields: z.array(safeString()).nullable(),
});
export type RequestEvent = z.output<typeof requestEventSchema>;

/** A request as the review dialog and the To do page show it, with its history, oldest first. */
export const applicationRequestSchema = z.object({
  id: safeString(),
  kind: z.enum(REQUEST_KINDS),
  documentType: z.enum(REQUEST_DOCUMENT_TYPES).nullable(),
  /** requestTitle: what to call it on screen. */
  title: safeString(),
  /** A correction's field names (labels: fieldByName); null for a document. */
  fields: z.array(safeString()).nullable(),
  /** The document whose review raised it ('Needs attention'), if any. */
  documentId: safeString().nullable(),
  /** The latest round's note to the buyer. */
  note: safeString(),
  state: z.enum(REQUEST_STATES),
  /** 1, plus one per reopen. */
  round: z.number().int().min(1),
  createdAt: isoTime(),
  stateChangedAt: isoTime(),
  events: z.array(requestEventSchema),
});
export type ApplicationRequest = z.output<typeof applicationRequestSchema>;
