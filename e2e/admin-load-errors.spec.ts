import { expect, expectAccessible, test } from './fixtures';

/**
 * A part of the back office that cannot load says so with Try again (src/web/components/load-error.tsx), and Try
 * again loads it: the settings page, and the homes page's 'Waiting for staff'.
 */
test.describe('back office load failures offer Try again', () => {
  test('the settings page and the requests waiting for staff', async ({ page, admin: _admin }) => {
    let fail = true;
    await page.route(/\/api\/admin\/settings$/, (route) =>
      fail ? route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'x' } } }) : route.fallback(),
    );
    await page.goto('/admin/settings');
    const failed = page.getByRole('alert').filter({ hasText: 'Failed to load settings.' });
    await expect(failed).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    fail = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByLabel('E-mail applicants when their status changes')).toBeVisible();

    fail = true;
    await page.route(/\/api\/admin\/home-changes$/, (route) => (fail ? route.abort('internetdisconnected') : route.fallback()));
    await page.goto('/admin/homes');
    const waiting = page.getByRole('alert').filter({ hasText: 'Failed to load the requests waiting for staff.' });
    await expect(waiting).toBeVisible({ timeout: 15_000 });
    fail = false;
    await waiting.getByRole('button', { name: 'Try again' }).click();
    await expect(waiting).toHaveCount(0);
  });
});
