import type { Page } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { mailsTo } from './support/accounts';
import { approveOverHttp } from './support/homes';

const REASON = 'We decided to rent for another year.';
const NEW_PHONE = '(214) 555-0199';

/** The Documents step of /apply, where the submitted application's notice offers what comes after submitting. */
async function openNotice(buyer: Page, width: number) {
  await buyer.setViewportSize({ width, height: 900 });
  await buyer.goto('/apply?step=6');
  await expect(buyer.getByRole('heading', { name: 'Home Application' })).toBeVisible();
}

/**
 * After submitting (docs/decisions/041-withdrawal-and-change-requests.md): the buyer withdraws an
 * approved application through a confirmation that names the consequence, and /apply, the dashboard and
 * the back office say it is withdrawn; the buyer asks to change an answer and staff accept it in the
 * review dialog's Requests. At 375 and 1280 px, axe on each screen.
 */
test.describe('withdrawing and changing an answer after submitting', () => {
  for (const width of [375, 1280]) {
    test(`the buyer withdraws an approved application with a reason (${width} px)`, async ({ page, admin: _admin, applicant }) => {
      test.slow();
      await approveOverHttp(page, applicant.applicationId);
      const buyer = applicant.page;
      await openNotice(buyer, width);

      await buyer.getByRole('button', { name: 'Withdraw application' }).click();
      const confirm = buyer.getByRole('dialog', { name: 'Withdraw your application?' });
      await expect(confirm).toContainText('Your application will be closed and our team will stop reviewing it.');
      await expect(confirm).toContainText('Your pre-approval letter ends with it.');
      await confirm.getByRole('button', { name: 'Withdraw application' }).click();
      await expect(confirm.getByText('Tell us why you are withdrawing.')).toBeVisible();
      await expectAccessible(buyer);
      // 'Keep my application' changes nothing.
      await confirm.getByRole('button', { name: 'Keep my application' }).click();
      await expect(confirm).toHaveCount(0);

      await buyer.getByRole('button', { name: 'Withdraw application' }).click();
      await confirm.getByLabel('Why are you withdrawing?').fill(REASON);
      await confirm.getByRole('button', { name: 'Withdraw application' }).click();
      const notice = buyer.getByRole('heading', { name: /^You withdrew your application on / });
      await expect(notice).toBeVisible();
      await expect(notice).toBeFocused();
      // A fresh draft starts below it, from the first step.
      await expect(buyer.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
      expect(await hasHorizontalScroll(buyer)).toBe(false);
      await expectAccessible(buyer);

      await buyer.goto('/dashboard');
      const dialog = buyer.getByRole('dialog', { name: 'You withdrew your application.' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Maybe Later' }).click();
      const card = buyer.getByRole('region', { name: /Home application/ });
      await expect(card).toContainText('Withdrawn');
      await expect(card.getByRole('link', { name: /Start a New Application/ })).toBeVisible();
      expect(await hasHorizontalScroll(buyer)).toBe(false);
      await expectAccessible(buyer);
      await expect
        .poll(async () => (await mailsTo(buyer.request, applicant.account.email)).map((m) => m.subject), { timeout: 15_000 })
        .toContain('You withdrew your home application');

      // The back office: listed under Withdrawn, with the buyer's reason and no status selector.
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/applications?status=withdrawn&q=${applicant.account.lastName}`);
      const row = page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: applicant.name });
      await expect(row).toContainText('Withdrawn');
      await page.goto(`/admin/applications?review=${applicant.applicationId}`);
      const review = page.getByRole('dialog', { name: applicant.name });
      await expect(review).toContainText(REASON);
      await expect(review).toContainText('The applicant withdrew this application');
      await expect(review.getByLabel('Status', { exact: true })).toHaveCount(0);
      await expectAccessible(page);
    });

    test(`the buyer asks to change an answer and staff accept it (${width} px)`, async ({ page, admin: _admin, applicant }) => {
      test.slow();
      const buyer = applicant.page;
      await openNotice(buyer, width);

      const panel = buyer.getByRole('region', { name: 'Need to change an answer?' });
      await panel.getByRole('button', { name: 'Ask to change an answer' }).click();
      const form = panel.getByRole('form', { name: 'Ask to change an answer' });
      await expect(form.getByLabel('Answer to change')).toBeFocused();
      await form.getByLabel('Answer to change').selectOption({ label: 'Phone Number' });
      await form.getByLabel('New answer').fill('call me');
      await form.getByLabel('Why does it change?').fill('I have a new number.');
      await form.getByRole('button', { name: 'Send to our team' }).click();
      await expect(form.getByText('Enter a valid phone number')).toBeVisible();
      await form.getByLabel('New answer').fill(NEW_PHONE);
      await form.getByRole('button', { name: 'Send to our team' }).click();
      const item = panel.getByRole('listitem', { name: 'Change Phone Number: Waiting for our team' });
      await expect(item).toContainText(NEW_PHONE);
      expect(await hasHorizontalScroll(buyer)).toBe(false);
      await expectAccessible(buyer);

      // Staff see it in the review dialog's Requests and accept it: the answer changes.
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/applications?review=${applicant.applicationId}`);
      const review = page.getByRole('dialog', { name: applicant.name });
      const requests = review.getByRole('region', { name: 'Requests' });
      const asked = requests.getByRole('listitem', { name: 'Change Phone Number: Waiting for our team' });
      await expect(asked).toContainText('I have a new number.');
      await expectAccessible(page);
      await asked.getByRole('button', { name: 'Accept Change Phone Number' }).click();
      await expect(requests.getByRole('listitem', { name: 'Change Phone Number: Accepted' })).toBeVisible();
      await expect(review.getByText(NEW_PHONE, { exact: true }).first()).toBeVisible();

      await expect
        .poll(async () => (await mailsTo(buyer.request, applicant.account.email)).map((m) => m.subject), { timeout: 15_000 })
        .toContain('We changed an answer on your application');
      await buyer.reload();
      await expect(
        buyer.getByRole('region', { name: 'Need to change an answer?' }).getByRole('listitem', { name: 'Change Phone Number: Accepted' }),
      ).toBeVisible();
      await expectAccessible(buyer);
    });
  }
});
