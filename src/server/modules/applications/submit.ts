import { eq, sql } from 'drizzle-orm';
import {
  adminRecordOf,
  checkApplication,
  emptyDraft,
  flattenProblems,
  missingDocuments,
  missingDocumentsText,
  type DocumentType,
  type StepProblems,
} from '../../../domain/application';
import type { SessionUser } from '../../platform/auth/create-auth';
import type { Deps } from '../../platform/http/context';
import { applications, documents, users } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { applicationSubmittedMail } from './application-mail';
import { notifySubmission } from './staff-notification';
import { findActiveApplication, type ApplicationRow } from './repository';
import { submittedError } from './save-draft';
import { openSensitive } from './sensitive';
import { storedDraft } from './present';

/**
 * The refusal names the missing documents in words ('Add your bank statements to submit.'), as the Submit
 * button does (docs/product/application.md#submission); the other gaps by their steps.
 */
function incomplete(steps: StepProblems[], missing: DocumentType[] = []) {
  const others = steps.some((s) => s.stepId !== 'documents') || steps.some((s) => 'certified' in s.fields);
  const message = [others ? 'Some information is still missing. Please complete the highlighted steps.' : '', missingDocumentsText(missing)]
    .filter(Boolean)
    .join(' ');
  return new AppError(400, 'application_incomplete', message, flattenProblems(steps), undefined, { steps });
}

/**
 * Submits the user's application (docs/product/application.md#submission): checks everything on
 * the server, then in ONE transaction stores status `submitted`, submitted_at,
 * certified_at, the consents and the back office's columns, and raises guest to
 * applicant. The confirmation e-mail goes out after the commit.
 */
export async function submitApplication(deps: Deps, user: SessionUser): Promise<ApplicationRow> {
  const { db, cipher, mailer, background, brand, config, jobs } = deps;
  const current = await findActiveApplication(db, user.id);
  if (current && current.status !== 'draft') throw submittedError();
  // docs/product/application.md#submission: submitting needs a verified address (checked before completeness: nothing else helps until then).
  if (!user.emailVerified) {
    throw new AppError(
      403,
      'email_not_verified',
      'Please verify your email address before submitting your application. Check your inbox for the link, or ask for a new one.',
    );
  }
  if (!current) throw incomplete(checkApplication(emptyDraft()), missingDocuments(emptyDraft(), []));

  const submitted = await db.transaction(async (tx) => {
    const row = await findActiveApplication(tx, user.id, { forUpdate: true });
    if (!row || row.id !== current.id || row.status !== 'draft') throw submittedError();
    const uploaded = (await tx.select({ type: documents.type }).from(documents).where(eq(documents.applicationId, row.id))).map((d) => d.type as DocumentType);
    const draft = storedDraft(row);
    const full = { ...draft, personal: { ...draft.personal, ...openSensitive(cipher, row) } };
    const problems = checkApplication(full, { uploaded });
    if (problems.length > 0) throw incomplete(problems, missingDocuments(full, uploaded));

    const now = new Date();
    const [updated] = await tx
      .update(applications)
      .set({
        ...adminRecordOf(draft),
        status: 'submitted',
        submittedAt: now,
        // 'Waiting for us' from now on (src/domain/application/requests.ts waitingSince; docs/decisions/021-requests-and-messages.md).
        waitingSince: now,
        certifiedAt: now,
        consentCreditPull: true,
        consentESign: true,
        consentedAt: row.consentedAt ?? now,
        version: sql`${applications.version} + 1`,
        updatedAt: now,
      })
      .where(eq(applications.id, row.id))
      .returning();
    // docs/product/accounts.md#roles: submitting an application raises guest to applicant (never lowers a higher role).
    await tx
      .update(users)
      .set({ role: 'applicant', updatedAt: now })
      .where(sql`${users.id} = ${user.id} AND ${users.role} = 'guest'`);
    // Staff hear of it (docs/product/back-office.md#staff-e-mails).
    await notifySubmission(tx, row.id);
    return updated;
  });

  const mail = applicationSubmittedMail(
    { brand, appUrl: config.APP_URL.replace(/\/+$/, '') },
    { firstName: user.firstName, submittedAt: submitted.submittedAt! },
  );
  background.add(mailer.sendMail({ to: user.email, ...mail }));
  jobs.kick();
  return submitted;
}
