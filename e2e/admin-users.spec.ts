import { expect, expectAccessible, hasHorizontalScroll, test, shownText } from './fixtures';
import { uniqueEmail, uniqueTag } from './support/accounts';
import { HOMEOWNER } from './support/homes';

/** Letters only: the names are searched, and the search also matches the tag inside e-mail addresses. */

test.describe('/admin/users', () => {
  test('an admin adds a user from the header, finds them, changes their role and deletes them', async ({ page, admin: _admin }) => {
    test.slow(); // a whole journey, with axe three times
    const tag = uniqueTag('q');
    const lastName = `Tester${tag}`;
    const name = `Hana ${lastName}`;
    const email = uniqueEmail(`added.${tag}`);

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Total Users \([\d,]+\+?\)$/);
    await expectAccessible(page);

    // One 'Add User' on the screen (docs/product/back-office.md#users): the header's, which opens the dialog.
    await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(shownText(dialog, 'First name is required')).toBeVisible();
    await expect(shownText(dialog, 'Email is required')).toBeVisible();
    await dialog.getByLabel('First Name').fill('Hana');
    await dialog.getByLabel('Last Name').fill(lastName);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('(303) 555-0142');
    await dialog.getByLabel('Intended State').selectOption('Colorado');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByText('User added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Total Users (1)');
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(name);
    await expect(row).toContainText('(303) 555-0142');
    await expect(row).toContainText('Colorado');
    await expect(row.getByText('User', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').filter({ hasText: name }).getByText('Admin', { exact: true })).toHaveCount(0);

    const role = page.getByRole('combobox', { name: `Role for ${name}` });
    await expect(role).toHaveValue('guest');
    // Homeowner comes with a recorded purchase (docs/decisions/022-homes-and-ledger.md 'Roles'): not offered by hand.
    await expect(role.locator('option')).toHaveText(['Guest', 'Applicant', 'Admin']);
    await role.selectOption('applicant');
    await expect(page.getByText('Role updated')).toBeVisible();

    // Granting or removing Admin asks first (docs/product/back-office.md#users); Cancel changes nothing.
    await role.selectOption('admin');
    const grant = page.getByRole('dialog', { name: `Make ${name} an admin?` });
    await expect(grant).toBeVisible();
    await expectAccessible(page);
    await grant.getByRole('button', { name: 'Cancel' }).click();
    await expect(grant).toHaveCount(0);
    await expect(role).toHaveValue('applicant');
    await expect(role).toBeFocused();
    await role.selectOption('admin');
    await grant.getByRole('button', { name: 'Make admin' }).click();
    await expect(page.getByText(`${name} is now Admin.`)).toBeVisible();
    await expect(role).toHaveValue('admin');
    // The first change's toast said the same words: let it go, so the next one is the removal's own.
    await expect(page.getByText(`${name} is now Applicant.`)).toHaveCount(0, { timeout: 10_000 });
    await role.selectOption('applicant');
    const remove = page.getByRole('dialog', { name: `Remove admin from ${name}?` });
    await remove.getByRole('button', { name: 'Remove admin' }).click();
    await expect(page.getByText(`${name} is now Applicant.`)).toBeVisible();
    await expect(role).toHaveValue('applicant');

    // Not a homeowner (no home): the Homeowner status hides them, as another status does.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Homeowner' });
    await expect(page).toHaveURL(/[?&]filter=homeowner/);
    await expect(page.getByText('No users found')).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Waitlist' });
    await expect(page.getByText('No users found')).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All Statuses' });
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(confirm).toContainText('Are you sure you want to delete this user?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted successfully')).toBeVisible();
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Total Users (0)');

    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All Statuses' });
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`nobody-${tag}`);
    await expect(page.getByText('No users found')).toBeVisible();
    await expectAccessible(page);
  });

  test('an address already in use keeps the dialog open with what was typed', async ({ page, admin: { account } }) => {
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('First Name').fill('Dee');
    await dialog.getByLabel('Last Name').fill('Duplicate');
    await dialog.getByLabel('Email').fill(account.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Add User' }).click();
    // The reason sits under its field, which takes focus; no toast repeats it (docs/product/public-site.md#messages: one rule for messages).
    await expect(shownText(dialog, 'An account with this email already exists.')).toBeVisible();
    await expect(dialog.getByTestId('live-region')).toHaveText('An account with this email already exists.');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(page.getByText('Failed to add user. Email may already exist.')).toHaveCount(0);
    await expect(dialog.getByLabel('First Name')).toHaveValue('Dee');
    await expect(dialog.getByLabel('Email')).toHaveValue(account.email.toUpperCase());
  });

  test('an admin cannot change their own role or delete themself; the list fits a phone', async ({ page, admin: { account } }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/admin/users?q=${encodeURIComponent(account.email)}`);
    const name = `${account.firstName} ${account.lastName}`;
    await expect(page.getByRole('combobox', { name: `Role for ${name}` })).toBeDisabled();
    // An admin wears the 'Admin' badge beside the name (docs/product/back-office.md#users); one 'Add User' on a phone too.
    const nameCell = page.getByRole('row').filter({ hasText: account.email }).getByRole('cell').filter({ hasText: name });
    await expect(nameCell.getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(1);
    // Deleting oneself is refused, so it is not offered (the account page does it).
    await expect(page.getByRole('row').filter({ hasText: account.email })).toHaveCount(1);
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // Nor a homeowner's: their agreement and payment records are kept.
    await page.goto(`/admin/users?q=${encodeURIComponent(HOMEOWNER.email)}`);
    const homeowner = page.getByRole('row').filter({ hasText: HOMEOWNER.email });
    await expect(homeowner.getByRole('cell').getByText('Homeowner', { exact: true }).first()).toBeVisible();
    await expect(homeowner.getByRole('combobox', { name: 'Role for Hana Home' })).toHaveValue('homeowner');
    await expect(homeowner.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });
});
