import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';

/**
 * A home's chain that does not hold (docs/decisions/029-ledger-checks.md): the daily check's mark, or what the
 * page's own check found from the last entry the daily check found intact. The homeowner's home page, the admin
 * ledger and the back office's homes show it instead of presenting the entries as fact; null when the chain holds.
 */
export const ledgerWarningSchema = z.object({
  /** 'Entry 7 does not match its recorded hash; …' */
  message: safeString(),
  /** When the daily check found it (null: found by the page's own check just now). */
  foundAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
});
export type LedgerWarning = z.output<typeof ledgerWarningSchema>;
