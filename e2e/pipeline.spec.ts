import type { Page } from '@playwright/test';
import { formatDate } from '../src/domain/format';
import { ledgerToday } from '../src/domain/homes/dates';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { approveOverHttp } from './support/homes';
import { APP_URL } from './support/ports';

/** Axe and no sideways scroll of the page (the table scrolls inside its card), once the toasts are gone. */
async function checkScreen(page: Page, what: string) {
  await page.mouse.move(0, 0);
  await waitForToastsToGo(page);
  expect(await hasHorizontalScroll(page), `sideways scroll: ${what}`).toBe(false);
  await expectAccessible(page);
}

/**
 * The pipeline's people (docs/product/back-office.md#pipeline): from the offers page's counts to the
 * buyers of one stage, each with since when and how many days they have been in it, searched by name
 * or e-mail, opening their application; when the buyer lists a home they move to Searching and the
 * link follows. At 375 and 1280 px, axe on the new screen.
 */
test.describe('pipeline', () => {
  for (const width of [375, 1280]) {
    test(`staff find who stands in each stage and open them (${width} px)`, async ({ page, admin: _admin, applicant }) => {
      await page.setViewportSize({ width, height: 900 });
      await approveOverHttp(page, applicant.applicationId);
      const email = applicant.account.email;
      const today = formatDate(ledgerToday());

      // The counts on the offers page lead to the people behind them.
      await page.goto('/admin/offers');
      const counts = page.getByRole('navigation', { name: 'Pipeline' });
      await counts.getByRole('link', { name: /^Approved: \d+ buyers?$/ }).click();
      await expect(page).toHaveURL(/\/admin\/pipeline\?stage=approved$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Pipeline' }).getByRole('link', { name: /^Approved:/ })).toHaveAttribute('aria-current', 'page');

      // Searched by e-mail: the buyer, approved today, 0 days in the stage, opening their application.
      await page.getByRole('searchbox', { name: 'Search buyers in approved' }).fill(email);
      const table = page.getByRole('table', { name: 'Buyers in approved' });
      const row = table.getByRole('row').filter({ hasText: email });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(applicant.name);
      await expect(row.getByRole('cell').nth(2)).toHaveText(today);
      await expect(row.getByRole('cell').nth(3)).toHaveText('0');
      await expect(row.getByRole('link', { name: `Open the application of ${applicant.name}` })).toHaveAttribute(
        'href',
        `/admin/applications?review=${applicant.applicationId}`,
      );
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Showing 1–1 of 1');
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
      await checkScreen(page, 'pipeline, approved');

      // By name too; a name nobody has finds nobody.
      const search = page.getByRole('searchbox', { name: 'Search buyers in approved' });
      await search.fill(applicant.name);
      await expect(row).toHaveCount(1);
      await search.fill(`${applicant.name} nobody-${Date.now()}`);
      await expect(table).toContainText('No buyers in this stage match the search');

      // The buyer lists a home: they move to Searching, with the same link.
      const added = await applicant.page.request.post('/api/me/considered-homes', {
        data: { street: '12 Elm St', city: 'Austin', state: 'TX', zip: '78701', listPrice: '420000' },
        headers: { origin: APP_URL },
      });
      expect(added.status(), await added.text()).toBe(201);
      await page.goto(`/admin/pipeline?stage=searching&q=${encodeURIComponent(email)}`);
      const searching = page.getByRole('table', { name: 'Buyers in searching' }).getByRole('row').filter({ hasText: email });
      await expect(searching).toHaveCount(1);
      await expect(searching.getByRole('cell').nth(3)).toHaveText('0');
      await page
        .getByRole('navigation', { name: 'Pipeline' })
        .getByRole('link', { name: /^Approved:/ })
        .click();
      await expect(page).not.toHaveURL(/stage=/);
      await expect(page.getByRole('table', { name: 'Buyers in approved' })).toContainText('No buyers in this stage match the search');

      // Sorted by days in the stage, the order in the URL.
      await page.goto('/admin/pipeline?stage=searching');
      await page.getByRole('button', { name: /Days in stage/ }).click();
      await expect(page).toHaveURL(/dir=asc/);
      await checkScreen(page, 'pipeline, searching');
    });
  }
});
