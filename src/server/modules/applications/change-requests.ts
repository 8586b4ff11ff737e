import { and, asc, eq, sql } from 'drizzle-orm';
import {
  adminRecordOf,
  applicationDraftSchema,
  checkApplication,
  isWithdrawable,
  isWizardDocumentType,
  type ApplicationDraft,
} from '../../../domain/application';
import {
  changeFieldKind,
  changeRequestTitle,
  changeValueText,
  type ChangeDecision,
  type ChangeRequest,
  type NewChangeRequest,
} from '../../../domain/application/change-requests';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Executor } from '../../platform/db/client';
import { applicationChangeRequests, applications } from '../../platform/db/schema';
import type { Deps } from '../../platform/http/context';
import { AppError } from '../../platform/lib/errors';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';
import { applicationNotFound, findReviewable } from './application-detail';
import { notifyChangeDecided, notifyChangeRequested } from './change-request-notification';
import { storedDraft } from './present';
import { documentsOf, findActiveApplication, type ApplicationRow } from './repository';
import type { StatusLock } from './review-application';
import { openSensitive } from './sensitive';
import type { FieldCipher } from '../../platform/lib/crypto';

/**
 * The buyer asks to change an answer after submitting; staff accept (the answer changes) or decline
 * with a reason (docs/decisions/041-withdrawal-and-change-requests.md). Every step locks the
 * application, writes its audit entry in the same transaction (the field's NAME, never its value,
 * as a correction's answer does) and queues its mail: staff hear of a new request, the buyer of
 * the decision.
 */

type ChangeRow = typeof applicationChangeRequests.$inferSelect;

export function presentChangeRequest(row: ChangeRow): ChangeRequest {
  const value = row.value ?? null;
  return {
    id: row.id,
    field: row.field,
    title: changeRequestTitle(row.field),
    value,
    valueText: changeValueText(row.field, value),
    note: row.note,
    state: row.state,
    declineReason: row.declineReason,
    createdAt: isoTime(row.createdAt),
    decidedAt: isoTimeOrNull(row.decidedAt),
  };
}

export async function changeRequestsOf(db: Executor, applicationId: string): Promise<ChangeRequest[]> {
  const rows = await db
    .select()
    .from(applicationChangeRequests)
    .where(eq(applicationChangeRequests.applicationId, applicationId))
    .orderBy(asc(applicationChangeRequests.createdAt), asc(applicationChangeRequests.id));
  return rows.map(presentChangeRequest);
}

/** The change requests of the user's active application (none before one is submitted). */
export async function myChangeRequests(db: Executor, userId: string): Promise<{ items: ChangeRequest[] }> {
  const row = await findActiveApplication(db, userId);
  return { items: row && row.status !== 'draft' ? await changeRequestsOf(db, row.id) : [] };
}

const invalid = (message: string) => new AppError(400, 'validation_failed', 'Some fields need your attention.', { value: message });

/** A number field's value typed as text becomes a number; empty text is 'no answer'. */
function typedValue(field: string, value: string | number | null): string | number | null {
  const kind = changeFieldKind(field);
  if ((kind === 'money' || kind === 'number') && typeof value === 'string') {
    if (!value.trim()) return null;
    const number = Number(value.replace(/[$,\s]/g, ''));
    if (!Number.isFinite(number)) throw invalid('Enter a number.');
    return number;
  }
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * The stored answers with `field` set to `value`, checked by the wizard's draft schema and then by the
 * submit check (the changed application must still be complete): the new draft, or a 400 under `value`.
 */
async function changedDraft(
  tx: Executor,
  cipher: FieldCipher,
  application: ApplicationRow,
  field: string,
  value: string | number | null,
): Promise<ApplicationDraft> {
  const before = storedDraft(application);
  const candidate = structuredClone(before) as unknown as Record<string, Record<string, unknown>>;
  const [section, key] = field.split('.');
  (candidate[section] ??= {})[key] = value;
  const parsed = applicationDraftSchema.safeParse(candidate);
  if (!parsed.success) throw invalid(parsed.error.issues.find((issue) => issue.path.join('.') === field)?.message ?? parsed.error.issues[0].message);
  const uploaded = (await documentsOf(tx, application.id))
    .filter((d) => !d.supersededAt)
    .map((d) => d.type)
    .filter(isWizardDocumentType);
  const problems = checkApplication({ ...parsed.data, personal: { ...parsed.data.personal, ...openSensitive(cipher, application) } }, { uploaded });
  for (const step of problems) if (step.fields[field]) throw invalid(step.fields[field]);
  const { ssnLast4: _s, dateOfBirth: _d, ...personal } = parsed.data.personal;
  return { ...parsed.data, personal, consents: { creditPull: before.consents.creditPull, eConsent: before.consents.eConsent } };
}

const currentValue = (draft: ApplicationDraft, field: string) => {
  const [section, key] = field.split('.') as [keyof ApplicationDraft, string];
  return ((draft[section] as Record<string, unknown> | undefined)?.[key] ?? null) as unknown;
};

/** The buyer's 'I need to change my …': 409 for a draft, a closed application, a bought home or an open request for the same answer. */
export async function requestChange(
  deps: Pick<Deps, 'db' | 'cipher' | 'jobs'>,
  actor: AuditActor & { id: string },
  input: NewChangeRequest,
  locks: readonly StatusLock[] = [],
): Promise<{ items: ChangeRequest[] }> {
  await deps.db.transaction(async (tx) => {
    const application = await findActiveApplication(tx, actor.id, { forUpdate: true });
    if (!application) throw new AppError(404, 'not_found', 'You have no submitted application to change.');
    if (application.status === 'draft')
      throw new AppError(409, 'not_submitted', 'Your application is not submitted yet: change the answer in the form itself.');
    for (const lock of locks)
      if (await lock(tx, application.id)) throw new AppError(409, 'home_recorded', 'You bought your home with this application, so its answers are final.');
    if (!isWithdrawable(application.status)) throw new AppError(409, 'application_closed', 'This application is closed: its answers can no longer change.');
    const value = typedValue(input.field, input.value);
    await changedDraft(tx, deps.cipher, application, input.field, value);
    if ((currentValue(storedDraft(application), input.field) ?? null) === value) throw invalid('That is already your answer.');
    const [pending] = await tx
      .select({ id: applicationChangeRequests.id })
      .from(applicationChangeRequests)
      .where(
        and(
          eq(applicationChangeRequests.applicationId, application.id),
          eq(applicationChangeRequests.field, input.field),
          eq(applicationChangeRequests.state, 'open'),
        ),
      );
    if (pending) throw new AppError(409, 'change_pending', 'You have already asked to change this answer. Our team will reply to that request first.');
    const [created] = await tx
      .insert(applicationChangeRequests)
      .values({ applicationId: application.id, field: input.field, value, note: input.note, createdBy: actor.id })
      .returning();
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'requests',
      entityId: created.id,
      changes: { application: application.id, kind: 'change', field: input.field },
    });
    await notifyChangeRequested(tx, created.id);
  });
  deps.jobs.kick();
  return myChangeRequests(deps.db, actor.id);
}

const changeNotFound = () => new AppError(404, 'not_found', 'Request not found.');

/** Staff accept (the answer changes, audited on the application) or decline with a reason; the buyer is mailed either way. */
export async function decideChange(
  deps: Pick<Deps, 'db' | 'cipher' | 'jobs'>,
  actor: AuditActor,
  id: string,
  decision: ChangeDecision,
): Promise<ApplicationRow> {
  const updated = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(applicationChangeRequests).where(eq(applicationChangeRequests.id, id));
    if (!found) throw changeNotFound();
    const application = await findReviewable(tx, found.applicationId, { forUpdate: true });
    if (!application) throw applicationNotFound();
    const [request] = await tx.select().from(applicationChangeRequests).where(eq(applicationChangeRequests.id, id)).for('update');
    if (request.state !== 'open') throw new AppError(409, 'change_decided', 'This request is decided already.');
    if (!isWithdrawable(application.status)) throw new AppError(409, 'application_closed', 'This application is closed: its answers can no longer change.');
    const now = new Date();
    let row = application;
    if (decision.decision === 'accept') {
      const draft = await changedDraft(tx, deps.cipher, application, request.field, request.value ?? null);
      [row] = await tx
        .update(applications)
        // The back office's columns follow the changed answer, as submission wrote them (summary.ts adminRecordOf).
        .set({ draft, ...adminRecordOf(draft), version: sql`${applications.version} + 1`, updatedAt: now })
        .where(eq(applications.id, application.id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'update',
        entityType: 'applications',
        entityId: application.id,
        changes: { fields: [request.field], because: 'the applicant asked to change it', changeRequest: request.id },
      });
    }
    const state = decision.decision === 'accept' ? 'accepted' : 'declined';
    await tx
      .update(applicationChangeRequests)
      .set({ state, declineReason: state === 'declined' ? decision.reason : null, decidedBy: actor.id, decidedAt: now })
      .where(eq(applicationChangeRequests.id, request.id));
    await recordAudit(tx, actor, {
      action: decision.decision,
      entityType: 'requests',
      entityId: request.id,
      changes: { application: application.id, kind: 'change', field: request.field, state: { from: 'open', to: state } },
    });
    await notifyChangeDecided(tx, request.id);
    return row;
  });
  deps.jobs.kick();
  return updated;
}
