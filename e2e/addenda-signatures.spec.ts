import type { Page } from '@playwright/test';
import { agreementBounds } from '../src/domain/calculators';
import { formatMoneyCents } from '../src/domain/format';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { recordHomeOverHttp } from './support/homes';
import { APP_URL } from './support/ports';

/**
 * A payment change signed as an addendum (docs/decisions/039-addenda-and-envelopes.md), with 'E-signatures' on: the
 * homeowner's lower payment is approved, the homeowner (375 px) reads the addendum and signs it with a drawn
 * signature, staff (1280 px) find it on the back office's Signatures screen and countersign it, and only then is the
 * new payment the homeowner's. Runs in the 'signatures' project (after every other browser test): the switch is the
 * whole server's.
 */

const headers = { origin: APP_URL };

async function setESign(page: Page, on: boolean) {
  const current = await (await page.request.get('/api/admin/settings')).json();
  const saved = await page.request.put('/api/admin/settings', { data: { ...current, featureFlags: { ...current.featureFlags, eSign: on } }, headers });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('the homeowner signs a payment-change addendum, staff countersign, the new payment applies', async ({ page, admin: _admin, applicant }) => {
  // Two signers, two viewports and axe on four screens: longer than the default on a busy machine.
  test.setTimeout(180_000);
  const homeId = await recordHomeOverHttp(page, applicant.applicationId);
  await setESign(page, true);
  try {
    const home = await (await page.request.get(`/api/admin/homes/${homeId}`)).json();
    const { max, step } = agreementBounds({ price: 420_000, downPayment: 29_400, mortgageRate: home.mortgageRate, appreciationRate: 3.8 });
    const lowerCents = Math.round((max - 3 * step) * 100);
    const buyer = applicant.page;
    const asked = await buyer.request.post('/api/me/home/payment-changes', { data: { monthlyPaymentCents: lowerCents }, headers });
    expect(asked.status(), await asked.text()).toBe(201);
    const changeId = (await asked.json()).id as string;
    const approved = await page.request.post(`/api/admin/payment-changes/${changeId}/approve`, { data: {}, headers });
    expect((await approved.json()).state).toBe('signing');
    const [envelope] = (await (await page.request.get(`/api/admin/envelopes?subjectId=${changeId}`)).json()).envelopes;

    // The homeowner, on a phone: the dashboard says what waits; the addendum in full; a drawn signature.
    await buyer.setViewportSize({ width: 375, height: 800 });
    await buyer.goto('/dashboard');
    await expect(buyer.getByText('We approved your new monthly payment: sign the addendum')).toBeVisible();
    await buyer.getByRole('link', { name: 'Review and sign' }).click();
    await expect(buyer.getByRole('heading', { name: 'What changes' })).toBeVisible();
    await expect(buyer.getByRole('article')).toContainText('applies from the first month billed after both parties have signed');
    const form = buyer.getByRole('form', { name: 'Sign the document' });
    await form.getByRole('checkbox', { name: 'I agree to receive disclosures and sign documents electronically' }).check();
    await form.getByLabel(/^Initials/).fill('HO');
    await form.getByRole('radio', { name: 'Draw it' }).check();
    await form.getByLabel(/^Your full name/).fill(applicant.name);
    const pad = form.getByRole('img', { name: 'Signature drawing area' });
    // The mouse works in the viewport's coordinates: the pad is scrolled into view first.
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await buyer.mouse.move(box.x + 20, box.y + box.height / 2);
    await buyer.mouse.down();
    for (let i = 1; i <= 12; i++) await buyer.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -15 : 15));
    await buyer.mouse.up();
    expect(await hasHorizontalScroll(buyer)).toBe(false);
    await expectAccessible(buyer);
    const [signed] = await Promise.all([
      buyer.waitForResponse((r) => r.url().includes('/sign') && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Sign' }).click(),
    ]);
    expect(signed.status(), await signed.text()).toBe(200);
    await expect(buyer.getByText('You have already signed this document')).toBeVisible();
    const before = await (await page.request.get(`/api/admin/homes/${homeId}`)).json();
    expect(before.terms.map((t: { monthlyPaymentCents: number }) => t.monthlyPaymentCents)).not.toContain(lowerCents);

    // Staff, on the Signatures screen at 375 and 1280 px: whose turn, then countersign.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/signatures');
    await expect(page.getByRole('heading', { level: 1, name: 'Signatures' })).toBeVisible();
    const link = page.locator(`a[href="/sign?envelope=${envelope.id}"]`);
    await expect(link).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(page);
    await link.click();
    const staff = page.getByRole('form', { name: 'Sign the document' });
    await staff.getByRole('checkbox', { name: 'I agree to receive disclosures and sign documents electronically' }).check();
    await staff.getByLabel(/^Your title/).fill('Servicing');
    await staff.getByLabel(/^Type your full name/).fill('Ada Admin');
    await expectAccessible(page);
    const [countersigned] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/sign') && r.request().method() === 'POST'),
      staff.getByRole('button', { name: 'Sign' }).click(),
    ]);
    expect(countersigned.status(), await countersigned.text()).toBe(200);
    await expect(page.getByText('Signed by everyone and sealed by Ownstead.')).toBeVisible();

    // Now the new payment is the homeowner's.
    await buyer.goto('/dashboard/payment');
    await expect(buyer.getByText(`Your monthly payment is ${formatMoneyCents(lowerCents / 100)}`)).toBeVisible();
    await expectAccessible(buyer);
  } finally {
    await setESign(page, false);
  }
});
