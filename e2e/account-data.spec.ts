import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, test } from './fixtures';
import { APP_URL } from './support/ports';

test.describe('the user’s own data', () => {
  test("'Download my data' gives a JSON file with the account", async ({ page, user }) => {
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Your data' });
    const download = page.waitForEvent('download');
    await section.getByRole('link', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ownstead-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(JSON.stringify(data)).toContain(user.email);
  });

  test("'Delete my account' asks for the password, deletes, signs out; the account can no longer sign in", async ({ page, user: account }) => {
    test.slow(); // sign-up, sign-in, a refused and an accepted password, then a refused sign-in: five password hashes
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('every document you uploaded');
    await expectAccessible(page);
    await dialog.getByLabel(/^Password/).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByLabel(/^Password/)).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel(/^Password/).fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Account deleted')).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/`);
    expect((await page.request.get('/api/me')).status()).toBe(401);

    await page.goto('/auth/signin');
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
  });
});
