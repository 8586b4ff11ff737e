import type { Page } from '@playwright/test';
import { formatDateTime } from '../src/domain/format';
import { expect, expectAccessible, hasHorizontalScroll, test, shownText } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { APP_URL } from './support/ports';

/**
 * Settings → calculator defaults → audit log. The calculator specs run at the
 * same time against the same server and assert the default figures, so this spec
 * changes only the HOA default (shown on the affordability calculator, used in
 * no figure and asserted by no other spec), and puts it back at the end.
 */
const HOA_DEFAULT = 200;
const HOA_CHANGED = 275;

async function restoreHoa(page: Page) {
  const current = await page.request.get('/api/admin/settings');
  if (!current.ok()) return;
  const settings = (await current.json()) as { hoaDefault: number };
  if (settings.hoaDefault === HOA_DEFAULT) return;
  const restored = await page.request.put('/api/admin/settings', { data: { ...settings, hoaDefault: HOA_DEFAULT }, headers: { origin: APP_URL } });
  expect(restored.status()).toBe(200);
}

test.describe('/admin/settings and /admin/audit', () => {
  // An admin in New York reads the audit log in New York's time (src/web/lib/dates.ts).
  test.use({ timezoneId: 'America/New_York' });
  // Whatever happened, the HOA default is put back for the calculator specs.
  test.afterEach(async ({ page }) => restoreHoa(page));

  test('an admin changes a default, the calculator starts from it, and the audit log shows the change', async ({ page, admin: { account } }) => {
    test.slow(); // settings, calculator, audit log, and back
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 2, name: 'Application Settings' })).toBeVisible();
    const mortgage = page.getByLabel('Mortgage rate (%)');
    const hoa = page.getByLabel('HOA dues ($ a month)');
    await expect(mortgage).toHaveValue('6.4');
    await expect(mortgage).toHaveAttribute('step', '0.1');
    await expect(page.getByLabel('Property tax (%)', { exact: true })).toHaveValue('1.2');
    await expect(hoa).toHaveValue(String(HOA_DEFAULT));
    await expect(page.getByLabel('E-mail applicants when their status changes')).toBeChecked();
    // Its help says what is really sent: every reviewer's status change (src/server/modules/applications/status-notification.ts).
    await expect(page.getByLabel('E-mail applicants when their status changes')).toHaveAccessibleDescription(
      /every status change a reviewer makes \(to Submitted, In Review, Missing Info, Approved or Declined\).*a new request is e-mailed either way/,
    );
    // Each flag says what it does: two are live (docs/decisions/032-processor-payments.md, 033-signatures.md), two only stored.
    await expect(page.getByLabel('E-signatures')).toHaveAccessibleDescription(/signed in the portal/);
    await expect(page.getByLabel('Payments webhooks')).toHaveAccessibleDescription(/pay by bank debit/);
    await expect(page.getByLabel('Investor view')).toHaveAccessibleDescription('Stored for an upcoming feature: switching it on changes nothing yet.');
    await expectAccessible(page);

    // Invalid: the message sits next to the field and nothing is sent.
    await hoa.fill('-5');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(shownText(page, 'HOA cannot be negative.')).toBeVisible();
    await expect(hoa).toHaveAttribute('aria-invalid', 'true');

    // A failed save keeps what was typed and says so.
    await hoa.fill(String(HOA_CHANGED));
    await page.route('**/api/admin/settings', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'boom' } } }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Failed to save settings. Please try again.')).toBeVisible();
    await expect(hoa).toHaveValue(String(HOA_CHANGED));
    await page.unroute('**/api/admin/settings');

    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings Saved')).toBeVisible();
    await expect(page.getByText('Application settings have been updated successfully.')).toBeVisible();

    // The public calculator, opened next in the same browser, starts from the saved value.
    await page.goto('/how-much-home-can-i-afford');
    await expect(page.getByLabel('HOA dues (monthly)', { exact: true })).toHaveValue(String(HOA_CHANGED));
    await expect(page.getByLabel('Mortgage rate', { exact: true })).toHaveValue('6.4');

    // The audit log shows the update with the actor; the entity filter keeps it.
    await page.goto('/admin/audit');
    await expect(page.getByLabel('Date range')).toHaveValue('7d');
    await page.getByLabel('Entity type').selectOption({ label: 'Settings' });
    await expect(page).toHaveURL(/[?&]entity=settings/);
    const entry = page
      .getByRole('row')
      .filter({ hasText: account.email })
      .filter({ hasText: `HOA dues ($ a month): ${HOA_DEFAULT} → ${HOA_CHANGED}` });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Update');
    await expect(entry).toContainText('Settings');
    await expect(page.getByRole('columnheader', { name: 'Time (ET)' })).toBeVisible();
    const at = await entry.locator('time').getAttribute('datetime');
    await expect(entry.locator('time')).toHaveText(formatDateTime(at!, { timeZone: 'America/New_York' }));
    await page.getByLabel('Action').selectOption({ label: 'Delete' });
    await expect(page.getByText('No audit entries for these filters')).toBeVisible();
    await page.getByLabel('Action').selectOption({ label: 'All Actions' });
    await expect(entry).toHaveCount(1);
    await waitForToastsToGo(page);
    await expectAccessible(page);

    // Put the default back through the page, and the calculator follows.
    await page.goto('/admin/settings');
    await page.getByLabel('HOA dues ($ a month)').fill(String(HOA_DEFAULT));
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings Saved')).toBeVisible();
    await page.goto('/how-much-home-can-i-afford');
    await expect(page.getByLabel('HOA dues (monthly)', { exact: true })).toHaveValue(String(HOA_DEFAULT));
  });

  // /admin/payments is no longer a placeholder: e2e/admin-payments.spec.ts covers it, at 375 px too.
  test('settings and the audit log fit 375 px', async ({ page, admin: _admin }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['/admin/settings', '/admin/audit']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Loading...')).toHaveCount(0);
      expect(await hasHorizontalScroll(page), path).toBe(false);
    }
  });
});
