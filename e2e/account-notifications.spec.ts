import { NOTIFICATION_KIND_INFO } from '../src/domain/notifications';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';

/** The account page's "E-mail notifications" (docs/product/accounts.md#e-mail-notifications). */
test.describe('account page: e-mail notifications', () => {
  // Every kind but the staff notices, as the domain lists them (src/domain/notifications.ts).
  const OWN_KINDS = Object.values(NOTIFICATION_KIND_INFO)
    .filter((info) => info.audience !== 'staff')
    .map((info) => info.label);
  const STAFF_KINDS = [
    'New submissions',
    'Answered requests',
    "Applicants' and homeowners' messages",
    'Exit quotes to value, disputes and acceptances',
    "Homeowners' 60-day notices",
    'Requests to change a monthly payment',
    'Documents waiting for our countersignature',
  ];

  test('a switch saves at once and stays after a reload; a plain user sees no staff notices', async ({ page, user }) => {
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'E-mail notifications' });
    await expect(section).toContainText(
      `Choose which e-mails we send to ${user.email}. We always send messages about your account's security and anything you ask for.`,
    );
    await expect(section.getByRole('switch')).toHaveCount(OWN_KINDS.length);
    for (const label of OWN_KINDS) await expect(section.getByRole('switch', { name: label })).toHaveAttribute('aria-checked', 'true');
    await expect(section.getByRole('heading', { name: 'Staff notices' })).toHaveCount(0);

    const messages = section.getByRole('switch', { name: 'New messages from our team' });
    await messages.click();
    await expect(messages).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('E-mail settings saved')).toBeVisible();
    await page.reload();
    await expect(messages).toHaveAttribute('aria-checked', 'false');
    await expect(section.getByRole('switch', { name: 'News and launch announcements' })).toHaveAttribute('aria-checked', 'true');

    // From the keyboard: Space turns it back on.
    await messages.focus();
    await page.keyboard.press('Space');
    await expect(messages).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('E-mail settings saved')).toHaveCount(1);
    await page.reload();
    await expect(messages).toHaveAttribute('aria-checked', 'true');
    await waitForToastsToGo(page);
    await expectAccessible(page);
  });

  test('a save that fails puts the switch back and says so', async ({ page, user: _user }) => {
    await page.goto('/account');
    const drafts = page.getByRole('region', { name: 'E-mail notifications' }).getByRole('switch', { name: 'Reminders to finish my application' });
    await expect(drafts).toHaveAttribute('aria-checked', 'true');
    await page.route('**/api/me/notifications/*', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Boom' } } }));
    await drafts.click();
    await expect(page.getByText('We could not save that. Please try again.')).toBeVisible();
    await expect(drafts).toHaveAttribute('aria-checked', 'true');
    await page.unroute('**/api/me/notifications/*');
    await page.reload();
    await expect(drafts).toHaveAttribute('aria-checked', 'true');
  });

  test('an admin sees the staff notices, off until turned on', async ({ page, admin: _admin }) => {
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'E-mail notifications' });
    await expect(section.getByRole('heading', { name: 'Staff notices' })).toBeVisible();
    await expect(section).toContainText("An application's assignee gets these notices only with the switch on.");
    const staff = section.getByRole('list', { name: 'Staff notices' });
    for (const label of STAFF_KINDS) {
      await expect(staff.getByRole('switch', { name: label })).toHaveAttribute('aria-checked', 'false');
    }
    await expect(section.getByRole('switch')).toHaveCount(OWN_KINDS.length + STAFF_KINDS.length);

    const submissions = staff.getByRole('switch', { name: 'New submissions' });
    await submissions.click();
    await expect(page.getByText('E-mail settings saved')).toBeVisible();
    await page.reload();
    await expect(submissions).toHaveAttribute('aria-checked', 'true');
    await expect(staff.getByRole('switch', { name: 'Answered requests' })).toHaveAttribute('aria-checked', 'false');
  });

  test('fits a 375 px screen', async ({ page, user: _user }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/account#notifications');
    await expect(page.getByRole('region', { name: 'E-mail notifications' }).getByRole('switch').first()).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
  });
});
