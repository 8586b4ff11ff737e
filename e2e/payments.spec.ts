import { formatMoneyCents } from '../src/domain/format';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { mailsTo, signInOverHttp } from './support/accounts';
import { PAYMENTS_HOMEOWNERS } from './support/payments';

/**
 * Paying by bank debit (docs/decisions/032-processor-payments.md) through the stand-in
 * processor the server starts (Sandbox): a homeowner seeded before the server started (e2e/support/seed-payments.ts)
 * adds a bank account under the ACH authorisation, confirms the two micro-deposits, pays now and watches the
 * payment reach 'Succeeded' and the ledger, at 375 and at 1280 px. Refusals and event order are tested on the
 * server (src/server/routes/payments.test.ts).
 */

const AMOUNT_CENTS = 12_345;

for (const [viewport, width] of [
  ['mobile', 375],
  ['desktop', 1280],
] as const) {
  test(`a homeowner adds a bank account, verifies it and pays now (${width} px)`, async ({ page }) => {
    test.slow();
    const homeowner = PAYMENTS_HOMEOWNERS[viewport];
    await page.setViewportSize({ width, height: 900 });
    await signInOverHttp(page, homeowner);
    await page.goto('/dashboard/home');
    const section = page.getByRole('region', { name: 'Pay by bank debit' });
    await expect(section.getByText('Sandbox', { exact: true }).first()).toBeVisible();

    // The numbers' way (docs/decisions/046-instant-bank-verification.md offers the instant one first).
    await section.getByRole('radio', { name: /Enter account and routing numbers/ }).check();
    const form = section.getByRole('form', { name: 'Add a bank account' });
    await form.getByLabel('Account holder name').fill(`${homeowner.firstName} Payer`);
    await form.getByLabel('Routing number').fill('110000000');
    await form.getByLabel('Account number').fill('000123456789');
    await expect(form).toContainText('ACH debit authorisation');
    await expectAccessible(page);
    // Not agreed yet: the box is named under it, nothing is sent.
    await form.getByRole('button', { name: 'Add bank account' }).click();
    const agree = form.getByRole('checkbox', { name: /I have read and agree to this authorisation/ });
    await expect(agree).toHaveAccessibleDescription('Tick the box to authorise the debits.');
    await agree.check();
    await form.getByRole('button', { name: 'Add bank account' }).click();

    const verify = section.getByRole('form', { name: 'Confirm the two deposits' });
    await expect(verify).toContainText('•••• 6789');
    await verify.getByLabel('First deposit (cents)').fill('32');
    await verify.getByLabel('Second deposit (cents)').fill('45');
    await verify.getByRole('button', { name: 'Verify account' }).click();
    await expect(section.getByText('Verified', { exact: true })).toBeVisible();

    const pay = section.getByRole('form', { name: 'Pay now' });
    await pay.getByLabel('Amount ($)').fill((AMOUNT_CENTS / 100).toFixed(2));
    await pay.getByRole('button', { name: 'Pay now' }).dblclick();
    const payments = section.getByRole('list', { name: 'Your bank payments, newest first' });
    // A double click is one payment.
    await expect(payments.getByRole('listitem').filter({ hasText: formatMoneyCents(AMOUNT_CENTS / 100) })).toHaveCount(1);
    const timeline = payments.getByRole('list', { name: 'Timeline' }).first();
    await expect(timeline).toContainText('Processing');
    await expect(timeline).toContainText('Succeeded', { timeout: 15_000 });
    // The ledger has it: the home page's money received (a table on a desktop, a list on a phone).
    const received = page.getByRole(viewport === 'mobile' ? 'list' : 'table', { name: /Payments received, refunds and returned payments/ });
    await expect(received).toContainText(formatMoneyCents(AMOUNT_CENTS / 100));
    await expect(received).toContainText(/pi_/);
    await expectAccessible(page);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expect
      .poll(async () => (await mailsTo(page.request, homeowner.email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toContain(`Sandbox: Payment received: ${formatMoneyCents(AMOUNT_CENTS / 100)}`);

    // Autopay (docs/decisions/037-autopay-and-ach-files.md): on from the verified account, with the next debit's day.
    const autopay = section.getByRole('switch', { name: 'Autopay' });
    await expect(autopay).toHaveAttribute('aria-checked', 'false');
    await autopay.click();
    await expect(autopay).toHaveAttribute('aria-checked', 'true');
    await expect(autopay).toHaveAccessibleDescription(/^On\. Next debit: \$[\d,.]+ on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expectAccessible(page);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // Staff see it on /admin/payments (the state per home, never the whole account number): the server tests
    // (src/server/routes/autopay.test.ts) read GET /api/admin/payments/autopay.
  });
}
