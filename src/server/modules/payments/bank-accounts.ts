import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { maskAccountNumber } from '../../../domain/payments/aba';
import {
  AUTHORISATION_VERSION,
  authorisationText,
  MAX_VERIFY_ATTEMPTS,
  type AddBankAccountInput,
  type BankAccountView,
  type VerifyBankAccountInput,
} from '../../../domain/payments/bank-account';
import type { Config } from '../../platform/config';
import type { Db, Executor } from '../../platform/db/client';
import { bankAccounts, homes, users } from '../../platform/db/schema';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { FieldCipher } from '../../platform/lib/crypto';
import { AppError } from '../../platform/lib/errors';
import type { Logger } from '../../platform/lib/logger';
import { getSettings } from '../../platform/settings/settings-store';
import { ProviderError, type PaymentProvider } from './provider';

/**
 * A home's bank account on file (docs/decisions/032-processor-payments.md): added with the ACH debit authorisation
 * the homeowner agreed to (its text and version, when, IP, user agent), verified by two
 * micro-deposits typed back (three tries, then staff), removable at any time. The account number
 * is sealed at rest and shown, logged and audited only as `•••• 6789`.
 */

export interface PaymentsDeps {
  db: Db;
  cipher: FieldCipher;
  payments: PaymentProvider;
  logger: Logger;
  brand: { name: string };
  /** Who collects the debits (docs/decisions/037-autopay-and-ach-files.md). */
  config: Pick<Config, 'PAYMENTS_COLLECTOR'>;
}

export type BankAccountRow = typeof bankAccounts.$inferSelect;

const sealContext = (id: string) => `bank_accounts.account_number:${id}`;

/** The `paymentsWebhooks` switch: off, the capability's routes refuse with this. */
export async function assertPaymentsOn(db: Db): Promise<void> {
  const settings = await getSettings(db);
  if (!settings.featureFlags.paymentsWebhooks) {
    throw new AppError(409, 'payments_off', 'Paying by bank debit is not available right now. Please pay by bank transfer: the details are on your home page.');
  }
}

export const noHome = () => new AppError(404, 'no_home', 'You do not have a home with us yet.');

export function bankAccountView(row: BankAccountRow): BankAccountView {
  return {
    id: row.id,
    holderName: row.holderName,
    accountMasked: maskAccountNumber(row.accountLast4),
    routingNumber: row.routingNumber,
    accountType: row.accountType,
    state: row.state,
    verification: row.verification,
    attemptsLeft: Math.max(0, MAX_VERIFY_ATTEMPTS - row.verifyAttempts),
    authorisedAt: row.authorisedAt.toISOString(),
    authorisationVersion: row.authorisationVersion,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    sandbox: row.sandbox,
  };
}

/** The home's account on file (not removed), if any. */
export async function currentBankAccount(db: Executor, homeId: string): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.homeId, homeId), ne(bankAccounts.state, 'removed')))
    .orderBy(desc(bankAccounts.createdAt))
    .limit(1);
  return row;
}

/** PostgreSQL's unique_violation, through drizzle's wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

export const bankAccountExists = () =>
  new AppError(409, 'bank_account_exists', 'This home already has a bank account on file: remove it first to add another.');

/**
 * What every way of adding an account checks first: the authorisation the page showed is the current one, and the
 * home has no account on file. Answers the homeowner's e-mail, for the processor's customer.
 */
export async function readyToAdd(db: Db, homeId: string, authorisationVersion: string): Promise<{ email: string }> {
  if (authorisationVersion !== AUTHORISATION_VERSION) {
    throw new AppError(400, 'validation_failed', 'The authorisation has changed: reload the page, read it and accept it again.', {
      agreed: 'The authorisation has changed since the page was opened: reload the page.',
    });
  }
  if (await currentBankAccount(db, homeId)) throw bankAccountExists();
  const [owner] = await db.select({ email: users.email }).from(homes).innerJoin(users, eq(users.id, homes.userId)).where(eq(homes.id, homeId));
  if (!owner) throw noHome();
  return owner;
}

const refused = (error: ProviderError) =>
  new AppError(422, 'processor_refused', `The payment processor refused this account: ${error.message}`, {
    accountNumber: 'Check the routing and account numbers, or use another account.',
  });

/** POST /api/me/home/bank-account. */
export async function addBankAccount(
  deps: PaymentsDeps,
  actor: AuditActor & { id: string },
  homeId: string,
  input: AddBankAccountInput,
  client: { userAgent: string | null },
): Promise<BankAccountView> {
  const { db } = deps;
  const owner = await readyToAdd(db, homeId, input.authorisationVersion);
  const acceptedAt = new Date();
  const text = authorisationText(deps.brand.name);
  let setup: { customerId: string; setupId: string; paymentMethodId: string };
  try {
    const { customerId } = await deps.payments.createCustomer({ email: owner.email, name: input.holderName, homeId });
    const result = await deps.payments.setupBankAccount({
      customerId,
      holderName: input.holderName,
      routingNumber: input.routingNumber,
      accountNumber: input.accountNumber,
      accountType: input.accountType,
      mandate: { ip: actor.ip, userAgent: client.userAgent, acceptedAt },
    });
    setup = { customerId, setupId: result.setupId, paymentMethodId: result.paymentMethodId };
  } catch (error) {
    if (error instanceof ProviderError && error.status !== null && error.status < 500) throw refused(error);
    throw error;
  }
  const id = randomUUID();
  const last4 = input.accountNumber.slice(-4);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(bankAccounts)
        .values({
          id,
          homeId,
          holderName: input.holderName,
          routingNumber: input.routingNumber,
          accountNumberSealed: deps.cipher.encrypt(input.accountNumber, sealContext(id)),
          accountLast4: last4,
          accountType: input.accountType,
          providerCustomerId: setup.customerId,
          providerSetupId: setup.setupId,
          providerPaymentMethodId: setup.paymentMethodId,
          authorisationVersion: AUTHORISATION_VERSION,
          authorisationText: text,
          authorisedAt: acceptedAt,
          authorisedIp: actor.ip,
          authorisedUserAgent: client.userAgent,
          sandbox: deps.payments.sandbox,
          createdBy: actor.id,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'payments',
        entityId: homeId,
        changes: {
          bankAccount: id,
          account: maskAccountNumber(last4),
          accountType: input.accountType,
          authorisationVersion: AUTHORISATION_VERSION,
          authorisedAt: acceptedAt.toISOString(),
          sandbox: deps.payments.sandbox,
        },
      });
      return inserted!;
    });
    return bankAccountView(row);
  } catch (error) {
    // Two adds at once: the second meets the one-account-per-home index.
    if (isUniqueViolation(error)) throw bankAccountExists();
    throw error;
  }
}

/**
 * POST /api/me/home/bank-account/verify: the two micro-deposits typed back. A try is taken before
 * the provider is asked, so two at once cannot pass the limit; the third wrong answer locks the
 * account until staff help.
 */
export async function verifyBankAccount(deps: PaymentsDeps, actor: AuditActor, homeId: string, input: VerifyBankAccountInput): Promise<BankAccountView> {
  const { db } = deps;
  const account = await currentBankAccount(db, homeId);
  if (!account) throw new AppError(404, 'no_bank_account', 'There is no bank account on file to verify.');
  if (account.state === 'verified') return bankAccountView(account);
  if (account.state === 'locked') throw locked();
  const [taken] = await db
    .update(bankAccounts)
    .set({ verifyAttempts: sql`${bankAccounts.verifyAttempts} + 1` })
    .where(and(eq(bankAccounts.id, account.id), eq(bankAccounts.state, 'unverified'), sql`${bankAccounts.verifyAttempts} < ${MAX_VERIFY_ATTEMPTS}`))
    .returning({ attempts: bankAccounts.verifyAttempts });
  if (!taken) throw locked();
  let result: Awaited<ReturnType<PaymentProvider['verifyMicrodeposits']>>;
  try {
    result = await deps.payments.verifyMicrodeposits(account.providerSetupId, [input.firstCents, input.secondCents]);
  } catch (error) {
    // Not an answer about the amounts: the try is given back.
    await db
      .update(bankAccounts)
      .set({ verifyAttempts: sql`${bankAccounts.verifyAttempts} - 1` })
      .where(eq(bankAccounts.id, account.id));
    throw error;
  }
  if (result.ok) {
    const row = await db.transaction(async (tx) => {
      const [row] = await tx.update(bankAccounts).set({ state: 'verified', verifiedAt: new Date() }).where(eq(bankAccounts.id, account.id)).returning();
      await recordAudit(tx, actor, {
        action: 'verify',
        entityType: 'payments',
        entityId: homeId,
        changes: { bankAccount: account.id, state: { from: 'unverified', to: 'verified' } },
      });
      return row!;
    });
    return bankAccountView(row);
  }
  const left = MAX_VERIFY_ATTEMPTS - taken.attempts;
  if (left <= 0 || result.reason === 'attempts_exceeded') {
    await db.transaction(async (tx) => {
      await tx.update(bankAccounts).set({ state: 'locked' }).where(eq(bankAccounts.id, account.id));
      await recordAudit(tx, actor, {
        action: 'verify',
        entityType: 'payments',
        entityId: homeId,
        changes: { bankAccount: account.id, state: { from: 'unverified', to: 'locked' } },
      });
    });
    throw locked();
  }
  throw new AppError(422, 'microdeposits_mismatch', `These amounts do not match the two deposits. ${left === 1 ? 'One try' : `${left} tries`} left.`, {
    firstCents: `These amounts do not match the two deposits: ${left === 1 ? 'one try' : `${left} tries`} left.`,
  });
}

const locked = () =>
  new AppError(
    409,
    'verification_locked',
    'Three wrong answers: this account is locked for your safety. Contact us and we will help you verify it, or remove it and add another.',
  );

/** POST /api/me/home/bank-account/remove: any time; kept for the record, detached at the provider. */
export async function removeBankAccount(deps: PaymentsDeps, actor: AuditActor, homeId: string): Promise<void> {
  const account = await deps.db.transaction(async (tx) => {
    const account = await currentBankAccount(tx, homeId);
    if (!account) throw new AppError(404, 'no_bank_account', 'There is no bank account on file.');
    await tx.update(bankAccounts).set({ state: 'removed', removedAt: new Date(), autopay: false }).where(eq(bankAccounts.id, account.id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'payments',
      entityId: homeId,
      changes: { bankAccount: account.id, account: maskAccountNumber(account.accountLast4), state: { from: account.state, to: 'removed' } },
    });
    return account;
  });
  // The provider forgets it too; our record stays removed whatever it answers.
  await deps.payments.detachBankAccount(account.providerPaymentMethodId).catch((error: unknown) => {
    deps.logger.warn({ code: error instanceof ProviderError ? error.code : undefined }, 'payments: the processor did not detach a removed bank account');
  });
}
