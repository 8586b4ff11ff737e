import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { agreementBounds } from '../src/domain/calculators';
import { addDays, todayIso } from '../src/domain/homes/admin-homes';
import { pdfText } from '../src/server/test/pdf-text';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { latestLink, mailsTo } from './support/accounts';
import { approveOverHttp } from './support/homes';
import { APP_URL } from './support/ports';

/**
 * Signing the agreement (docs/decisions/033-signatures.md), with 'E-signatures' on: staff record a purchase, the
 * homeowner (375 px, keyboard only) reads and signs it with a typed signature, staff (1280 px) countersign, both
 * are mailed the sealed PDF, which pdfsig and the public verify page accept — and the first charge is billed only
 * then. This file runs after every other browser test (its own project in playwright.config.ts): the switch is
 * the whole server's.
 */

async function setESign(page: Page, on: boolean) {
  const current = await (await page.request.get('/api/admin/settings')).json();
  const saved = await page.request.put('/api/admin/settings', {
    data: { ...current, featureFlags: { ...current.featureFlags, eSign: on } },
    headers: { origin: APP_URL },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('the homeowner signs by keyboard, staff countersign, the sealed PDF verifies and billing starts after', async ({ page, admin: _admin, applicant }) => {
  test.slow();
  await setESign(page, true);
  try {
    await approveOverHttp(page, applicant.applicationId);
    const start = await (await page.request.get(`/api/admin/applications/${applicant.applicationId}/home`)).json();
    const { max } = agreementBounds({ price: 420_000, downPayment: 29_400, mortgageRate: start.defaults.mortgageRate, appreciationRate: 3.8 });
    const recorded = await page.request.post(`/api/admin/applications/${applicant.applicationId}/home`, {
      data: {
        ...start.defaults,
        priceCents: 42_000_000,
        downPaymentCents: 2_940_000,
        purchaseDate: addDays(todayIso(), -40),
        monthlyPaymentCents: Math.round(max * 100),
      },
      headers: { origin: APP_URL },
    });
    expect(recorded.status(), await recorded.text()).toBe(201);
    const homeId = (await recorded.json()).id as string;
    const ledger = async () => (await (await page.request.get(`/api/admin/homes/${homeId}/ledger`)).json()).entries.length as number;
    expect(await ledger()).toBe(0);

    // The homeowner, on a phone, from the e-mail's link, with the keyboard only.
    const link = await latestLink(page.request, applicant.account.email, '/sign');
    const buyer = applicant.page;
    await buyer.setViewportSize({ width: 375, height: 800 });
    await buyer.goto('/dashboard');
    await expect(buyer.getByText('Your agreement is ready for your signature.')).toBeVisible();
    await buyer.goto(`${link.pathname}${link.search}`);
    await expect(buyer.getByRole('heading', { name: '4. Moving on: the 60-day notice and the three ways out' })).toBeVisible();
    await expect(buyer.getByRole('article')).toContainText('the transfer fee of 2% of your total equity');
    expect(await hasHorizontalScroll(buyer)).toBe(false);
    await expectAccessible(buyer);

    const form = buyer.getByRole('form', { name: 'Sign the document' });
    await form.getByRole('checkbox', { name: 'I agree to receive disclosures and sign documents electronically' }).focus();
    await buyer.keyboard.press('Space');
    await buyer.keyboard.press('Tab');
    await expect(form.getByLabel(/^Initials/)).toBeFocused();
    await buyer.keyboard.type('GB');
    await buyer.keyboard.press('Tab');
    await expect(form.getByLabel(/^Type your full name/)).toBeFocused();
    await buyer.keyboard.type(applicant.name);
    await expect(form.getByLabel(`Signature: ${applicant.name}`)).toBeVisible();
    await buyer.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Sign' })).toBeFocused();
    await buyer.keyboard.press('Enter');
    await expect(buyer.getByText('An earlier signer has not signed yet').or(buyer.getByText('You have already signed this document'))).toBeVisible();
    expect(await ledger()).toBe(0);

    // Staff countersign at 1280 px.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${link.pathname}${link.search}`);
    const staff = page.getByRole('form', { name: 'Sign the document' });
    await staff.getByRole('checkbox', { name: 'I agree to receive disclosures and sign documents electronically' }).check();
    await staff.getByLabel(/^Your title/).fill('Closing officer');
    await staff.getByLabel(/^Type your full name/).fill('Ada Admin');
    await expectAccessible(page);
    const [signed] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/sign') && r.request().method() === 'POST'),
      staff.getByRole('button', { name: 'Sign' }).click(),
    ]);
    expect(signed.status(), await signed.text()).toBe(200);
    await expect(page.getByText('Signed by everyone and sealed by Ownstead.')).toBeVisible();

    // Both are mailed the sealed PDF's link; billing starts. Both go out on the job runner after the reply, queued behind
    // the homeowner's signature's mail to every admin (over a hundred by this point of a full run): the suite's mail wait.
    const queued = { timeout: 30_000 };
    for (const to of [applicant.account.email, _admin.account.email]) {
      await expect.poll(async () => (await mailsTo(page.request, to)).some((m) => m.subject.startsWith('Signed and sealed')), queued).toBe(true);
    }
    await expect.poll(ledger, queued).toBeGreaterThan(0);

    // The homeowner downloads it from the home page; pdfsig and the verify page accept it.
    await buyer.goto('/dashboard/home');
    const [download] = await Promise.all([buyer.waitForEvent('download'), buyer.getByRole('link', { name: /sealed PDF/ }).click()]);
    const file = (await download.path())!;
    expect(pdfText(readFileSync(file))).toContain('Certificate of completion');
    const check = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    expect(check.stdout).toContain('Signature is Valid.');

    await buyer.goto('/verify');
    await buyer
      .getByLabel('The signed PDF (25 MB at most)')
      .setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/pdf', buffer: readFileSync(file) });
    await buyer.getByRole('button', { name: 'Verify' }).click();
    await expect(buyer.getByText('Ownstead sealed this document and it has not changed since.')).toBeVisible();
    expect(await hasHorizontalScroll(buyer)).toBe(false);
    await expectAccessible(buyer);
  } finally {
    await setESign(page, false);
  }
});
