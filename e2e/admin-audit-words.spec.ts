import { ledgerToday } from '../src/domain/homes/dates';
import { expect, expectAccessible, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { recordHomeOverHttp } from './support/homes';
import { APP_URL } from './support/ports';

/**
 * The audit log reads in words for homes and payments (docs/product/back-office.md#audit-log): an entry names the
 * home by its address and its owner, and its money reads in dollars — on a phone and a desktop.
 */
test.describe('/admin/audit in words', () => {
  for (const width of [375, 1280]) {
    test(`names a payment's home and owner and reads its amount in dollars (${width} px)`, async ({ page, admin: { account }, applicant }) => {
      test.slow(); // an approval, a purchase and a payment before the page
      const homeId = await recordHomeOverHttp(page, applicant.applicationId);
      const paid = await page.request.post(`/api/admin/homes/${homeId}/ledger/payments`, {
        data: { amountCents: 123_450, receivedOn: ledgerToday(), reference: `WORDS-${width}-${Date.now()}` },
        headers: { origin: APP_URL },
      });
      expect(paid.status(), await paid.text()).toBe(201);

      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/audit?entity=payments');
      const entry = page
        .getByRole('row')
        .filter({ hasText: account.email })
        .filter({ hasText: `400 Oak Lane, Austin, TX (${applicant.name})` })
        .filter({ hasText: 'Amount: $1,234.50' });
      await expect(entry).toHaveCount(1);
      await expect(entry).not.toContainText('(cents)');

      await page.goto('/admin/audit?entity=homes');
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: `400 Oak Lane, Austin, TX (${applicant.name})` })
          .first(),
      ).toBeVisible();
      await waitForToastsToGo(page);
      await expectAccessible(page);
    });
  }
});
