import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { FAILED_JOBS } from './support/jobs';

/**
 * /admin/jobs (docs/product/back-office.md#jobs): the job runner's failed jobs with
 * their error and a retry. The failed jobs were stored before the server started
 * (e2e/support/seed-jobs.ts), one per journey. Above them, the recurring schedules
 * with a 'Run now'.
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
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Waiting' });
    await expect(page).toHaveURL(/[?&]state=queued/);
    await expect(row).toHaveCount(0);
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Failed' });
    await expect(page).toHaveURL(/[?&]state=failed/);
    await expect(row).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('failed');
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
    // The schedules above the list failed too (the same route pattern): the list's own 'Try again'.
    await page.getByRole('region', { name: 'Jobs' }).getByRole('button', { name: 'Try again' }).click();
    await expect(card).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('an admin runs the hourly prune of finished jobs now: confirmed, queued, its last run updates, and the audit log records it', async ({
    page,
    admin: { account },
  }) => {
    test.slow(); // the run happens on the server's next poll, then the audit log
    await page.goto('/admin/jobs');
    const schedules = page.getByRole('region', { name: 'Schedules' });
    await expect(schedules.getByRole('heading', { level: 2, name: 'Schedules' })).toBeVisible();
    // Every recurring job, in words where there are some, with its period.
    for (const name of ['Monthly charges', 'Statements', 'Data retention', 'Rate-limit clean-up'])
      await expect(schedules.getByRole('row').filter({ hasText: name })).toHaveCount(1);
    const row = schedules.getByRole('row').filter({ hasText: 'Finished jobs clean-up' });
    await expect(row).toContainText('jobs:prune');
    await expect(row).toContainText('Every hour');
    await expectAccessible(page);

    const lastRun = row.getByRole('cell').nth(2);
    const clicked = Date.now();
    await row.getByRole('button', { name: 'Run Finished jobs clean-up now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Finished jobs clean-up now?' });
    await expect(dialog).toContainText('Deletes jobs that finished more than 14 days ago.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText('Job started')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The server's runner runs it; the schedule, followed while the run waits or runs, shows the new last run.
    const lastRunAt = async () => {
      const time = lastRun.locator('time');
      return (await time.count()) === 0 ? 0 : Date.parse((await time.getAttribute('datetime')) ?? '');
    };
    await expect.poll(lastRunAt, { timeout: 15_000 }).toBeGreaterThanOrEqual(clicked - 5_000);
    await expect(row.getByRole('button', { name: 'Run Finished jobs clean-up now' })).toBeEnabled();
    await waitForToastsToGo(page);

    await page.goto('/admin/audit?entity=jobs');
    const entry = page.getByRole('row').filter({ hasText: account.email }).filter({ hasText: 'Run now' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Jobs');
    await expect(entry).toContainText('jobs:prune');
  });

  test('on a phone each schedule is a card without sideways scrolling, and Run now asks first', async ({ page, admin: _admin }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/jobs');
    const card = page.getByRole('list', { name: 'Recurring jobs' }).getByRole('listitem').filter({ hasText: 'Monthly charges' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('homes:charges');
    await expect(card).toContainText('Every hour');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Run Monthly charges now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Monthly charges now?' });
    await expect(dialog).toContainText('a home is charged once per month');
    expect(await hasHorizontalScroll(page)).toBe(false);
    // Cancelled: nothing is queued.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Job started')).toHaveCount(0);
  });
});
