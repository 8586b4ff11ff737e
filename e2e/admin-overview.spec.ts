import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';

/**
 * The overview's homes and queue (docs/product/back-office.md#overview): how many homes have a month overdue after
 * the grace period, the oldest named with what they owe and a way to their ledger and to the overdue payments; the
 * homeowners' requests waiting for staff; how long the oldest application has waited — on a phone and a desktop.
 */
test.describe('the back-office overview', () => {
  for (const width of [375, 1280]) {
    test(`shows overdue homes, requests waiting for staff and the oldest waiting application (${width} px)`, async ({ page, admin: _admin }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
      const figures = (await (await page.request.get('/api/admin/dashboard')).json()) as {
        homes: { overdueHomes: number; graceDays: number; overdue: { address: string }[]; waiting: Record<string, number> };
        kpis: { oldestWaitingSince: string | null };
      };

      const overdue = page.getByRole('region', { name: 'Overdue homes' });
      await expect(overdue).toContainText(`${figures.homes.overdueHomes}`);
      await expect(overdue).toContainText(`more than ${figures.homes.graceDays} days after its due date`);
      const list = overdue.getByRole('list', { name: 'Overdue homes, oldest first' });
      if (figures.homes.overdue.length > 0) {
        await expect(list.getByRole('listitem')).toHaveCount(figures.homes.overdue.length);
        await expect(list.getByRole('link', { name: figures.homes.overdue[0]!.address })).toHaveAttribute('href', /\/admin\/payments\?ledger=/);
      } else {
        await expect(list).toHaveCount(0);
      }

      const waiting = page.getByRole('region', { name: 'Waiting for staff' });
      const requests = Object.values(figures.homes.waiting).reduce((sum, n) => sum + n, 0);
      await expect(waiting.getByRole('definition').first()).toContainText(String(requests));
      await expect(waiting).toContainText('payment change');
      await expect(waiting.getByText('Oldest waiting application')).toBeVisible();
      if (figures.kpis.oldestWaitingSince === null) await expect(waiting).toContainText('None');
      else await expect(waiting.locator(`time[datetime="${figures.kpis.oldestWaitingSince}"]`)).toBeVisible();

      expect(await hasHorizontalScroll(page)).toBe(false);
      await waitForToastsToGo(page);
      await expectAccessible(page);

      await overdue.getByRole('link', { name: 'See overdue payments' }).click();
      await expect(page).toHaveURL(/\/admin\/payments\?state=overdue$/);
    });
  }
});
