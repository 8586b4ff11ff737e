import type { LedgerWarning } from '../../../domain/homes/ledger-warning';
import { localDate } from '../../lib/dates';
import { Alert } from '../ui/alert';

/**
 * A home's chain that does not hold (docs/decisions/029-ledger-checks.md), said plainly where its ledger is shown:
 * to staff with what the check found, to the homeowner as figures we could not confirm.
 */
export function LedgerWarningAlert({ warning, audience }: { warning: LedgerWarning; audience: 'staff' | 'homeowner' }) {
  const found = warning.foundAt ? `Found on ${localDate(warning.foundAt)}. ` : '';
  return (
    <Alert variant="destructive" data-ledger-warning="">
      {audience === 'staff' ? (
        <>
          <p className="font-semibold">This ledger does not hold.</p>
          <p>
            {found}
            {warning.message} Do not treat these entries as fact until the change is explained.
          </p>
        </>
      ) : (
        <>
          <p className="font-semibold">We could not confirm your ledger.</p>
          <p>
            A check of your ledger found that its history no longer matches its hashes, so some figures on this page may not be right. We are looking into it
            and will write to you. Your statements still print the hashes you can check your ledger against.
          </p>
        </>
      )}
    </Alert>
  );
}
