import type { Page } from '@playwright/test';
import { addDays } from '../src/domain/ledger/dates';
import { ledgerToday } from '../src/domain/homes/dates';
import { formatDate } from '../src/domain/format';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { approveOverHttp } from './support/homes';
import { APP_URL } from './support/ports';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A local date-time for a datetime-local field, `days` from now. */
function localDateTime(days: number) {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T12:00`;
}

/** Axe and no sideways scroll, once the toasts are gone. */
async function checkScreen(page: Page, what: string) {
  await page.mouse.move(0, 0);
  await waitForToastsToGo(page);
  expect(await hasHorizontalScroll(page), `sideways scroll: ${what}`).toBe(false);
  await expectAccessible(page);
}

async function addHome(buyer: Page, street: string, price: string) {
  await buyer.getByRole('button', { name: 'Add a home' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Add a home' });
  await dialog.getByLabel(/^Street address/).fill(street);
  await dialog.getByLabel(/^City/).fill('Austin');
  await dialog.getByLabel(/^State/).selectOption('TX');
  await dialog.getByLabel(/^ZIP code/).fill('78701');
  await dialog.getByLabel(/^List price/).fill(price);
  await dialog.getByLabel(/^Beds/).fill('3');
  await dialog.getByRole('button', { name: 'Add home' }).click();
  await expect(dialog).toHaveCount(0);
  return buyer.getByRole('region', { name: `${street}, Austin, TX 78701` });
}

/**
 * From approval to keys (docs/decisions/036-find-and-offer.md, 042-closing.md): the approved buyer
 * finds 'Find your home' from the dashboard, adds two homes (one above the approval, flagged) and
 * makes an offer; staff approve the letter of intent, submit the offer and record a counter; the
 * buyer accepts it and sees the closing checklist; staff update the milestones (a date before the
 * offer refused, an appraisal below the price flagged) and record the purchase from the offer,
 * pre-filled. At 375 and 1280 px, axe on every new screen.
 */
test.describe('find, offer and closing', () => {
  for (const width of [375, 1280]) {
    test(`an approved buyer's offer from the first home to the purchase (${width} px)`, async ({ page, admin: _admin, applicant }) => {
      test.slow();
      const buyer = applicant.page;
      const email = applicant.account.email;
      await page.setViewportSize({ width, height: 900 });
      await buyer.setViewportSize({ width, height: 900 });
      await approveOverHttp(page, applicant.applicationId);
      // We buy in Texas: a partner agent serves it.
      const agent = await page.request.post('/api/admin/agents', {
        data: {
          name: 'Tess Ranger',
          brokerage: 'Lone Star Realty',
          licenceNumber: 'TX-0654321',
          email: `tess.${Date.now()}.${width}@example.com`,
          phone: '(512) 555-0142',
          states: 'TX',
        },
        headers: { origin: APP_URL },
      });
      expect(agent.status(), await agent.text()).toBe(201);

      // The dashboard's way in.
      await buyer.goto('/dashboard');
      const approved = buyer.getByRole('dialog', { name: 'Congratulations, you are approved!' });
      await expect(approved).toBeVisible();
      await buyer.keyboard.press('Escape');
      const card = buyer.getByRole('region', { name: /Home application/ });
      await card.getByRole('link', { name: 'Find your home' }).click();
      await expect(buyer).toHaveURL(/\/dashboard\/find$/);
      await expect(buyer.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
      await expect(buyer.getByText('You’re approved up to $500,000')).toBeVisible();
      await checkScreen(buyer, 'find, empty');

      // Two homes: one fits, one is above the approval and cannot be offered on.
      const fits = await addHome(buyer, '12 Elm St', '420000');
      await expect(fits.getByText('Fits your approval')).toBeVisible();
      await expect(fits).toContainText('with $29,400 down');
      const over = await addHome(buyer, '9 Oak Ave', '650000');
      await expect(over.getByText('Above your approval')).toBeVisible();
      await expect(over.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);
      await checkScreen(buyer, 'find, two homes');

      // The offer, pre-filled from the home and the approval.
      await fits.getByRole('button', { name: 'Make an offer' }).click();
      const offerForm = buyer.getByRole('dialog', { name: 'Make an offer' });
      await expect(offerForm.getByLabel(/^Offer price/)).toHaveValue('420000');
      await expect(offerForm.getByLabel(/^Down payment/)).toHaveValue('29400');
      await offerForm.getByLabel(/^Offer price/).fill('500001');
      await offerForm.getByRole('button', { name: 'Send offer' }).click();
      await expect(offerForm.getByLabel(/^Offer price/)).toHaveAccessibleDescription(/Your offer is above your approval of \$500,000\./);
      await expectAccessible(buyer);
      await offerForm.getByLabel(/^Offer price/).fill('420000');
      await offerForm.getByLabel(/^Move-in date/).fill('Q3 2027');
      await offerForm.getByRole('button', { name: 'Send offer' }).click();
      await expect(toast(buyer, 'Offer sent')).toBeVisible();
      const offer = buyer.getByRole('region', { name: 'Offer on 12 Elm St, Austin, TX 78701' });
      await expect(offer).toContainText('Letter of intent in review');
      await expect(offer).toContainText('You sent your letter of intent.');
      await checkScreen(buyer, 'find, offer sent');

      // Staff approve the letter of intent on the letters page.
      await page.goto('/admin/letters-of-intent');
      await page.getByRole('searchbox', { name: 'Search letters of intent' }).fill(email);
      const letterRow = page.getByRole('row').filter({ hasText: email });
      await letterRow.getByRole('button', { name: /^View letter of intent of/ }).click();
      const letter = page.getByRole('dialog', { name: applicant.name });
      await letter.getByLabel('Change status to').selectOption('approved');
      await letter.getByRole('button', { name: 'Save status' }).click();
      await expect(toast(page, 'Letter of intent status updated')).toBeVisible();
      await page.keyboard.press('Escape');

      // Staff submit the offer and record the seller's counter.
      await page.goto('/admin/offers');
      await page.getByRole('searchbox').fill(email);
      const row = page.getByRole('row').filter({ hasText: email });
      await expect(row).toContainText('Draft');
      // The pipeline counts approved buyers by stage.
      await expect(page.getByRole('navigation', { name: 'Pipeline' }).getByRole('listitem')).toHaveText([
        /^Approved\d+$/,
        /^Searching\d+$/,
        /^Offer\d+$/,
        /^Under contract\d+$/,
        /^Closing\d+$/,
        /^Homeowner\d+$/,
      ]);
      await checkScreen(page, 'offers, a draft');
      // On a busy machine a move can take longer than an expectation waits: wait for its answer first.
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/status') && r.request().method() === 'POST'),
        row.getByRole('button', { name: 'Mark submitted' }).click(),
      ]);
      await expect(row).toContainText('Submitted');
      await row.getByRole('button', { name: 'Record counter-offer' }).click();
      const counter = page.getByRole('dialog', { name: 'Record counter-offer' });
      await counter.getByLabel(/^Counter price/).fill('415000');
      await counter.getByLabel(/^Answer by/).fill(localDateTime(2));
      await expectAccessible(page);
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/status') && r.request().method() === 'POST'),
        counter.getByRole('button', { name: 'Record counter-offer' }).click(),
      ]);
      await expect(counter).toHaveCount(0);
      await expect(row).toContainText('Countered');

      // The buyer accepts the counter: the home is under contract, its checklist open.
      await buyer.reload();
      await expect(offer).toContainText('The seller countered at $415,000.');
      await offer.getByRole('button', { name: 'Accept counter-offer' }).click();
      await expect(offer).toContainText('Accepted');
      await expect(offer).toContainText('You accepted the counter-offer of $415,000.');
      const checklist = offer.getByRole('list', { name: 'Closing checklist' });
      await expect(checklist.getByRole('listitem')).toHaveCount(6);
      await expect(offer).toContainText(`Waiting on you: Inspection by ${formatDate(addDays(ledgerToday(), 10))}`);
      // The buyer adds the inspection report to its milestone; a file that is not a PDF, JPG or PNG is refused under the field.
      const addReport = offer.getByLabel('Add a document to inspection');
      await addReport.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a report') });
      await expect(addReport).toHaveAccessibleDescription('notes.txt: Please upload PDF, JPG, or PNG files only.');
      await addReport.setInputFiles({ name: 'inspection-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% inspection\n') });
      await expect(toast(buyer, 'Document added')).toBeVisible();
      const reports = offer.getByRole('list', { name: 'Inspection documents' });
      await expect(reports.getByRole('listitem')).toHaveText([/^inspection-report\.pdfFrom you · /]);
      await checkScreen(buyer, 'find, under contract');
      await buyer.goto('/dashboard');
      await expect(buyer.getByRole('region', { name: /Home application/ })).toContainText('Your offer on 12 Elm St, Austin, TX 78701:');
      await expect(buyer.getByRole('region', { name: /Home application/ })).toContainText('Accepted');

      // Staff work through the checklist.
      await page.reload();
      await expect(row).toContainText('Accepted');
      await row.getByRole('button', { name: 'Closing checklist' }).click();
      const closing = page.getByRole('dialog', { name: 'Closing checklist' });
      const inspection = closing.getByRole('form', { name: 'Inspection' });
      // The buyer's report is there; staff add the appraisal report to its milestone.
      await expect(inspection.getByRole('link', { name: 'inspection-report.pdf' })).toBeVisible();
      await expect(inspection).toContainText('From the buyer');
      await closing
        .getByRole('form', { name: 'Appraisal' })
        .getByLabel('Add a document to appraisal')
        .setInputFiles({ name: 'appraisal.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% appraisal\n') });
      await expect(toast(page, 'Document added')).toBeVisible();
      await expect(closing.getByRole('list', { name: 'Appraisal documents' })).toContainText('appraisal.pdfFrom staff');
      await inspection.getByLabel(/^Due date/).fill(addDays(ledgerToday(), -3));
      await inspection.getByRole('button', { name: 'Save inspection' }).click();
      await expect(inspection.getByLabel(/^Due date/)).toHaveAccessibleDescription(/^The date can’t be before the offer, made on /);
      await inspection.getByLabel(/^Due date/).fill(addDays(ledgerToday(), 2));
      await inspection.getByLabel('State').selectOption('done');
      await inspection.getByLabel('Findings').fill('The water heater is near its end.');
      await inspection.getByRole('button', { name: 'Save inspection' }).click();
      await expect(toast(page, 'Milestone saved')).toBeVisible();
      const appraisal = closing.getByRole('form', { name: 'Appraisal' });
      await appraisal.getByLabel('Appraised value').fill('400000');
      await appraisal.getByLabel('State').selectOption('done');
      await appraisal.getByRole('button', { name: 'Save appraisal' }).click();
      await expect(closing.getByText('The appraisal came in below the agreed price.')).toBeVisible();
      await checkScreen(page, 'closing checklist');
      await page.keyboard.press('Escape');
      await expect(row.getByText('Appraisal below price')).toBeVisible();

      // The buyer sees what was done.
      await buyer.goto('/dashboard/find');
      await expect(offer).toContainText('Findings: The water heater is near its end.');
      await expect(offer).toContainText('Inspection is done.');
      await expect(offer).toContainText('Waiting on you: Homeowner’s insurance');
      // And downloads the appraisal staff added.
      const appraisalDocs = offer.getByRole('list', { name: 'Appraisal documents' });
      await expect(appraisalDocs).toContainText('appraisal.pdfFrom Ownstead');
      const [download] = await Promise.all([buyer.waitForEvent('download'), appraisalDocs.getByRole('link', { name: 'appraisal.pdf' }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);

      // Staff record the purchase from the offer, pre-filled.
      await row.getByRole('link', { name: 'Record the purchase' }).click();
      const review = page.getByRole('dialog', { name: applicant.name });
      const panel = review.getByRole('region', { name: 'Home purchase' });
      await expect(panel).toContainText('accepted offer on 12 Elm St, Austin, TX 78701');
      await panel.getByRole('button', { name: 'Record purchase' }).click();
      const purchase = page.getByRole('dialog', { name: 'Record purchase' });
      await expect(purchase.getByLabel('Property address')).toHaveValue('12 Elm St, Austin, TX 78701');
      await expect(purchase.getByLabel('Purchase price')).toHaveValue('415000');
      await expect(purchase.getByLabel('Down payment')).toHaveValue('29400');
      await purchase.getByRole('button', { name: 'Record purchase' }).click();
      await expect(toast(page, 'Purchase recorded')).toBeVisible();
      await expect(panel).toContainText(`The purchase is recorded: ${applicant.name} is a homeowner.`);

      await page.goto('/admin/offers');
      await page.getByRole('searchbox').fill(email);
      await expect(row).toContainText('Purchase recorded');
      await expect(row.getByRole('link', { name: 'Open the home' })).toBeVisible();

      // The buyer is a homeowner: the dashboard is their own.
      await buyer.goto('/dashboard');
      await expect(buyer.getByText('Your figures for 12 Elm St, Austin, TX 78701')).toBeVisible();
      await expect(buyer.getByText('Example dashboard')).toHaveCount(0);
    });
  }
});
