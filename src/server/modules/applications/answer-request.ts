import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { MyRequests } from '../../../domain/api/requests';
import { adminRecordOf, applicationDraftSchema, checkApplication, isWizardDocumentType, type ApplicationDraft } from '../../../domain/application';
import { fieldByName } from '../../../domain/application/fields';
import {
  APPLICATION_CLOSED_MESSAGE,
  fieldsUnlockedBy,
  requestTransition,
  statusWhenRequestCloses,
  WRONG_STATE_MESSAGES,
} from '../../../domain/application/requests';
import { moveStatus, openRequestCount, syncWaitingSince } from './application-status';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { requestsOf, type RequestRow } from './requests';
import { requestsOpenOn } from './requests-open';
import type { Deps } from '../../platform/http/context';
import { applicationRequestEvents, applicationRequests, applications, documents } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { notifyAnswer } from './staff-notification';
import { storedDraft } from './present';
import { documentsOf, findActiveApplication, type ApplicationRow } from './repository';
import type { Executor } from '../../platform/db/client';
import { nextSealed, openSensitive, type SensitiveField } from './sensitive';

/**
 * The buyer's side of requests (docs/product/application.md#after-submission-the-to-do-page;
 * docs/decisions/021-requests-and-messages.md): list them, correct exactly the named
 * answers, send an uploaded document. Each answer locks the application, writes the
 * request, its event (with the changed fields' NAMES, never their values) and its
 * audit entry (action 'answer', the applicant as actor) in one transaction; the last
 * open request answered moves Missing Info back to In Review (statusWhenRequestCloses).
 * Only the caller's own active application: another user's request is 404.
 */

const notFound = () => new AppError(404, 'not_found', 'Request not found.');

/** The open and answered requests of the user's active application, oldest first. */
export async function myRequests(db: Executor, userId: string): Promise<MyRequests> {
  const row = await findActiveApplication(db, userId);
  if (!row || row.status === 'draft') return { status: row?.status ?? null, requests: [] };
  const requests = await requestsOf(db, row.id);
  return { status: row.status, requests: requests.filter((r) => r.state === 'open' || r.state === 'answered') };
}

/** The caller's application, locked, and the request of it, locked; 404 for anyone else's; 409 when it cannot be answered. */
async function lockOwnRequest(tx: Executor, userId: string, requestId: string, kind: 'document' | 'correction') {
  const application = await findActiveApplication(tx, userId, { forUpdate: true });
  if (!application) throw notFound();
  const [request] = await tx
    .select()
    .from(applicationRequests)
    .where(and(eq(applicationRequests.id, requestId), eq(applicationRequests.applicationId, application.id)))
    .for('update');
  if (!request) throw notFound();
  if (!(await requestsOpenOn(tx, application))) throw new AppError(409, 'application_closed', APPLICATION_CLOSED_MESSAGE);
  if (request.kind !== kind)
    throw new AppError(
      409,
      'request_kind',
      kind === 'correction' ? 'This request asks for a document, not a correction.' : 'This request asks for a correction.',
    );
  if (!requestTransition('answer', request.state, 'applicant').ok) throw new AppError(409, 'request_state', WRONG_STATE_MESSAGES.answer);
  return { application, request };
}

/** Marks the request answered with its event and audit entry, then moves the application back to In Review when nothing is open any more. */
async function markAnswered(
  tx: Executor,
  actor: AuditActor,
  application: ApplicationRow,
  request: RequestRow,
  answer: { comment?: string; fields?: string[]; files?: string[] },
): Promise<void> {
  const now = new Date();
  await tx.update(applicationRequests).set({ state: 'answered', stateChangedAt: now, stateChangedBy: actor.id }).where(eq(applicationRequests.id, request.id));
  await tx
    .insert(applicationRequestEvents)
    .values({ requestId: request.id, action: 'answer', actorId: actor.id, at: now, note: answer.comment || null, fields: answer.fields ?? null });
  await recordAudit(tx, actor, {
    action: 'answer',
    entityType: 'requests',
    entityId: request.id,
    changes: {
      application: application.id,
      state: { from: request.state, to: 'answered' },
      ...(answer.fields ? { fields: answer.fields } : {}),
      ...(answer.files ? { documents: answer.files } : {}),
    },
  });
  // Staff hear of it (docs/product/back-office.md#staff-e-mails).
  await notifyAnswer(tx, application.id, now);
  // When the buyer has answered every open request, back to In Review by itself, the buyer as the actor.
  // Their own move sends them no status e-mail (docs/product/application.md#e-mails-about-your-application).
  const status = statusWhenRequestCloses(application.status, await openRequestCount(tx, application.id));
  if (status) await moveStatus(tx, actor, application, status, now, 'the applicant answered every open request');
  else await syncWaitingSince(tx, application, now);
}

/** 'Send to reviewer' of a document request: at least one file uploaded to it in its current round (409 no_file otherwise). */
export async function sendDocumentAnswer(deps: Pick<Deps, 'db'>, actor: AuditActor & { id: string }, requestId: string, comment?: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { application, request } = await lockOwnRequest(tx, actor.id, requestId, 'document');
    const files = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.requestId, request.id), isNull(documents.supersededAt), gte(documents.createdAt, request.stateChangedAt)));
    if (files.length === 0) throw new AppError(409, 'no_file', 'Upload the file first, then send it to the reviewer.');
    await markAnswered(tx, actor, application, request, { comment, files: files.map((f) => f.id) });
  });
}

const SENSITIVE: Record<string, SensitiveField> = { 'personal.ssnLast4': 'ssnLast4', 'personal.dateOfBirth': 'dateOfBirth' };

function getPath(draft: ApplicationDraft, name: string): unknown {
  const [section, key] = name.split('.') as [keyof ApplicationDraft, string];
  return (draft[section] as Record<string, unknown> | undefined)?.[key];
}

/**
 * A correction's answer: the new values of exactly the fields the request unlocks,
 * each checked by the wizard's draft schema and then by the submit check
 * (checkApplication), so the corrected application is still complete. Sensitive
 * fields go to their encrypted columns as the wizard's do. Another key is refused (400).
 */
export async function answerCorrection(
  deps: Pick<Deps, 'db' | 'cipher'>,
  actor: AuditActor & { id: string },
  requestId: string,
  input: { values: Record<string, string | number | boolean | null>; comment?: string },
): Promise<void> {
  const { cipher } = deps;
  await deps.db.transaction(async (tx) => {
    const { application, request } = await lockOwnRequest(tx, actor.id, requestId, 'correction');
    const unlocked = fieldsUnlockedBy(request.fields ?? []);
    const errors: Record<string, string> = {};
    for (const name of Object.keys(input.values)) if (!unlocked.includes(name)) errors[name] = 'This answer is not part of the request and cannot be changed.';
    for (const name of request.fields ?? []) if (!(name in input.values)) errors[name] ??= `Enter the corrected ${fieldByName(name)?.label ?? name}.`;
    if (Object.keys(errors).length) throw new AppError(400, 'validation_failed', 'Some fields need your attention.', errors);

    // The stored answers with the corrections applied, through the wizard's draft schema.
    const before = storedDraft(application);
    const candidate = structuredClone(before) as unknown as Record<string, Record<string, unknown>>;
    const sensitiveSent: Partial<Record<SensitiveField, string | null>> = {};
    for (const [name, value] of Object.entries(input.values)) {
      const [section, key] = name.split('.');
      if (SENSITIVE[name]) sensitiveSent[SENSITIVE[name]] = value === null ? null : String(value);
      (candidate[section] ??= {})[key] = typeof value === 'string' ? value.trim() : value;
    }
    const parsed = applicationDraftSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      throw new AppError(400, 'validation_failed', 'Some fields need your attention.', errors);
    }
    const stored = openSensitive(cipher, application);
    const uploaded = (await documentsOf(tx, application.id))
      .filter((d) => !d.supersededAt)
      .map((d) => d.type)
      .filter(isWizardDocumentType);
    const problems = checkApplication(
      {
        ...parsed.data,
        personal: {
          ...parsed.data.personal,
          ssnLast4: sensitiveSent.ssnLast4 ?? stored.ssnLast4,
          dateOfBirth: sensitiveSent.dateOfBirth ?? stored.dateOfBirth,
        },
      },
      { uploaded },
    );
    for (const step of problems) for (const [name, message] of Object.entries(step.fields)) if (unlocked.includes(name)) errors[name] ??= message;
    if (Object.keys(errors).length) throw new AppError(400, 'validation_failed', 'Some fields need your attention.', errors);

    // Which fields changed — their names only, for the event and the audit entry.
    const changed = Object.keys(input.values).filter((name) => {
      const field = SENSITIVE[name];
      const after = getPath(parsed.data, name);
      return field ? (sensitiveSent[field] ?? null) !== (stored[field] ?? null) : (after ?? null) !== (getPath(before, name) ?? null);
    });
    const { ssnLast4: _s, dateOfBirth: _d, ...personal } = parsed.data.personal;
    const draft = { ...parsed.data, personal, consents: { creditPull: before.consents.creditPull, eConsent: before.consents.eConsent } };
    await tx
      .update(applications)
      .set({
        draft,
        // The back office's columns follow the corrected answers, as submission wrote them (summary.ts adminRecordOf).
        ...adminRecordOf(draft),
        ssnLast4: nextSealed(cipher, application.id, 'ssnLast4', sensitiveSent.ssnLast4, application.ssnLast4),
        dateOfBirth: nextSealed(cipher, application.id, 'dateOfBirth', sensitiveSent.dateOfBirth, application.dateOfBirth),
        version: sql`${applications.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(applications.id, application.id));
    await markAnswered(tx, actor, application, request, { comment: input.comment, fields: changed });
  });
}
