import type { Page } from '@playwright/test';
import { ledgerToday } from '../src/domain/homes/dates';
import { addDays } from '../src/domain/ledger';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { mailsTo, signInOverHttp } from './support/accounts';
import { SIGNING_HOMEOWNER } from './support/exit-quotes';
import { APP_URL } from './support/ports';

/**
 * An exit quote's acceptance signed (docs/decisions/043-signed-exit-quotes.md), with 'E-signatures' on: the homeowner
 * seeded with a fresh appraisal (e2e/support/seed-exit-quotes.ts) gets a cash-out quote at once, accepts it with a
 * move date, is told it waits for their signature, reads the accepted quote in full and signs it with the keyboard
 * only and a typed signature; then the quote is accepted and staff see it with its date. At 375 and 1280 px, axe on
 * each screen. Runs in the 'signatures' project (after every other browser test): the switch is the whole server's.
 */

const headers = { origin: APP_URL };

async function setESign(page: Page, on: boolean) {
  const current = await (await page.request.get('/api/admin/settings')).json();
  const saved = await page.request.put('/api/admin/settings', { data: { ...current, featureFlags: { ...current.featureFlags, eSign: on } }, headers });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('the homeowner signs the acceptance of an exit quote by keyboard; then it is accepted', async ({ page, admin: _admin, openBrowser }) => {
  // Two viewports, a signature and axe on five screens: longer than the default on a busy machine.
  test.setTimeout(180_000);
  await setESign(page, true);
  try {
    const home = await openBrowser({ viewport: { width: 375, height: 800 } });
    await signInOverHttp(home, SIGNING_HOMEOWNER);
    await home.goto('/dashboard/home');
    const ways = home.getByRole('region', { name: 'What would I get?' });
    await ways.getByRole('button', { name: 'Get a quote: Cash out' }).click();
    await expect(home).toHaveURL(/\/dashboard\/home\/quotes\/[0-9a-f-]{36}$/);
    const quoteUrl = home.url();
    const moveDate = addDays(ledgerToday(), 70);
    const accept = home.getByRole('form', { name: 'Accept this quote' });
    await expect(accept).toContainText('You then sign your acceptance');
    await accept.getByLabel('Move date').fill(moveDate);
    await accept.getByRole('checkbox').check();
    await accept.getByRole('button', { name: 'Accept and sign' }).click();

    // Not accepted yet: it waits for the signature, with the way to sign it.
    await expect(home.getByText('Waiting for your signature', { exact: true })).toBeVisible();
    await expect(home.getByText(/You accepted this quote\. Your move date/)).toHaveCount(0);
    await expect(home.getByRole('form', { name: 'Accept this quote' })).toHaveCount(0);
    expect(await hasHorizontalScroll(home)).toBe(false);
    await expectAccessible(home);
    await expect
      .poll(async () => (await mailsTo(page.request, SIGNING_HOMEOWNER.email)).some((m) => m.subject.startsWith('Please sign: Exit quote')))
      .toBe(true);

    // The accepted quote in full, signed with the keyboard only.
    await home.getByRole('link', { name: 'Review and sign' }).click();
    await expect(home.getByRole('heading', { name: 'My acceptance' })).toBeVisible();
    await expect(home.getByRole('article')).toContainText('Sale and transfer costs');
    expect(await hasHorizontalScroll(home)).toBe(false);
    await expectAccessible(home);
    const form = home.getByRole('form', { name: 'Sign the document' });
    await form.getByRole('checkbox', { name: 'I agree to receive disclosures and sign documents electronically' }).focus();
    await home.keyboard.press('Space');
    await home.keyboard.press('Tab');
    await expect(form.getByLabel(/^Initials: I accept this quote/)).toBeFocused();
    await home.keyboard.type('TH');
    await home.keyboard.press('Tab');
    await expect(form.getByLabel(/^Type your full name/)).toBeFocused();
    await home.keyboard.type('Tove Home');
    await expect(form.getByLabel('Signature: Tove Home')).toBeVisible();
    await home.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Sign' })).toBeFocused();
    await home.keyboard.press('Enter');
    await expect(home.getByText('Signed by everyone and sealed by Ownstead.')).toBeVisible();

    // Now it is accepted: at 375 and 1280 px.
    await home.goto(quoteUrl);
    await expect(home.getByText(/You accepted this quote\. Your move date is/)).toBeVisible();
    await expect(home.getByText('Waiting for your signature', { exact: true })).toHaveCount(0);
    await expectAccessible(home);
    await home.setViewportSize({ width: 1280, height: 900 });
    await expect(home.getByRole('form', { name: 'Withdraw' })).toBeVisible();
    await expectAccessible(home);

    // Staff see it accepted with its date; the sealed acceptance is the home's document.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/homes');
    await page.getByRole('searchbox', { name: 'Search homes' }).fill(SIGNING_HOMEOWNER.email);
    await page.getByRole('button', { name: /Open the home at 3 Orchard Row/ }).click();
    const quotes = page.getByRole('dialog').getByRole('region', { name: 'Exit quotes' });
    await expect(quotes).toContainText('Cash out — accepted');
    await expectAccessible(page);
  } finally {
    await setESign(page, false);
  }
});
