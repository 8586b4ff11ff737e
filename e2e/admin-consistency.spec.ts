import { expect, expectAccessible, hasHorizontalScroll, test, shownText } from './fixtures';
import { uniqueEmail, waitForToastsToGo, uniqueTag } from './support/accounts';
import { APP_URL } from './support/ports';

/**
 * The back office (docs/product/back-office.md): letters of intent's detail view, edit and status; every list's
 * failure with Try again (offline too); empty states in view on a phone; one layout grid;
 * the settings' regional rates feeding the calculator, and leaving with unsaved changes.
 * Each at 375 and 1280 px.
 */

const LISTS = [
  { path: '/admin/applications', api: /\/api\/admin\/applications(\?|$)/, failed: 'Failed to load applications', search: 'Search applications' },
  { path: '/admin/users', api: /\/api\/admin\/users(\?|$)/, failed: 'Failed to load users', search: 'Search users' },
  { path: '/admin/waitlist', api: /\/api\/admin\/waitlist(\?|$)/, failed: 'Failed to load waitlist applicants', search: 'Search the waitlist' },
  { path: '/admin/letters-of-intent', api: /\/api\/admin\/letters(\?|$)/, failed: 'Failed to load letters of intent', search: 'Search letters of intent' },
  { path: '/admin/audit', api: /\/api\/admin\/audit(\?|$)/, failed: 'Failed to load the audit log', search: null },
] as const;

for (const width of [375, 1280]) {
  test.describe(`the back office at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a letter of intent opens with every field, is edited (refused fields named) and changes status, each in the audit log', async ({
      page,
      admin: { account },
    }) => {
      test.slow();
      const tag = uniqueTag('q');
      const email = uniqueEmail(`loi.${tag}`);
      const added = await page.request.post('/api/admin/letters', {
        headers: { origin: APP_URL },
        multipart: {
          firstName: 'Rosa',
          lastName: `Parks ${tag}`,
          email,
          propertyValue: '450000',
          downPaymentAmount: '45000',
          desiredMonthlyPayment: '2100.25',
          moveInDate: 'Q3 2026',
          notes: 'Prefers a three-bedroom.',
          intendedState: 'Texas',
        },
      });
      expect(added.status()).toBe(201);

      await page.goto(`/admin/letters-of-intent?q=${tag}`);
      await page.getByRole('button', { name: `View letter of intent of Rosa Parks ${tag}` }).click();
      await expect(page).toHaveURL(/[?&]letter=[0-9a-f-]{36}/);
      const dialog = page.getByRole('dialog', { name: `Rosa Parks ${tag}` });
      for (const [label, value] of [
        ['Property Value', '$450,000'],
        ['Down Payment', '$45,000'],
        ['Desired Monthly Payment', '$2,100.25'],
        ['Move-in Date', 'Q3 2026'],
        ['Intended State', 'Texas'],
        ['Notes', 'Prefers a three-bedroom.'],
      ]) {
        await expect(dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]'), label).toHaveText(value);
      }
      await expectAccessible(page);
      expect(await hasHorizontalScroll(page)).toBe(false);

      // Edit: a refused field is named under itself; a good edit is saved.
      await dialog.getByRole('button', { name: 'Edit' }).click();
      await dialog.getByLabel('First Name').fill('');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(shownText(dialog, 'First name is required')).toBeVisible();
      await dialog.getByLabel('First Name').fill('Rosa');
      await dialog.getByLabel('Property Value').fill('475000');
      await dialog.getByLabel('Move-in Date').fill('Flexible');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Letter of intent updated')).toBeVisible();
      await expect(dialog.locator('dt', { hasText: /^Property Value$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('$475,000');

      // Status.
      await dialog.getByLabel('Change status to').selectOption({ label: 'Approved' });
      await dialog.getByRole('button', { name: 'Save status' }).click();
      await expect(page.getByText('Letter of intent status updated')).toBeVisible();
      // The current status line, not the select's option of the same name; it also says who made the letter (staff here).
      await expect(dialog.getByRole('region', { name: 'Status' }).getByRole('paragraph')).toHaveText('Status ApprovedFrom: Staff');
      // A reload keeps it open.
      await page.reload();
      await expect(page.getByRole('dialog', { name: `Rosa Parks ${tag}` })).toBeVisible();
      await waitForToastsToGo(page);

      // The audit log reads as words: the edit's fields and the approval.
      await page.goto('/admin/audit?entity=letters_of_intent');
      const mine = page.getByRole('row').filter({ hasText: account.email.toLowerCase() });
      await expect(mine.filter({ hasText: 'Update' }).filter({ hasText: 'Property value: 450000 → 475000' })).toHaveCount(1);
      await expect(mine.filter({ hasText: 'Update' }).filter({ hasText: 'Move-in date: Q3 2026 → Flexible' })).toHaveCount(1);
      await expect(mine.filter({ hasText: 'Approve' }).filter({ hasText: 'Status: pending → approved' })).toHaveCount(1);
    });

    // One test a list: each waits out the client's retries (about 3 s) on a busy machine; five in one test passed 90 s.
    for (const list of LISTS) {
      test(`${list.path} says when it failed, with Try again, instead of rows of an earlier search${list.path === '/admin/users' ? '; offline too' : ''}`, async ({
        page,
        admin: _admin,
      }) => {
        test.slow(); // the admin's sign-in, then the retries
        await page.goto(list.path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Loading...')).toHaveCount(0);
        let fail = true;
        await page.route(list.api, (route) => (fail ? route.abort('internetdisconnected') : route.fallback()));
        if (list.search) await page.getByRole('searchbox', { name: list.search }).fill(`nobody-${uniqueTag('q')}`);
        else await page.getByLabel('Date range').selectOption('90d');
        const alert = page.getByRole('table').getByRole('alert').filter({ hasText: list.failed });
        await expect(alert, list.path).toBeVisible({ timeout: 20_000 });
        // No stale rows under the new search: the table holds the message alone.
        await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
        await expect(alert).toBeInViewport();
        fail = false;
        await alert.getByRole('button', { name: 'Try again' }).click();
        await expect(alert).toHaveCount(0);
        if (list.path !== '/admin/users') return;

        // Offline: the browser has no network at all.
        await page.unroute(list.api);
        await page.goto('/admin/users');
        // The page's own code and its first rows are in before the network goes (e2e/route-errors.spec.ts covers losing it earlier).
        const search = page.getByRole('searchbox', { name: 'Search users' });
        await expect(search).toBeVisible();
        await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
        await expect(page.getByText('Loading...')).toHaveCount(0);
        await page.context().setOffline(true);
        await search.fill(`offline-${uniqueTag('q')}`);
        const offline = page.getByRole('table').getByRole('alert').filter({ hasText: 'Failed to load users' });
        await expect(offline).toBeVisible({ timeout: 20_000 });
        await page.context().setOffline(false);
        await offline.getByRole('button', { name: 'Try again' }).click();
        await expect(page.getByText('No users found')).toBeVisible();
        expect(await hasHorizontalScroll(page)).toBe(false);
      });
    }

    test('an empty list says so where a phone sees it', async ({ page, admin: _admin }) => {
      await page.goto(`/admin/letters-of-intent?q=nobody-${uniqueTag('q')}`);
      const empty = page.getByRole('table').getByRole('status').filter({ hasText: 'No letters of intent match these filters' });
      await expect(empty).toBeInViewport({ ratio: 1 });
      const box = (await empty.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const text = await empty.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return { left: r.left, right: r.right };
      });
      expect(text.left).toBeGreaterThanOrEqual(0);
      expect(text.right).toBeLessThanOrEqual(width);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectAccessible(page);
    });

    test('the header, the back-office navigation and the page share one left edge', async ({ page, admin: _admin }) => {
      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const left = async (locator: ReturnType<typeof page.locator>) => Math.round((await locator.boundingBox())!.x);
      const header = await left(page.locator('header').getByRole('button').first());
      const nav =
        width >= 1024
          ? await left(page.getByRole('navigation', { name: 'Back office' }).getByRole('link').first())
          : await left(page.getByRole('button', { name: 'Back office menu' }));
      const heading = await left(page.getByRole('heading', { level: 1 }));
      expect(Math.abs(header - nav), `header ${header}, navigation ${nav}`).toBeLessThanOrEqual(1);
      expect(Math.abs(heading - nav), `heading ${heading}, navigation ${nav}`).toBeLessThanOrEqual(1);
    });

    test('the regional rates are edited in the settings, feed the region pre-fill, and leaving unsaved asks first', async ({ page, admin: _admin }) => {
      test.slow();
      const current = await (await page.request.get('/api/admin/settings')).json();
      try {
        await page.goto('/admin/settings');
        const tax = page.getByLabel('Washington property tax (%)');
        await expect(tax).toHaveValue('0.9');
        await tax.fill('31');
        await page.getByRole('button', { name: 'Save Settings' }).click();
        await expect(shownText(page, 'Washington property tax must be 30% or less.')).toBeVisible();

        // Leaving with unsaved changes asks; Cancel stays.
        let asked = '';
        page.once('dialog', (d) => {
          asked = d.message();
          void d.dismiss();
        });
        if (width >= 1024) await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
        else {
          await page.getByRole('button', { name: 'Back office menu' }).click();
          await page.getByRole('dialog').getByRole('link', { name: 'Users' }).click();
        }
        await expect.poll(() => asked).toBe('You have unsaved changes. Leave this page and lose them?');
        await expect(page).toHaveURL(/\/admin\/settings$/);
        await page.keyboard.press('Escape');

        await tax.fill('1.15');
        await page.getByLabel('Washington insurance (%)').fill('0.45');
        await page.getByRole('button', { name: 'Save Settings' }).click();
        await expect(page.getByText('Settings Saved')).toBeVisible();
        await expectAccessible(page);
        expect(await hasHorizontalScroll(page)).toBe(false);

        // Saved: leaving asks nothing, and the calculator's region pre-fill follows.
        await page.goto('/how-much-home-can-i-afford');
        await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Washington' });
        await expect(page.getByLabel('Property tax rate', { exact: true })).toHaveValue('1.15');

        // The audit log names the rate in words.
        await page.goto('/admin/audit?entity=settings');
        await expect(page.getByRole('row').filter({ hasText: 'Property tax (%), Washington: 0.9 → 1.15' }).first()).toBeVisible();

        // /affordability says its rate is part of its calibration.
        await page.goto('/affordability');
        await page.getByRole('button', { name: /Calculate/ }).click();
        await expect(
          page.getByText(/mortgage rate is part of this calculator’s calibration|mortgage rate is part of this calculator's calibration/),
        ).toBeVisible();
      } finally {
        await page.request.put('/api/admin/settings', { data: current, headers: { origin: APP_URL } });
      }
    });
  });
}
