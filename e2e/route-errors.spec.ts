import { expect, test } from './fixtures';

/**
 * docs/product/public-site.md#not-found, 'Crashes': a page whose code cannot be fetched says why — a new
 * version of the site, or no connection — and 'Reload page' brings the page back.
 */
const USERS_PAGE_CHUNK = /\/assets\/users-page-[^/]*\.js$/;

test.describe('a page whose code cannot load', () => {
  test('offline on the way to a page: "You are offline", and once back online Reload page shows it', async ({ page, admin: _admin }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route(USERS_PAGE_CHUNK, async (route) => {
      await page.context().setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
    const screen = page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 1, name: 'You are offline' }) });
    await expect(screen).toBeVisible();
    await expect(screen).toContainText('Check your connection, then reload the page.');
    await expect(screen).not.toContainText('new version');

    await page.unroute(USERS_PAGE_CHUNK);
    await page.context().setOffline(false);
    await screen.getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toBeVisible();
  });

  test('offline on the first load, before the signed-in area\'s code: not a blank page but "You are offline"', async ({ page, admin: _admin }) => {
    const layout = /\/assets\/session-provider-layout-[^/]*\.js$/;
    await page.route(layout, async (route) => {
      await page.context().setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.goto('/admin/users');
    const screen = page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 1, name: 'You are offline' }) });
    await expect(screen).toBeVisible();
    await page.unroute(layout);
    await page.context().setOffline(false);
    await screen.getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toBeVisible();
  });

  test('online: the page chunk is gone, so a new version is announced', async ({ page, admin: _admin }) => {
    await page.route(USERS_PAGE_CHUNK, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/admin/users');
    const screen = page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 1, name: 'Something went wrong' }) });
    await expect(screen).toContainText('A new version of the site is available. Reload the page to continue.');
    await expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});
