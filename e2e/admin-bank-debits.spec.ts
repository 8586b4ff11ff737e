import type { Page } from '@playwright/test';
import { formatCents } from '../src/domain/format';
import { AUTHORISATION_VERSION } from '../src/domain/payments/bank-account';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { mailsTo, signInOverHttp } from './support/accounts';
import { BANK_DEBIT_HOMEOWNERS } from './support/bank-debits';
import { APP_URL } from './support/ports';

/**
 * 'Bank debits' on /admin/payments (docs/decisions/038-staff-processor-payments.md), through the stand-in processor
 * the server starts: a homeowner's debit fails (insufficient funds) and another succeeds; staff see the failed one
 * with its reason and retry it, then refund part of the succeeded one, each through its confirmation; the refund
 * reaches the ledger when the processor confirms it. At 375 and 1280 px, with axe. Refusals are tested on the
 * server (src/server/routes/admin/processor-payments.test.ts).
 */

const FAILED_CENTS = 10_000;
const PAID_CENTS = 15_000;
const REFUND_CENTS = 5_000;

const post = (page: Page, path: string, body: unknown) => page.request.post(path, { data: body, headers: { origin: APP_URL } });

/** With the homeowner's page: a verified account `accountNumber` on file (the one before removed), a debit now, until it is `state`. */
async function debitOverHttp(page: Page, accountNumber: string, amountCents: number, state: 'failed' | 'succeeded') {
  const overview = await (await page.request.get('/api/me/home/payments')).json();
  if (overview.bankAccount) expect((await post(page, '/api/me/home/bank-account/remove', {})).status()).toBe(200);
  const account = {
    holderName: 'Debit Tester',
    routingNumber: '110000000',
    accountNumber,
    accountType: 'checking',
    authorisationVersion: AUTHORISATION_VERSION,
  };
  const added = await post(page, '/api/me/home/bank-account', { ...account, agreed: true });
  expect(added.status(), await added.text()).toBe(201);
  expect((await post(page, '/api/me/home/bank-account/verify', { firstCents: 32, secondCents: 45 })).status()).toBe(200);
  const paid = await post(page, '/api/me/home/payments', { amountCents, idempotencyKey: `e2e-${crypto.randomUUID()}` });
  expect(paid.status(), await paid.text()).toBe(201);
  const { id } = await paid.json();
  const stateOf = async () => (await (await page.request.get('/api/me/home/payments')).json()).payments.find((p: { id: string }) => p.id === id)?.state;
  await expect.poll(stateOf, { timeout: 20_000 }).toBe(state);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

for (const [viewport, width] of [
  ['mobile', 375],
  ['desktop', 1280],
] as const) {
  test(`staff retry a failed bank debit and refund a succeeded one (${width} px)`, async ({ page, admin: _admin, openBrowser }) => {
    test.slow();
    const homeowner = BANK_DEBIT_HOMEOWNERS[viewport];
    const owner = await openBrowser();
    await signInOverHttp(owner, homeowner);
    // Stripe's test accounts: 000222222227 fails for insufficient funds, 000123456789 succeeds.
    await debitOverHttp(owner, '000222222227', FAILED_CENTS, 'failed');
    await debitOverHttp(owner, '000123456789', PAID_CENTS, 'succeeded');

    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/payments');
    const debits = page.getByRole('region', { name: 'Bank debits' });
    await expect(debits.getByRole('tab', { name: 'Failed' })).toHaveAttribute('aria-selected', 'true');
    const failedRow = debits
      .getByRole('row')
      .filter({ hasText: homeowner.address })
      .filter({ hasText: formatCents(FAILED_CENTS) });
    await expect(failedRow).toContainText('Your bank said there was not enough money in the account.');
    await expect(failedRow).toContainText('•••• 2227');
    await expectAccessible(page);

    await failedRow.getByRole('button', { name: `Retry the debit of ${formatCents(FAILED_CENTS)} for ${homeowner.address}` }).click();
    const retry = page.getByRole('dialog', { name: `Retry the debit of ${formatCents(FAILED_CENTS)} for ${homeowner.address}?` });
    await expect(retry).toContainText('goes to the processor now');
    await expectAccessible(page);
    await retry.getByRole('button', { name: 'Retry the debit' }).click();
    await expect(toast(page, 'Debit sent again')).toBeVisible({ timeout: 20_000 });
    await expect(failedRow).toContainText('Retried');

    await debits.getByRole('tab', { name: 'Succeeded' }).click();
    const paidRow = debits
      .getByRole('row')
      .filter({ hasText: homeowner.address })
      .filter({ hasText: formatCents(PAID_CENTS) })
      .first();
    await paidRow.getByRole('button', { name: `Refund the debit of ${formatCents(PAID_CENTS)} for ${homeowner.address}` }).click();
    const form = page.getByRole('dialog', { name: 'Refund through the processor' });
    await expect(form.getByLabel('Amount')).toHaveValue('150.00');
    await form.getByLabel('Amount').fill('150.01');
    await form.getByLabel('Reason').fill('Paid twice this month.');
    await form.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: `Refund $150.01 to ${homeowner.firstName} Payer?` });
    await confirm.getByRole('button', { name: 'Refund $150.01' }).click();
    // Above what was paid: back to the form, the server's words under the amount.
    await expect(form.getByText(/You can refund at most \$150/)).toBeVisible({ timeout: 20_000 });
    await form.getByLabel('Amount').fill('50');
    await form.getByRole('button', { name: 'Continue' }).click();
    const confirmFifty = page.getByRole('dialog', { name: `Refund ${formatCents(REFUND_CENTS)} to ${homeowner.firstName} Payer?` });
    await expect(confirmFifty).toContainText('It cannot be undone.');
    await expectAccessible(page);
    await confirmFifty.getByRole('button', { name: `Refund ${formatCents(REFUND_CENTS)}` }).click();
    await expect(toast(page, 'Refund asked')).toBeVisible({ timeout: 20_000 });
    // Pending, then refunded once the processor confirms it: the page follows it by itself.
    await expect(paidRow).toContainText(`${formatCents(REFUND_CENTS)} refunded`, { timeout: 20_000 });
    expect(await hasHorizontalScroll(page)).toBe(false);

    await debits.getByRole('tab', { name: 'Bank accounts' }).click();
    const accountRow = debits.getByRole('row').filter({ hasText: homeowner.address });
    await expect(accountRow).toContainText('•••• 6789');
    await expect(accountRow.getByRole('cell', { name: 'Micro-deposits', exact: true })).toBeVisible();
    await expectAccessible(page);
    await expect
      .poll(async () => (await mailsTo(page.request, homeowner.email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toContain(`Sandbox: Refund sent: ${formatCents(REFUND_CENTS)}`);
  });
}
