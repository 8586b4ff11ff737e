import { eq } from 'drizzle-orm';
import type { ApplicationRow } from './repository';
import { users } from '../../platform/db/schema';
import type { Deps } from '../../platform/http/context';
import { presentForReview } from './application-detail';
import { reviewDocumentsOf } from './document-review';
import { requestsOf } from './requests';
import { changeRequestsOf } from './change-requests';
import { currentPreApproval, suggestionFor } from './pre-approval';
import { requestsOpenOn } from './requests-open';

/**
 * The review dialog's record of a submitted application (docs/product/back-office.md#applications):
 * the answers, its documents with their reviews and earlier versions (#document-review) and the requests asked of the applicant with their history
 * (docs/decisions/021-requests-and-messages.md) and whether they can change (requestsOpenOn), and the pre-approval with what its form starts from (docs/decisions/030-pre-approval.md). What every route of the dialog answers.
 */
export async function reviewDetail(deps: Pick<Deps, 'db' | 'cipher' | 'logger'>, row: ApplicationRow) {
  const [docs, requests, [owner], preApproval, changeRequests, requestsOpen] = await Promise.all([
    reviewDocumentsOf(deps.db, row.id),
    requestsOf(deps.db, row.id),
    deps.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)),
    currentPreApproval(deps.db, row),
    changeRequestsOf(deps.db, row.id),
    requestsOpenOn(deps.db, row),
  ]);
  return presentForReview(deps.cipher, deps.logger, row, docs, requests, owner?.email ?? null, {
    preApproval,
    preApprovalSuggestion: suggestionFor(row),
    changeRequests,
    requestsOpen,
  });
}
