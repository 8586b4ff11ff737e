import { expect, expectAccessible, test } from './fixtures';
import { latestLink, mailsTo, pathOf, uniqueEmail, waitForToastsToGo } from './support/accounts';

test.describe('changing the e-mail address', () => {
  // The journey on a phone and on a desktop (docs/decisions/006-accounts.md, 'Changing the e-mail address').
  for (const width of [375, 1280]) {
    test(`asks for the password, mails a link to the new address and a notice to the old one; the link changes it and the new address signs in (${width} px)`, async ({
      page,
      user: account,
    }) => {
      test.slow(); // a whole journey: errors, request, reload, axe, the mail, the link, sign out and in
      await page.setViewportSize({ width, height: 800 });
      const newEmail = uniqueEmail('moved');
      await page.goto('/account');
      const section = page.getByRole('region', { name: 'E-mail address' });
      await expect(section.getByTestId('current-email')).toHaveText(account.email);

      // Errors under the fields, each said in the section's live region (ADR 023): a bad address, then a wrong
      // password sent with Enter from its field, which keeps focus and so is not read again by itself.
      const live = section.getByTestId('live-region');
      await section.getByLabel(/^New e-mail address/).fill('not-an-address');
      await section.getByLabel(/^Current Password/).fill(account.password);
      await section.getByRole('button', { name: 'Change Email' }).click();
      await expect(section.getByLabel(/^New e-mail address/)).toHaveAccessibleDescription(/Enter a valid email address/);
      await expect(live).toHaveText('Enter a valid email address');
      await section.getByLabel(/^New e-mail address/).fill(newEmail);
      await section.getByLabel(/^Current Password/).fill('not-my-password');
      await section.getByLabel(/^Current Password/).press('Enter');
      await expect(section.getByLabel(/^Current Password/)).toHaveAccessibleDescription(/Your current password is not right\./);
      await expect(section.getByLabel(/^Current Password/)).toBeFocused();
      await expect(live).toHaveText('Your current password is not right.');

      await section.getByLabel(/^Current Password/).fill(account.password);
      await section.getByRole('button', { name: 'Change Email' }).click();
      await expect(page.getByText('Check your new address')).toBeVisible();
      const pending = section.getByRole('status');
      await expect(pending).toContainText(`We sent a link to ${newEmail} — open it to finish.`);
      await expect(section.getByTestId('current-email')).toHaveText(account.email);
      // The pending state survives a reload; nothing has changed yet.
      await page.reload();
      await expect(section.getByRole('status')).toContainText(newEmail);
      await waitForToastsToGo(page);
      await expectAccessible(page);

      await expect
        .poll(async () => (await mailsTo(page.request, account.email)).some((m) => m.subject.includes('being changed') && m.text.includes(newEmail)))
        .toBe(true);
      const link = await latestLink(page.request, newEmail, '/account/confirm-email');
      await page.goto(pathOf(link));
      await expect(page.getByRole('heading', { name: 'Your email address is changed' })).toBeVisible();
      await expect(page.getByRole('strong').filter({ hasText: newEmail })).toBeVisible();
      await page.getByRole('link', { name: 'Go to Account settings' }).click();
      await expect(section.getByTestId('current-email')).toHaveText(newEmail);
      await expect(section.getByText('Verified', { exact: true })).toBeVisible();
      await expect(section.getByRole('status')).toHaveCount(0);

      // Sign out, then in with the new address.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(/\/auth\/signin$/);
      await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);
      await page.getByLabel(/^Password/).fill(account.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Signed in successfully')).toBeVisible();
      await page.goto('/account');
      await expect(section.getByTestId('current-email')).toHaveText(newEmail);
    });
  }

  test('a used or foreign link says so and changes nothing', async ({ page, user: account }) => {
    await page.goto('/account/confirm-email?token=not.a-token');
    await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired');
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'E-mail address' }).getByTestId('current-email')).toHaveText(account.email);
  });
});
