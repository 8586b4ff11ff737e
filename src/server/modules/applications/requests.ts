import { asc, eq, inArray } from 'drizzle-orm';
import {
  APPLICATION_CLOSED_MESSAGE,
  requestTitle,
  requestTransition,
  statusWhenRequestCloses,
  WRONG_STATE_MESSAGES,
  type ApplicationRequest,
  type NewRequest,
  type RequestAction,
} from '../../../domain/application/requests';
import type { ApplicationRow } from './repository';
import type { Executor } from '../../platform/db/client';
import type { Deps } from '../../platform/http/context';
import { applicationRequestEvents, applicationRequests, users } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { onRequestOpened } from './reminders-schedule';
import { isoTime } from '../../platform/lib/iso-time';
import { notifyRequestOpened } from './request-notification';
import { notifyStatusChange } from './status-notification';
import { applicationNotFound, findReviewable } from './application-detail';
import { moveStatus, openRequestCount, syncWaitingSince } from './application-status';
import { requestsOpenOn } from './requests-open';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';

/**
 * The reviewer's side of requests ("conditions"; docs/product/back-office.md#requests,
 * docs/decisions/021-requests-and-messages.md): add, withdraw, accept, reopen. Each
 * change locks the application's row first — so 'Missing Info needs an open request'
 * and the return to In Review see every request as it is — writes the request, its
 * event and its audit entry in one transaction, and keeps waiting_since.
 */

export type RequestRow = typeof applicationRequests.$inferSelect;

export const requestNotFound = () => new AppError(404, 'not_found', 'Request not found.');
export const applicationClosed = () => new AppError(409, 'application_closed', APPLICATION_CLOSED_MESSAGE);
const wrongState = (action: RequestAction) => new AppError(409, 'request_state', WRONG_STATE_MESSAGES[action]);

/** The requests of an application, oldest first, each with its history (who by name, when, the notes). */
export async function requestsOf(db: Executor, applicationId: string): Promise<ApplicationRequest[]> {
  const rows = await db
    .select()
    .from(applicationRequests)
    .where(eq(applicationRequests.applicationId, applicationId))
    .orderBy(asc(applicationRequests.createdAt), asc(applicationRequests.id));
  if (rows.length === 0) return [];
  const events = await db
    .select({
      requestId: applicationRequestEvents.requestId,
      action: applicationRequestEvents.action,
      at: applicationRequestEvents.at,
      by: users.name,
      note: applicationRequestEvents.note,
      fields: applicationRequestEvents.fields,
    })
    .from(applicationRequestEvents)
    .leftJoin(users, eq(users.id, applicationRequestEvents.actorId))
    .where(
      inArray(
        applicationRequestEvents.requestId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(applicationRequestEvents.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    documentType: row.documentType,
    title: requestTitle(row),
    fields: row.fields,
    documentId: row.documentId,
    note: row.note,
    state: row.state,
    round: row.round,
    createdAt: isoTime(row.createdAt),
    stateChangedAt: isoTime(row.stateChangedAt),
    events: events
      .filter((e) => e.requestId === row.id)
      .map((e) => ({ action: e.action, at: isoTime(e.at), by: e.by ?? null, note: e.note, fields: e.fields })),
  }));
}

/** The application behind a request, locked for the change, or 404; then the request itself, locked. */
async function lockRequest(tx: Executor, requestId: string): Promise<{ application: ApplicationRow; request: RequestRow }> {
  const [found] = await tx.select({ applicationId: applicationRequests.applicationId }).from(applicationRequests).where(eq(applicationRequests.id, requestId));
  if (!found) throw requestNotFound();
  const application = await findReviewable(tx, found.applicationId, { forUpdate: true });
  if (!application) throw requestNotFound();
  const [request] = await tx.select().from(applicationRequests).where(eq(applicationRequests.id, requestId)).for('update');
  if (!request) throw requestNotFound();
  return { application, request };
}

/** Asks the applicant for a document or a correction (docs/decisions/021-requests-and-messages.md 'Requests'). Answers the application. */
export async function createRequest(deps: Pick<Deps, 'db'>, actor: AuditActor, applicationId: string, input: NewRequest): Promise<ApplicationRow> {
  return deps.db.transaction(async (tx) => {
    const application = await findReviewable(tx, applicationId, { forUpdate: true });
    if (!application) throw applicationNotFound();
    if (!(await requestsOpenOn(tx, application))) throw applicationClosed();
    await insertRequest(tx, actor, application, input);
    return application;
  });
}

/**
 * Writes a new open request, its 'create' event and its audit entry in the caller's
 * transaction, on an application the caller has locked and found open to requests
 * (createRequest; a document's 'Needs attention', src/server/modules/applications/document-review.ts,
 * with `documentId`). Adding a request changes neither the status nor waiting_since
 * (docs/decisions/021-requests-and-messages.md 'The rules around the status').
 */
export async function insertRequest(
  tx: Executor,
  actor: AuditActor,
  application: ApplicationRow,
  input: NewRequest,
  options: { documentId?: string } = {},
): Promise<RequestRow> {
  const now = new Date();
  const values =
    input.kind === 'document'
      ? { kind: input.kind, documentType: input.documentType, title: input.documentType === 'other' ? (input.title ?? null) : null, fields: null }
      : { kind: input.kind, documentType: null, title: null, fields: input.fields };
  const [request] = await tx
    .insert(applicationRequests)
    .values({
      applicationId: application.id,
      ...values,
      documentId: options.documentId ?? null,
      note: input.note,
      createdBy: actor.id,
      createdAt: now,
      stateChangedAt: now,
      stateChangedBy: actor.id,
    })
    .returning();
  await tx.insert(applicationRequestEvents).values({ requestId: request.id, action: 'create', actorId: actor.id, at: now, note: input.note });
  await requestOpened(tx, application.id, request, now);
  await recordAudit(tx, actor, {
    action: 'create',
    entityType: 'requests',
    entityId: request.id,
    changes: {
      application: application.id,
      kind: request.kind,
      documentType: request.documentType,
      title: request.title,
      fields: request.fields,
      ...(request.documentId ? { document: request.documentId } : {}),
      note: request.note,
    },
  });
  return request;
}

/**
 * A request opened (created, or reopened in its next round), in the transaction that opens it: the buyer's e-mail
 * about it (docs/product/application.md#e-mails-about-your-application) and its reminders every 3 days while
 * requests stay open (docs/product/application.md#reminders).
 */
async function requestOpened(tx: Executor, applicationId: string, request: { id: string; round: number }, at: Date): Promise<void> {
  await onRequestOpened(tx, applicationId, request, at);
  await notifyRequestOpened(tx, applicationId, at);
}

/**
 * A reviewer's transition of a request: withdraw (open), accept (answered), reopen
 * (answered, with a new note: open again in its next round). Refused with 409 when
 * the application is closed or the request is not in the state the action needs.
 * Withdrawing the last open request of a Missing Info application moves it back to
 * In Review in the same transaction (statusWhenRequestCloses). Answers the application.
 */
export async function changeRequest(
  deps: Pick<Deps, 'db'>,
  actor: AuditActor,
  requestId: string,
  change: { action: 'withdraw' | 'accept' } | { action: 'reopen'; note: string },
): Promise<ApplicationRow> {
  return deps.db.transaction(async (tx) => {
    const { application, request } = await lockRequest(tx, requestId);
    if (!(await requestsOpenOn(tx, application))) throw applicationClosed();
    const transition = requestTransition(change.action, request.state, 'staff');
    if (!transition.ok) throw wrongState(change.action);

    const now = new Date();
    const reopen = change.action === 'reopen' ? { note: change.note, round: request.round + 1 } : {};
    await tx
      .update(applicationRequests)
      .set({ state: transition.to, stateChangedAt: now, stateChangedBy: actor.id, ...reopen })
      .where(eq(applicationRequests.id, request.id));
    await tx.insert(applicationRequestEvents).values({
      requestId: request.id,
      action: change.action,
      actorId: actor.id,
      at: now,
      note: change.action === 'reopen' ? change.note : null,
    });
    if (change.action === 'reopen') await requestOpened(tx, application.id, { id: request.id, round: request.round + 1 }, now);
    await recordAudit(tx, actor, {
      action: change.action,
      entityType: 'requests',
      entityId: request.id,
      changes: {
        application: application.id,
        state: { from: request.state, to: transition.to },
        ...(change.action === 'reopen' ? { round: { from: request.round, to: request.round + 1 }, note: change.note } : {}),
      },
    });

    const status = change.action === 'withdraw' ? statusWhenRequestCloses(application.status, await openRequestCount(tx, application.id)) : null;
    if (status) {
      await notifyStatusChange(tx, application.id, status);
      return moveStatus(tx, actor, application, status, now, 'the last open request was withdrawn');
    }
    const waiting = await syncWaitingSince(tx, application, now);
    return { ...application, waitingSince: waiting };
  });
}
