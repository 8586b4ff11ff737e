import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { nextConsentedAt, saveDraftBodySchema, type ApplicationDraft } from '../../../domain/application';
import type { Deps } from '../../platform/http/context';
import { applications } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { ensureActiveApplication, findActiveApplication, type ApplicationRow, type Owner } from './repository';
import { nextSealed } from './sensitive';

export const submittedError = () =>
  new AppError(409, 'application_submitted', 'Your application has been submitted and can no longer be edited. You can still add documents.');

/**
 * Saves the wizard's draft (docs/product/application.md#draft: saved as the
 * user goes). The whole draft is replaced; the SSN digits and the date of birth
 * go to their encrypted columns (absent: kept; '' or null: cleared); the consent
 * time is the server's, set once (docs/product/application.md#consents).
 */
export async function saveDraft(deps: Pick<Deps, 'db' | 'cipher'>, owner: Owner, body: z.output<typeof saveDraftBodySchema>): Promise<ApplicationRow> {
  const { db, cipher } = deps;
  const { version, ...draft } = body;
  // Created outside the transaction: the insert is idempotent, and its id is needed to seal the values.
  await ensureActiveApplication(db, owner);
  return db.transaction(async (tx) => {
    const row = await findActiveApplication(tx, owner.id, { forUpdate: true });
    if (!row) throw new Error('no active application after ensureActiveApplication');
    if (row.status !== 'draft') throw submittedError();
    if (version !== undefined && version !== row.version) {
      throw new AppError(
        409,
        'version_conflict',
        'This application was changed elsewhere (another tab or device). Reload it to see the latest version.',
        undefined,
        undefined,
        { currentVersion: row.version },
      );
    }
    const { ssnLast4, dateOfBirth, ...personal } = draft.personal;
    const consentedAt = nextConsentedAt(row.consentedAt, draft.consents, new Date());
    const stored: ApplicationDraft = { ...draft, personal, consents: { creditPull: draft.consents.creditPull, eConsent: draft.consents.eConsent } };
    const [updated] = await tx
      .update(applications)
      .set({
        draft: stored,
        ssnLast4: nextSealed(cipher, row.id, 'ssnLast4', ssnLast4, row.ssnLast4),
        dateOfBirth: nextSealed(cipher, row.id, 'dateOfBirth', dateOfBirth, row.dateOfBirth),
        consentCreditPull: draft.consents.creditPull === true,
        consentESign: draft.consents.eConsent === true,
        consentedAt,
        version: sql`${applications.version} + 1`,
        updatedAt: new Date(),
      })
      .where(sql`${applications.id} = ${row.id}`)
      .returning();
    return updated;
  });
}
