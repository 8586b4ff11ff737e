import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { signInOverHttp } from './support/accounts';
import { APP_URL } from './support/ports';
import { startTotpEnrolment } from './support/totp';

test.describe('account page', () => {
  test('changes the name and phone; a bad phone is refused next to the field', async ({ page, user: _user }) => {
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Phone').fill('12');
    await profile.getByLabel('Phone').press('Enter');
    await expect(profile.getByLabel('Phone')).toHaveAccessibleDescription(/Enter a valid phone number/);
    await expect(profile.getByLabel('Phone')).toBeFocused();
    await expect(profile.getByTestId('live-region')).toHaveText('Enter a valid phone number');

    await profile.getByLabel('First Name').fill('Amazing');
    await profile.getByLabel('Last Name').fill('Grace');
    await profile.getByLabel('Phone').fill('(214) 555-0187');
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    // The header's avatar follows at once, and the change is stored.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText('Amazing Grace')).toBeVisible();
    await page.reload();
    await expect(profile.getByLabel('First Name')).toHaveValue('Amazing');
    await expect(profile.getByLabel('Phone')).toHaveValue('(214) 555-0187');
  });

  test('lists the sessions of two browsers and signs the other one out', async ({ page, user: account, openBrowser }) => {
    const laptopPage = await openBrowser({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    });
    await signInOverHttp(laptopPage, account);

    await page.goto('/account');
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2); // this browser (signed up) and the laptop
    await expect(page.getByText('This device')).toHaveCount(1);
    await expect(sessions.first()).toContainText('This device');
    const edge = sessions.filter({ hasText: 'Edge on Windows' });
    await expect(edge).toHaveCount(1);
    await expect(edge).toContainText(/IP .+ · Signed in [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);

    await edge.getByRole('button', { name: /^Sign out/ }).click();
    await expect(page.getByText('Session signed out')).toBeVisible();
    await expect(sessions.filter({ hasText: 'Edge on Windows' })).toHaveCount(0);
    expect((await laptopPage.request.get(`${APP_URL}/api/me`)).status()).toBe(401);
  });

  test("'Sign out all other sessions' and a password change both sign out the other browsers", async ({ page, user: account, openBrowser }) => {
    const otherPage = await openBrowser();
    await signInOverHttp(otherPage, account);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(page.getByText('Other sessions signed out')).toBeVisible();
    await expect(page.getByText('No other device is signed in.')).toBeVisible();
    expect((await otherPage.request.get(`${APP_URL}/api/me`)).status()).toBe(401);

    await signInOverHttp(otherPage, account);
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel(/^Current Password/).fill('wrong-password');
    await password.getByLabel(/^New Password/).fill('a-brand-new-passphrase');
    await password.getByLabel(/^Confirm New Password/).fill('a-brand-new-passphrase');
    await password.getByLabel(/^Confirm New Password/).press('Enter');
    await expect(password.getByLabel(/^Current Password/)).toHaveAccessibleDescription(/Your current password is not right\./);
    await expect(password.getByLabel(/^Current Password/)).toBeFocused();
    await expect(password.getByTestId('live-region')).toHaveText('Your current password is not right.');
    await password.getByLabel(/^Current Password/).fill(account.password);
    await password.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Your other sessions were signed out.')).toBeVisible();
    await expect(password.getByLabel(/^Current Password/)).toHaveValue('');
    expect((await otherPage.request.get(`${APP_URL}/api/me`)).status()).toBe(401);
    // This device stays signed in.
    expect((await page.request.get(`${APP_URL}/api/me`)).status()).toBe(200);
  });

  test('any user can enrol an authenticator app, then sign in with a backup code', async ({ page, user: account }) => {
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    const { totp, backupCodes } = await startTotpEnrolment(page, account.password);
    await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(section.getByTestId('totp-secret')).toHaveText(totp.secret.base32.replace(/(.{4})/g, '$1 ').trim());
    await section.getByLabel(/^Authentication code/).fill(totp.generate() === '000000' ? '111111' : '000000');
    await section.getByRole('button', { name: 'Verify and Turn On' }).click();
    await expect(section.getByLabel(/^Authentication code/)).toHaveAccessibleDescription(/^That code is not right\./);
    await expect(section.getByTestId('live-region')).toHaveText('That code is not right. Check the time on your phone and try the newest code.');
    await section.getByLabel(/^Authentication code/).fill(totp.generate());
    await section.getByRole('button', { name: 'Verify and Turn On' }).click();
    await expect(section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
    await expect(section.getByText(backupCodes[0])).toBeVisible();
    await section.getByRole('button', { name: 'I Have Saved My Codes' }).click();
    await expect(section.getByText('Two-factor authentication is on.')).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expect(page.getByLabel(/^Authentication code/)).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page.getByLabel(/^Authentication code/)).toHaveAttribute('inputmode', 'numeric');
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel(/^Backup code/).fill(backupCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the account page and the dashboard are accessible and fit a 375 px phone', async ({ page, user: _user }) => {
    test.slow(); // sign-up and sign-in, then axe on two pages and a menu at two widths
    for (const path of ['/dashboard', '/account']) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      if (path === '/dashboard') await page.getByRole('button', { name: 'Maybe Later' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Please verify your email address')).toBeVisible();
      if (path === '/account') await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
      await expectAccessible(page);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await hasHorizontalScroll(page)).toBe(false);
    }
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expectAccessible(page);
  });
});
