import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { signInOverHttp } from './support/accounts';
import { INSTANT_HOMEOWNERS } from './support/payments';

/**
 * 'Connect your bank instantly' (docs/decisions/046-instant-bank-verification.md) through the stand-in processor's
 * hosted Sandbox bank page, at 375 and 1280 px: the homeowner picks the instant way, agrees to the ACH
 * authorisation, goes to the Sandbox bank (and back with the browser's button: nothing stored), links an account,
 * comes back to the home page with it verified, and turns autopay on. Refusals, replays and the bank collector are
 * tested on the server (src/server/routes/bank-links.test.ts).
 */

for (const [viewport, width] of [
  ['mobile', 375],
  ['desktop', 1280],
] as const) {
  test(`a homeowner links a bank account instantly and turns autopay on (${width} px)`, async ({ page }) => {
    test.slow();
    const homeowner = INSTANT_HOMEOWNERS[viewport];
    await page.setViewportSize({ width, height: 900 });
    await signInOverHttp(page, homeowner);
    await page.goto('/dashboard/home');
    const section = page.getByRole('region', { name: 'Pay by bank debit' });
    await expect(section.getByText('Sandbox', { exact: true }).first()).toBeVisible();

    const instant = section.getByRole('radio', { name: /Connect your bank instantly/ });
    await expect(instant).toBeChecked();
    const form = section.getByRole('form', { name: 'Connect your bank instantly' });
    await expect(form).toContainText('ACH debit authorisation');
    await expectAccessible(page);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Not agreed, no name: each error under its field, nothing sent.
    await form.getByRole('button', { name: 'Continue to your bank' }).click();
    const agree = form.getByRole('checkbox', { name: /I have read and agree to this authorisation/ });
    await expect(agree).toHaveAccessibleDescription('Tick the box to authorise the debits.');
    await expect(form.getByLabel('Account holder name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/dashboard\/home$/);

    // By keyboard: the name, the box, then Continue.
    await form.getByLabel('Account holder name').fill(`${homeowner.firstName} Payer`);
    await agree.focus();
    await page.keyboard.press('Space');
    await expect(agree).toBeChecked();
    await form.getByRole('button', { name: 'Continue to your bank' }).press('Enter');

    // The Sandbox bank: the stand-in's own page, on its own origin.
    await expect(page.getByRole('heading', { name: 'Sandbox bank — choose a test account to link' })).toBeVisible();
    expect(new URL(page.url()).origin).not.toBe(new URL(test.info().project.use.baseURL!).origin);
    await expectAccessible(page);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The back button: home again, nothing stored, the choice offered again.
    await page.goBack();
    await expect(section.getByRole('radio', { name: /Connect your bank instantly/ })).toBeVisible();
    await expect(section.getByText('Verified', { exact: true })).toHaveCount(0);
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Sandbox bank — choose a test account to link' })).toBeVisible();

    // The account the bank refuses: said next to the accounts, still on the bank's page.
    await page.getByRole('radio', { name: /Failure/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your bank refused to link this account. Choose another, or cancel.');
    await expectAccessible(page);

    await page.getByRole('radio', { name: /Checking •••• 6789/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back home: verified at once, the query gone from the address.
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(section.getByRole('status').filter({ hasText: 'Bank account linked and verified: •••• 6789' })).toBeVisible();
    await expect(section.getByText('Verified', { exact: true })).toBeVisible();
    await expect(section).toContainText('Linked instantly through your bank');
    await expect(section).toContainText(`${homeowner.firstName} Payer · Checking •••• 6789`);
    await expectAccessible(page);
    expect(await hasHorizontalScroll(page)).toBe(false);

    const autopay = section.getByRole('switch', { name: 'Autopay' });
    await expect(autopay).toHaveAttribute('aria-checked', 'false');
    await autopay.click();
    await expect(autopay).toHaveAttribute('aria-checked', 'true');
    await expect(section.getByRole('form', { name: 'Pay now' })).toBeVisible();

    // A reload does not send the return again; the account stays.
    await page.reload();
    await expect(section.getByText('Verified', { exact: true })).toBeVisible();
    await expect(section.getByRole('status').filter({ hasText: 'linked and verified' })).toHaveCount(0);
  });
}
