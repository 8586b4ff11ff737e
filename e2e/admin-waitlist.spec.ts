import { waitlistSubmission } from '../src/domain/factories/waitlist-submission';
import { expect, expectAccessible, test, shownText } from './fixtures';
import { uniqueEmail, uniqueTag } from './support/accounts';
import { APP_URL } from './support/ports';

/** A complete public submission, as the /waitlist page sends it (docs/product/waitlist.md#fields), with the values the details dialog is checked for. */
const submission = (lastName: string, email: string) =>
  waitlistSubmission({
    timestamp: new Date().toISOString(),
    firstName: 'Maria',
    lastName,
    email,
    phone: '(214) 555-0134',
    downPayment: '$15K',
    priority: 'lower-payments',
    interests: 'Lower payments and building equity.',
  });

test.describe('/admin/waitlist', () => {
  test('a public submission shows in the list as Buying, with every field in its details', async ({ page, admin: _admin, request }) => {
    test.slow(); // axe twice, a dialog and a filter
    const tag = uniqueTag('w');
    const lastName = `Lopez${tag}`;
    const email = uniqueEmail(`public.${tag}`);
    const sent = await request.post('/api/waitlist', { data: submission(lastName, email), headers: { origin: APP_URL } });
    expect(await sent.json()).toEqual({ status: 'success' });

    await page.goto('/admin/waitlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /^Date \(.+\)$/ })).toBeVisible();
    for (const header of ['Name', 'Email', 'Phone', 'Interested In', 'Intended State', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await page.getByRole('searchbox', { name: 'Search the waitlist' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Maria ${lastName}`);
    await expect(row).toContainText('(214) 555-0134');
    await expect(row.getByRole('cell', { name: 'Buying', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Texas', exact: true })).toBeVisible();
    await expectAccessible(page);

    await row.getByRole('button', { name: `View details for Maria ${lastName}` }).click();
    const details = page.getByRole('dialog', { name: `Maria ${lastName}` });
    for (const [label, value] of [
      ['City & State', 'Dallas, TX'],
      ['Home Type', 'New Home'],
      ['Timeline', 'Within 6 months'],
      ['Price Range', '$300k - $400k'],
      ['Down Payment', '$15K'],
      ['Monthly Payment Range', '$1,800-$2,000'],
      ['Priority', 'Lower down payment & monthly payment'],
      ['Housing Status', 'Renter'],
      ['Interests', 'Lower payments and building equity.'],
      ['Contact Consent', 'Yes'],
      ['Source', 'Waitlist form'],
    ]) {
      const term = details.locator('dt', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
      await expect(term.locator('xpath=following-sibling::dd[1]'), label).toHaveText(value);
    }
    // docs/product/back-office.md#waitlist: no field twice — each label once, and the public form's timeline is the Timeline line, not a second one.
    const terms = await details.locator('dt').allTextContents();
    expect(terms.length).toBeGreaterThan(15);
    expect(new Set(terms).size, terms.join(', ')).toBe(terms.length);
    expect(terms).not.toContain('Buying Timeline');
    const values = await details.locator('dd').allTextContents();
    expect(values.filter((v) => v === 'Within 6 months')).toHaveLength(1);
    await expectAccessible(page);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    // The interest filter: public submissions count as buying.
    await page.getByLabel('Interested In', { exact: true }).selectOption({ label: 'Refinancing' });
    await expect(page.getByText('No applicants found')).toBeVisible();
    await page.getByLabel('Interested In', { exact: true }).selectOption({ label: 'Buying' });
    await expect(row).toHaveCount(1);
  });

  test('an admin adds an applicant and deletes them', async ({ page, admin: _admin }) => {
    test.slow(); // add, refused duplicate, delete
    const tag = uniqueTag('w');
    const lastName = `Added${tag}`;
    const email = uniqueEmail(`staff.${tag}`);
    await page.goto('/admin/waitlist');
    await page.getByRole('button', { name: 'Add Applicant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Applicant' });
    await dialog.getByRole('button', { name: 'Add Applicant' }).click();
    await expect(shownText(dialog, 'Last name is required')).toBeVisible();
    await dialog.getByLabel('First Name').fill('Rita');
    await dialog.getByLabel('Last Name').fill(lastName);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('(512) 555-0111');
    await dialog.getByLabel('Interested In').selectOption({ label: 'Refinancing' });
    await dialog.getByLabel('Intended State').selectOption('Oregon');
    await dialog.getByLabel('Location').fill('Portland, OR');
    await dialog.getByLabel('Timeline').fill('Next spring');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add Applicant' }).click();
    await expect(page.getByText('Applicant added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search the waitlist' }).fill(tag);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'Refinancing', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Oregon', exact: true })).toBeVisible();

    // The same address again: refused, the dialog keeps what was typed.
    await page.getByRole('button', { name: 'Add Applicant' }).click();
    await dialog.getByLabel('First Name').fill('Rita');
    await dialog.getByLabel('Last Name').fill('Again');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Add Applicant' }).click();
    // The reason sits under its field, which takes focus; no toast repeats it (docs/product/public-site.md#messages: one rule for messages).
    await expect(shownText(dialog, 'This email is already on the waitlist.')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(page.getByText('Failed to add applicant')).toHaveCount(0);
    await expect(dialog.getByLabel('Last Name')).toHaveValue('Again');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: `Delete Rita ${lastName}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete Rita ${lastName}?` });
    await expect(confirm).toContainText('Are you sure you want to delete this applicant?');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Applicant deleted successfully')).toBeVisible();
    await expect(page.getByText('No applicants found')).toBeVisible();
  });

  test("says 'No applicants yet' for an empty list and 'Failed to load waitlist applicants' when loading fails", async ({ page, admin: _admin }) => {
    await page.route(/\/api\/admin\/waitlist(\?.*)?$/, (route) => route.fulfill({ json: { items: [], page: 1, pageSize: 25, total: 0, totalCapped: false } }));
    await page.goto('/admin/waitlist');
    await expect(page.getByText('No applicants yet')).toBeVisible();
    await expectAccessible(page);

    await page.unroute(/\/api\/admin\/waitlist(\?.*)?$/);
    await page.route(/\/api\/admin\/waitlist(\?.*)?$/, (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Something went wrong.' } } }),
    );
    await page.reload();
    // A 5xx is asked twice more (1 s, then 2 s later: src/web/lib/query-client.ts) before the page says it failed.
    await expect(page.getByText('Failed to load waitlist applicants').first()).toBeVisible({ timeout: 15_000 });
  });
});
