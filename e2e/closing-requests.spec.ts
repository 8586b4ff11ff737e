import type { Page } from '@playwright/test';
import { addDays } from '../src/domain/ledger/dates';
import { ledgerToday } from '../src/domain/homes/dates';
import { formatDate } from '../src/domain/format';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { SAMPLE_PDF } from './support/application';
import { approveOverHttp } from './support/homes';
import { APP_URL } from './support/ports';

const headers = { origin: APP_URL };

/** Axe and no sideways scroll, once the toasts are gone. */
async function checkScreen(page: Page, what: string) {
  await page.mouse.move(0, 0);
  await waitForToastsToGo(page);
  expect(await hasHorizontalScroll(page), `sideways scroll: ${what}`).toBe(false);
  await expectAccessible(page);
}

/** POST/PATCH over HTTP as the page's session, expecting `status`; the reply's JSON. */
async function call(page: Page, method: 'post' | 'patch', path: string, data: unknown, status = 200) {
  const reply = await page.request[method](path, { data, headers });
  expect(reply.status(), `${method} ${path}: ${await reply.text()}`).toBe(status);
  return (await reply.json()) as Record<string, unknown>;
}

/**
 * The review loop at the closing (docs/decisions/042-closing.md, docs/product/dashboard.md#closing): with the
 * buyer approved and their offer accepted (over HTTP, as buying.spec.ts walks it on screen), staff ask for a
 * document in the review dialog; the buyer sees it waiting on them on the closing checklist, sends it from the To do
 * page, and staff accept it; the application stays Approved throughout. At 375 and 1280 px, with axe.
 */
test.describe('requests at the closing', () => {
  for (const width of [375, 1280]) {
    test(`staff ask an approved buyer under contract for a document; the buyer sends it (${width} px)`, async ({ page, admin: _admin, applicant }) => {
      test.slow();
      const buyer = applicant.page;
      const email = applicant.account.email;
      await page.setViewportSize({ width, height: 900 });
      await buyer.setViewportSize({ width, height: 900 });

      // Approved, a home in Texas (a partner agent serves it), an offer accepted.
      await approveOverHttp(page, applicant.applicationId);
      const agent = { name: 'Tess Ranger', brokerage: 'Lone Star Realty', licenceNumber: 'TX-0654321', phone: '(512) 555-0142', states: 'TX' };
      await call(page, 'post', '/api/admin/agents', { ...agent, email: `tess.${Date.now()}.${width}@example.com` }, 201);
      const home = (await call(
        buyer,
        'post',
        '/api/me/considered-homes',
        { street: '12 Elm St', city: 'Austin', state: 'TX', zip: '78701', listPrice: '420000' },
        201,
      )) as {
        id: string;
        fit: { monthlyMinCents: number; monthlyMaxCents: number };
      };
      const monthly = Math.round((home.fit.monthlyMinCents + home.fit.monthlyMaxCents) / 2) / 100;
      const offer = await call(
        buyer,
        'post',
        `/api/me/considered-homes/${home.id}/offer`,
        { offerPrice: '420000', downPayment: '29400', monthlyPayment: String(monthly), moveInDate: 'Flexible' },
        201,
      );
      const letters = await (await page.request.get(`/api/admin/letters?q=${encodeURIComponent(email)}&status=all`)).json();
      await call(page, 'patch', `/api/admin/letters/${letters.items[0].id}/status`, { status: 'approved' });
      await call(page, 'post', `/api/admin/offers/${offer.id}/status`, { status: 'submitted' });
      await call(page, 'post', `/api/admin/offers/${offer.id}/status`, { status: 'accepted' });

      // Staff ask for a document in the review dialog of the approved application.
      await page.goto(`/admin/applications?review=${applicant.applicationId}`);
      const dialog = page.getByRole('dialog', { name: applicant.name });
      const current = dialog.getByText('Current status').locator('..');
      await expect(current).toContainText('Approved');
      const requests = dialog.getByRole('region', { name: 'Requests' });
      await requests.getByRole('button', { name: 'Ask for something' }).click();
      const form = dialog.getByRole('form', { name: 'Ask for something' });
      await form.getByRole('combobox', { name: 'Document' }).selectOption({ label: 'Other' });
      await form.getByLabel(/^Document title/).fill('Proof of funds for closing');
      await form.getByLabel('Note to the applicant').fill('A bank statement showing your down payment, please.');
      await form.getByRole('button', { name: 'Add request' }).click();
      await expect(requests.getByRole('listitem', { name: 'Proof of funds for closing: Open' })).toBeVisible();
      await expect(current).toContainText('Approved');
      await checkScreen(page, 'review dialog, a request on an approved application');

      // The buyer sees it waiting on them on the closing checklist, and goes to the To do page.
      await buyer.goto('/dashboard/find');
      const offerCard = buyer.getByRole('region', { name: 'Offer on 12 Elm St, Austin, TX 78701' });
      // After the buyer's milestones (the inspection first), what we asked for.
      await expect(offerCard).toContainText(/Waiting on you: Inspection by [^.]+; Proof of funds for closing\./);
      await checkScreen(buyer, 'closing checklist with a request');
      await offerCard.getByRole('link', { name: 'Send what we asked for' }).click();
      await expect(buyer).toHaveURL(/\/apply\/requests$/);
      await expect(buyer.getByText('What we need from you for your purchase and its closing.')).toBeVisible();
      const asked = buyer.getByRole('region', { name: /^Proof of funds for closing/ });
      await expect(asked).toContainText('A bank statement showing your down payment, please.');
      await checkScreen(buyer, 'to do, a closing request');
      await asked.getByLabel(/Upload a file/).setInputFiles(SAMPLE_PDF);
      await expect(asked.getByText(/uploaded$/)).toBeVisible();
      await asked.getByRole('button', { name: 'Send to reviewer' }).click();
      await expect(asked.getByText('Sent — waiting for the reviewer')).toBeVisible();
      await checkScreen(buyer, 'to do, sent');

      // Staff accept it; the application is still Approved, and it no longer waits on the buyer.
      await page.reload();
      await expect(requests.getByRole('listitem', { name: 'Proof of funds for closing: Answered' })).toBeVisible();
      await requests.getByRole('button', { name: 'Accept Proof of funds for closing' }).click();
      await expect(requests.getByRole('listitem', { name: 'Proof of funds for closing: Accepted' })).toBeVisible();
      await expect(current).toContainText('Approved');
      await buyer.goto('/dashboard/find');
      await expect(offerCard).toContainText(`Waiting on you: Inspection by ${formatDate(addDays(ledgerToday(), 10))};`);
      await expect(offerCard).not.toContainText('Proof of funds for closing');
      await expect(offerCard.getByRole('link', { name: 'Send what we asked for' })).toHaveCount(0);
    });
  }
});
