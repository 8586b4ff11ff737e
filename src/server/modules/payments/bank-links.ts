import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { maskAccountNumber } from '../../../domain/payments/aba';
import {
  AUTHORISATION_VERSION,
  authorisationText,
  type BankAccountView,
  type BankLinkStarted,
  type CancelBankLinkInput,
  type CompleteBankLinkInput,
  type StartBankLinkInput,
} from '../../../domain/payments/bank-account';
import { bankAccounts, bankLinks } from '../../platform/db/schema';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/lib/errors';
import { bankAccountExists, bankAccountView, isUniqueViolation, readyToAdd, type PaymentsDeps } from './bank-accounts';
import { ProviderError, type BankLinkResult } from './provider';

/**
 * 'Connect your bank instantly' (docs/decisions/046-instant-bank-verification.md): the homeowner agrees to the ACH
 * debit authorisation on our page (recorded with the link), goes to the processor's hosted page (a Checkout Session
 * in setup mode, Financial Connections), signs in to their bank and picks an account, and comes back. The return is
 * read at the processor, never trusted from the URL: the account is stored `verified` with the authorisation, audited,
 * in one transaction, once per link. The whole account number is never known on this path.
 */

/** Offered where the processor offers it and collects: the bank's NACHA file needs the whole number (docs/decisions/037-autopay-and-ach-files.md). */
export function instantOffered(deps: Pick<PaymentsDeps, 'payments' | 'config'>): boolean {
  return deps.payments.instantVerification && deps.config.PAYMENTS_COLLECTOR === 'processor';
}

/** A bank-collected debit from an account linked instantly: the file has no number to debit. */
export const noNumberForBank = () =>
  new AppError(
    409,
    'bank_account_state',
    'Our bank collects debits from the account number, which a bank linked instantly does not give us: remove this account and add it with its routing and account numbers.',
  );

const unknown = () => new AppError(404, 'bank_link_unknown', 'This bank link is not known: start again from your home page.');

/** Where the processor sends the browser back: the home page, which finishes or reports the link. */
function returnUrls(appUrl: string, linkId: string) {
  const home = `${appUrl.replace(/\/+$/, '')}/dashboard/home`;
  // `{CHECKOUT_SESSION_ID}` is the processor's template: it puts the session's id there.
  return { successUrl: `${home}?bank_link=done&session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${home}?bank_link=cancelled&link=${linkId}` };
}

/** POST /api/me/home/bank-account/instant. */
export async function startBankLink(
  deps: PaymentsDeps & { config: Pick<Config, 'PAYMENTS_COLLECTOR' | 'APP_URL'> },
  actor: AuditActor & { id: string },
  homeId: string,
  input: StartBankLinkInput,
  client: { userAgent: string | null },
): Promise<BankLinkStarted> {
  const { db } = deps;
  if (!instantOffered(deps)) {
    throw new AppError(409, 'instant_unavailable', 'Connecting a bank instantly is not available: enter the account and routing numbers instead.');
  }
  const owner = await readyToAdd(db, homeId, input.authorisationVersion);
  const id = randomUUID();
  const acceptedAt = new Date();
  let session: { customerId: string; sessionId: string; url: string };
  try {
    const { customerId } = await deps.payments.createCustomer({ email: owner.email, name: input.holderName, homeId });
    const started = await deps.payments.startBankLink({ customerId, linkId: id, ...returnUrls(deps.config.APP_URL, id) });
    session = { customerId, ...started };
  } catch (error) {
    if (error instanceof ProviderError && error.status !== null && error.status < 500) {
      throw new AppError(422, 'processor_refused', `The payment processor could not start the bank link: ${error.message}`);
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.insert(bankLinks).values({
      id,
      homeId,
      userId: actor.id,
      providerSessionId: session.sessionId,
      providerCustomerId: session.customerId,
      holderName: input.holderName,
      authorisationVersion: AUTHORISATION_VERSION,
      authorisationText: authorisationText(deps.brand.name),
      authorisedAt: acceptedAt,
      authorisedIp: actor.ip,
      authorisedUserAgent: client.userAgent,
      sandbox: deps.payments.sandbox,
    });
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'payments',
      entityId: homeId,
      changes: {
        bankLink: id,
        state: 'open',
        verification: 'instant',
        authorisationVersion: AUTHORISATION_VERSION,
        authorisedAt: acceptedAt.toISOString(),
        sandbox: deps.payments.sandbox,
      },
    });
  });
  return { id, url: session.url };
}

async function linkOfHome(deps: PaymentsDeps, homeId: string, where: ReturnType<typeof eq>) {
  const [link] = await deps.db.select().from(bankLinks).where(where);
  // Another home's link answers as an unknown one: nothing says it exists.
  if (!link || link.homeId !== homeId) throw unknown();
  return link;
}

const used = (state: string) =>
  state === 'completed'
    ? new AppError(409, 'bank_link_used', 'This bank link was already used: the account it linked is on file.')
    : new AppError(409, 'bank_link_used', 'This bank link was cancelled: start again to connect your bank.');

/** POST /api/me/home/bank-account/instant/complete: the return from the processor's page. */
export async function completeBankLink(
  deps: PaymentsDeps,
  actor: AuditActor & { id: string },
  homeId: string,
  input: CompleteBankLinkInput,
): Promise<BankAccountView> {
  const { db } = deps;
  const link = await linkOfHome(deps, homeId, eq(bankLinks.providerSessionId, input.sessionId));
  if (link.state !== 'open') throw used(link.state);
  let result: BankLinkResult;
  try {
    result = await deps.payments.bankLinkResult(input.sessionId);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) throw unknown();
    throw error;
  }
  if (result.linkId !== link.id || result.customerId !== link.providerCustomerId) throw unknown();
  const account = result.account;
  if (result.status !== 'complete' || !account || !/^\d{9}$/.test(account.routingNumber) || !/^\d{4}$/.test(account.last4)) {
    throw new AppError(
      422,
      'bank_link_unfinished',
      'Your bank was not linked, so nothing was stored. Try again, or enter the account and routing numbers instead.',
    );
  }
  const id = randomUUID();
  const now = new Date();
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(bankAccounts)
        .values({
          id,
          homeId,
          holderName: link.holderName || account.holderName || 'Account holder',
          routingNumber: account.routingNumber,
          accountNumberSealed: null,
          accountLast4: account.last4,
          accountType: account.accountType,
          state: 'verified',
          verification: 'instant',
          providerCustomerId: link.providerCustomerId,
          providerSetupId: account.setupId,
          providerPaymentMethodId: account.paymentMethodId,
          authorisationVersion: link.authorisationVersion,
          authorisationText: link.authorisationText,
          authorisedAt: link.authorisedAt,
          authorisedIp: link.authorisedIp,
          authorisedUserAgent: link.authorisedUserAgent,
          sandbox: link.sandbox,
          createdBy: actor.id,
          verifiedAt: now,
        })
        .returning();
      // Once: a second return of the same link (a replay, two tabs) finds it no longer open and stores nothing.
      const [taken] = await tx
        .update(bankLinks)
        .set({ state: 'completed', bankAccountId: id, finishedAt: now })
        .where(and(eq(bankLinks.id, link.id), eq(bankLinks.state, 'open')))
        .returning({ id: bankLinks.id });
      if (!taken) throw used('completed');
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'payments',
        entityId: homeId,
        changes: {
          bankAccount: id,
          bankLink: link.id,
          account: maskAccountNumber(account.last4),
          accountType: account.accountType,
          verification: 'instant',
          state: 'verified',
          authorisationVersion: link.authorisationVersion,
          authorisedAt: link.authorisedAt.toISOString(),
          sandbox: link.sandbox,
        },
      });
      return inserted!;
    });
    return bankAccountView(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      // The same link finished at once in another request, or another account was added meanwhile.
      const [again] = await db.select({ state: bankLinks.state }).from(bankLinks).where(eq(bankLinks.id, link.id));
      throw again && again.state !== 'open' ? used(again.state) : bankAccountExists();
    }
    throw error;
  }
}

/** POST /api/me/home/bank-account/instant/cancel: back from the processor's page without an account. */
export async function cancelBankLink(deps: PaymentsDeps, actor: AuditActor, homeId: string, input: CancelBankLinkInput): Promise<void> {
  const link = await linkOfHome(deps, homeId, eq(bankLinks.id, input.linkId));
  if (link.state === 'completed') throw used('completed');
  if (link.state === 'cancelled') return;
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(bankLinks)
      .set({ state: 'cancelled', finishedAt: new Date() })
      .where(and(eq(bankLinks.id, link.id), eq(bankLinks.state, 'open')))
      .returning({ id: bankLinks.id });
    if (!row) return false;
    await recordAudit(tx, actor, {
      action: 'cancel',
      entityType: 'payments',
      entityId: homeId,
      changes: { bankLink: link.id, state: { from: 'open', to: 'cancelled' } },
    });
    return true;
  });
  if (!changed) {
    const [again] = await deps.db.select({ state: bankLinks.state }).from(bankLinks).where(eq(bankLinks.id, link.id));
    if (again?.state === 'completed') throw used('completed');
    return;
  }
  // The processor's session is closed too, so the page cannot be finished later; ours is cancelled whatever it answers.
  await deps.payments.cancelBankLink(link.providerSessionId).catch((error: unknown) => {
    deps.logger.warn({ code: error instanceof ProviderError ? error.code : undefined }, 'payments: the processor did not close a cancelled bank link');
  });
}
