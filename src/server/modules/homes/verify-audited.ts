import type { VerifyResult } from '../../../domain/homes/admin-payments';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import type { LedgerKey } from '../../platform/lib/ledger-key';
import { homeNotFound } from './purchase';
import { homeExists } from './statements';
import { verifyLedgers } from './verify-ledgers';

/**
 * Staff's Verify buttons (docs/product/back-office.md#payments): every home's chain, its projections and the signed
 * checkpoints (verify-ledgers.ts), or one home's, recorded in the audit log with what was found.
 */

/** The first this many broken homes are listed in an answer. */
const MAX_BROKEN_LISTED = 100;

/** POST /api/admin/payments/verify and /api/admin/homes/{id}/ledger/verify: the check, then its audit entry. */
export async function verifyAudited(db: Db, actor: AuditActor, key: LedgerKey, homeId?: string): Promise<VerifyResult> {
  if (homeId) {
    if (!(await homeExists(db, homeId))) throw homeNotFound();
  }
  const report = await verifyLedgers(db, { homeId, checkpoints: { key } });
  const result: VerifyResult = {
    ok: report.broken.length === 0 && report.checkpointProblems.length === 0,
    homes: report.homes,
    entries: report.entries,
    broken: report.broken.slice(0, MAX_BROKEN_LISTED),
    brokenTotal: report.broken.length,
    checkpointProblems: report.checkpointProblems.slice(0, MAX_BROKEN_LISTED),
  };
  await recordAudit(db, actor, {
    action: 'verify',
    entityType: 'payments',
    entityId: homeId ?? null,
    changes: {
      homes: result.homes,
      entries: result.entries,
      ok: result.ok,
      broken: result.broken.map(({ homeId: id, seq }) => ({ homeId: id, seq })),
      checkpointProblems: report.checkpointProblems.length,
    },
  });
  return result;
}
