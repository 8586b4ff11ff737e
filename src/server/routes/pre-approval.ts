import { isPreApprovalExpired } from '../../domain/application/pre-approval';
import { preApprovalApi } from '../../domain/api/pre-approval';
import { formatDate } from '../../domain/format';
import { ledgerToday } from '../../domain/homes/dates';
import { ownPreApproval, preApprovalLetterResponse } from '../modules/applications';
import type { AuthedEnv } from '../platform/http/guards';
import { apiRouter, route } from '../platform/http/route';
import { AppError } from '../platform/lib/errors';

/** `/api/me/pre-approvals/{id}/letter`: the signed-in buyer's own current pre-approval's letter; anyone else's is 404. */
export function preApprovalRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, preApprovalApi.letter, async (c, { params }) => {
    const own = await ownPreApproval(c.var.deps.db, c.var.user.id, params.id);
    if (!own) throw new AppError(404, 'not_found', 'There is no such pre-approval letter.');
    if (isPreApprovalExpired(own.row.expiresOn, ledgerToday())) {
      throw new AppError(
        409,
        'pre_approval_expired',
        `Your pre-approval expired on ${formatDate(own.row.expiresOn)}. Send us a message and we will review it with you and renew it.`,
      );
    }
    return await preApprovalLetterResponse(c.var.deps, own.row, own.name);
  });
  return router;
}
