import { autopayMonth, type AutopayView } from '../../../domain/payments/autopay';
import { myHomeOf, type LoadedHome } from '../homes';
import type { BankAccountRow } from './bank-accounts';

/** What the home page and staff show of autopay (docs/decisions/037-autopay-and-ach-files.md): on since when, and the next debit. */
export function autopayOf(account: Pick<BankAccountRow, 'autopay' | 'autopaySince'> | undefined, loaded: LoadedHome): AutopayView {
  if (!account?.autopay || !account.autopaySince) return { on: false, since: null, nextDebit: null };
  const next = myHomeOf(loaded, null).nextCharge;
  const nextDebit = next ? { ...autopayMonth(loaded.home.purchaseDate, next.month), amountCents: next.amountCents } : null;
  return { on: true, since: account.autopaySince.toISOString(), nextDebit };
}
