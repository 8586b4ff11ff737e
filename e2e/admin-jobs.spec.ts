import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { FAILED_JOBS } from './support/jobs';

/**
 * /admin/jobs (docs/product/back-office.md#jobs): the job runner's failed jobs with
 * their error and a retry. The failed jobs were stored before the server started
 * (e2e/support/seed-jobs.ts), one per journey.
 */
test.describe('/admin/jobs', () => {
  test('an admin finds a failed job with its error, retries it, the runner runs it, and the audit log records the retry', async ({
    page,
    admin: { account },
  }) => {
    test.slow(); // the retried job runs on the server's next poll, then the audit log
    const seeded = FAILED_JOBS.retried;
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Jobs' }).click();
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await expect(page).toHaveTitle(/^Jobs \| .+ Back Office$/);

    const row = page.getByRole('row').filter({ hasText: seeded.lastError });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(seeded.kind);
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('2 of 2');
    await expectAccessible(page);

    // One state at a time, kept in the URL.
    await page.getByLabel('State').selectOption({ label: 'Waiting' });
    await expect(page).toHaveURL(/[?&]state=queued/);
    await expect(row).toHaveCount(0);
    await page.getByLabel('State').selectOption({ label: 'Failed' });
    await expect(page).toHaveURL(/[?&]state=failed/);
    await expect(row).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel('State')).toHaveValue('failed');
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: `Retry ${seeded.kind}` }).click();
    await expect(page.getByText('Job queued to run again')).toBeVisible();
    // The server's runner runs it; the list, following a job that is due, drops it once it is done.
    await expect(page.getByText(seeded.lastError)).toHaveCount(0, { timeout: 15_000 });
    await waitForToastsToGo(page);

    await page.goto('/admin/audit?entity=jobs');
    const entry = page.getByRole('row').filter({ hasText: account.email }).filter({ hasText: 'Retry' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Jobs');
    await expect(entry).toContainText(seeded.kind);
  });

  test('on a phone each job is a card without sideways scrolling, and a list that fails to load says so and loads again', async ({ page, admin: _admin }) => {
    const seeded = FAILED_JOBS.shown;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/jobs?state=failed');
    const card = page.getByRole('listitem').filter({ hasText: seeded.lastError });
    await expect(card).toBeVisible();
    await expect(card).toContainText(seeded.kind);
    await expect(card.getByRole('button', { name: `Retry ${seeded.kind}` })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);

    // The list cannot be read: the page says so, and loads it again when asked.
    await page.route('**/api/admin/jobs**', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'boom' } } }));
    await page.reload();
    await expect(page.getByText('Failed to load jobs').first()).toBeVisible();
    await page.unroute('**/api/admin/jobs**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(card).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
