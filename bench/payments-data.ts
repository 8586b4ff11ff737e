import { randomUUID } from 'node:crypto';
import { agreementBounds } from '../src/domain/calculators';
import { ledgerToday } from '../src/domain/homes/dates';
import { addDays } from '../src/domain/ledger';
import { bankingDayOnOrBefore } from '../src/domain/payments/bank-days';
import { AUTHORISATION_VERSION, authorisationText } from '../src/domain/payments/bank-account';
import { resolveSettings } from '../src/domain/admin/settings';
import type { Db } from '../src/server/platform/db/client';
import { applications, bankAccounts, homes, homeTerms, users } from '../src/server/platform/db/schema';
import type { FieldCipher } from '../src/server/platform/lib/crypto';
import { saveSettings } from '../src/server/platform/settings/settings-store';
import type { PaymentProvider } from '../src/server/modules/payments';

/**
 * The payments benchmark's data (bench/payments.ts): homes bought on the 10th five months before next month's due
 * date, each with a verified bank account and autopay on, so the autopay run at `RUN_AT` (the banking day on or before
 * that due date, 1 pm in Los Angeles) owes one debit per home — the dates of src/server/routes/autopay.test.ts.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
export const MONTHLY_CENTS = Math.round(agreementBounds(AGREEMENT).max * 100);
const TODAY = ledgerToday();
const NEXT_DUE = `${addDays(`${TODAY.slice(0, 7)}-01`, 40).slice(0, 7)}-01`;
export const DEBIT_ON = bankingDayOnOrBefore(NEXT_DUE);
export const RUN_AT = new Date(`${DEBIT_ON}T20:00:00Z`);
const PURCHASE = new Date(Date.UTC(Number(NEXT_DUE.slice(0, 4)), Number(NEXT_DUE.slice(5, 7)) - 1 - 5, 10)).toISOString().slice(0, 10);

const CHUNK = 1000;

/** Writes `count` homes (owner, approved application, home, first term) and their verified autopay accounts, in chunks. */
export async function seedAutopayHomes(db: Db, cipher: FieldCipher, count: number): Promise<void> {
  const since = new Date();
  const text = authorisationText('Ownstead');
  for (let start = 0; start < count; start += CHUNK) {
    const n = Math.min(CHUNK, count - start);
    const ids = Array.from({ length: n }, (_, i) => ({
      user: randomUUID(),
      application: randomUUID(),
      home: randomUUID(),
      account: randomUUID(),
      h: start + i,
    }));
    await db.transaction(async (tx) => {
      await tx.insert(users).values(
        ids.map(({ user, h }) => ({
          id: user,
          name: `Bench Owner ${h}`,
          email: `owner${h}@payments-bench.example.com`,
          firstName: 'Bench',
          lastName: `Owner ${h}`,
          role: 'homeowner' as const,
          emailVerified: true,
        })),
      );
      await tx.insert(applications).values(
        ids.map(({ user, application }) => ({
          id: application,
          userId: user,
          status: 'approved' as const,
          draft: { personal: {}, employment: {}, assets: {}, debts: {}, consents: {} },
          submittedAt: since,
        })),
      );
      await tx.insert(homes).values(
        ids.map(({ user, application, home, h }) => ({
          id: home,
          userId: user,
          applicationId: application,
          address: `${h + 1} Bench Street, Springfield, IL 62701`,
          purchaseDate: PURCHASE,
          priceCents: 42_000_000,
          downPaymentCents: 2_940_000,
          mortgageRate: 6.4,
          appreciationRate: 3.8,
        })),
      );
      await tx.insert(homeTerms).values(ids.map(({ home }) => ({ homeId: home, fromMonth: 1, monthlyPaymentCents: MONTHLY_CENTS })));
      await tx.insert(bankAccounts).values(
        ids.map(({ home, account, h }) => ({
          id: account,
          homeId: home,
          holderName: `Bench Owner ${h}`,
          routingNumber: '110000000',
          accountNumberSealed: cipher.encrypt('000123456789', `bank_accounts.account_number:${account}`),
          accountLast4: '6789',
          accountType: 'checking' as const,
          state: 'verified' as const,
          autopay: true,
          autopaySince: since,
          providerCustomerId: `cus_bench${h}`,
          providerSetupId: `seti_bench${h}`,
          providerPaymentMethodId: `pm_bench${h}`,
          authorisationVersion: AUTHORISATION_VERSION,
          authorisationText: text,
          authorisedAt: since,
          sandbox: true,
          verifiedAt: since,
        })),
      );
    });
  }
}

/** The 'Payments webhooks' switch on, written as the settings page stores it. */
export async function paymentsSwitchOn(db: Db): Promise<void> {
  const current = resolveSettings(undefined);
  await db.transaction((tx) => saveSettings(tx, { ...current, featureFlags: { ...current.featureFlags, paymentsWebhooks: true } }, 'bench'));
}

/**
 * A processor that answers every debit at once with 'processing' (no network): the autopay run's own work — reading
 * the homes, their figures, the debit's row and audit entry, the processor's id and the 'processing' step — without
 * the processor's round trip. Nothing else of it is called by the run.
 */
export function instantProcessor(): PaymentProvider {
  const unused = () => Promise.reject(new Error('not used by the autopay run'));
  return {
    sandbox: true,
    instantVerification: false,
    startBankLink: unused,
    bankLinkResult: unused,
    cancelBankLink: unused,
    createCustomer: unused,
    setupBankAccount: unused,
    verifyMicrodeposits: unused,
    detachBankAccount: unused,
    refund: unused,
    debit: async (input) => ({ providerPaymentId: `pi_bench_${input.paymentId.replace(/-/g, '')}`, status: 'processing' }),
    verifyWebhook: () => {
      throw new Error('not used by the autopay run');
    },
  };
}
