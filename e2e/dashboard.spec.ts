import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';

test.describe('dashboard', () => {
  test("a new user: 'Ready to start your journey?', the example figures and their badge", async ({ page, user }) => {
    test.slow(); // sign-up and sign-in, then the dashboard with axe at two widths: past 30 s beside another worker
    await page.goto('/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Ready to start your journey?' });
    // The first load fetches the dashboard's code, the session and the application before the dialog opens:
    // past 7 s on the CI machine beside another worker (it failed there once; a second look never does).
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('link', { name: 'Fill Out Application' })).toHaveAttribute('href', '/apply');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(dialog).toHaveCount(0);

    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.firstName}` })).toBeVisible();
    await expect(page.getByText('Example dashboard')).toBeVisible();
    const ring = page.getByRole('figure', { name: /My Wealth/ });
    await expect(ring).toHaveAccessibleName('My Wealth: $93,426 of a $372,000 target');
    // The counters end on the sample figures of docs/product/dashboard.md#example-figures.
    const main = page.locator('main');
    for (const figure of ['$93,426', '$192,500', '$372,000', '$63,121', '$94,649', '8.5%', '$61,528', '$33,121', '12.5%']) {
      await expect(main.getByText(figure, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('5 Year Projected Wealth')).toBeVisible();
    await expect(page.getByRole('region', { name: /Home application/ })).toContainText('Not started');

    await page.getByRole('button', { name: 'Adjust Monthly Payment' }).click();
    await expect(page.getByText('Adjust Payment', { exact: true })).toBeVisible();
    await expect(page.getByText('This feature will be available soon.')).toBeVisible();
    await waitForToastsToGo(page);
    await expectAccessible(page);

    // Closed once, it stays closed in this tab.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.firstName}` })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("'Fill Out Application' opens the application", async ({ page, user: _user }) => {
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Fill Out Application' }).first().click();
    await expect(page).toHaveURL(/\/apply$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home Application' })).toBeVisible();
  });

  test('the bottom navigation reaches Explore and Chat on a 375 px phone', async ({ page, user: _user }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Maybe Later' }).click();
    const nav = page.getByRole('navigation', { name: 'Bottom' });
    await expect(nav).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);

    await nav.getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore homes' })).toBeVisible();
    await expect(page.getByText('Coming soon')).toBeVisible();
    await expectAccessible(page);
    await nav.getByRole('link', { name: 'Chat' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with us' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Wide screens use the header instead.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(nav).toBeHidden();
  });

  test('/explore, /chat and /apply are served (not 404s) and ask a visitor to sign in', async ({ page }) => {
    for (const path of ['/explore', '/chat', '/apply']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/auth/signin\\?redirectTo=${encodeURIComponent(path)}$`));
    }
  });
});
