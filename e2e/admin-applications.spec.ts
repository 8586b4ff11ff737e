import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('back office: applications', () => {
  test('an admin reviews an application a user just submitted: dashboard, search, document download, approval, notes; the user sees it approved', async ({
    page,
    admin,
    applicant,
  }) => {
    test.slow();
    const userPage = applicant.page;

    // /admin: the figures, and the new application among the most recent.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Waitlist Applicants/ })).toHaveAttribute('href', '/admin/waitlist');
    await expect(page.getByRole('link', { name: /Letters of Intent/ }).first()).toHaveAttribute('href', '/admin/letters-of-intent');
    const kpis = page.getByRole('region', { name: 'Applications', exact: true });
    for (const label of ['New (7d)', 'In Review', 'Approved', 'Declined', 'Avg Decision']) await expect(kpis.getByText(label, { exact: true })).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent Applications' });
    const item = recent.getByRole('listitem').filter({ hasText: applicant.name });
    await expect(item).toBeVisible();
    await expect(item.getByText('Submitted', { exact: true })).toBeVisible();
    await expect(item.getByRole('link', { name: `Review ${applicant.name}` })).toHaveAttribute('href', `/admin/applications?review=${applicant.applicationId}`);
    const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
    await expect(shortcuts.getByRole('link', { name: /New Submissions/ })).toHaveAttribute('href', '/admin/applications?status=submitted');
    await expect(shortcuts.getByRole('link', { name: /In Review/ })).toHaveAttribute('href', '/admin/applications?status=in_review');
    await expect(shortcuts.getByRole('link', { name: /Users/ })).toHaveAttribute('href', '/admin/users');
    await expect(shortcuts.getByRole('link', { name: /Letters of Intent/ })).toHaveAttribute('href', '/admin/letters-of-intent');
    await expectAccessible(page);

    // The dashboard's Review link opens the dialog on the applications page.
    await item.getByRole('link', { name: `Review ${applicant.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/applications\\?review=${applicant.applicationId}$`));
    await expect(page.getByRole('dialog', { name: applicant.name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/applications$/);

    // Search, then Review from the table.
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(applicant.account.lastName.slice(2));
    await expect(page).toHaveURL(new RegExp(`q=${applicant.account.lastName.slice(2)}`));
    const table = page.getByRole('table', { name: 'Applications' });
    const row = table.getByRole('row').filter({ hasText: applicant.name });
    await expect(row).toHaveCount(1);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText(applicant.account.email);
    await expect(row).toContainText('$420,000');
    await expect(row.getByText('Submitted', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Review ${applicant.name}` }).click();

    const dialog = page.getByRole('dialog', { name: applicant.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^Submitted [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
    for (const section of [
      'Personal Information',
      'Employment & Income',
      'Assets',
      'Debts (monthly payments)',
      'Property Information',
      'Consent & Certification',
      'Requests',
      'Documents',
    ]) {
      await expect(dialog.getByRole('heading', { name: section })).toBeVisible();
    }
    await expect(dialog.getByText('Dec 10, 1990')).toBeVisible();
    await expect(dialog.getByText('•••• 6789')).toBeVisible();
    await expect(dialog.getByText('Babbage & Co')).toBeVisible();
    await expect(dialog.getByText('$102,000')).toBeVisible();
    await expect(dialog.getByText('400 Oak Lane, Austin, TX')).toBeVisible();

    // Download a document.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download Government ID (governmentId.pdf)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('governmentId.pdf');
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Approve: chosen, then saved after a confirmation naming the e-mail; toast, the dialog shows it, the list behind it too.
    await dialog.getByLabel('Status', { exact: true }).selectOption('approved');
    await expect(dialog.getByText('Current status').locator('..')).toContainText('Submitted');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change the status to Approved?' });
    // It names the record it changes: whose application, for which home.
    await expect(confirm).toHaveAccessibleDescription(`${applicant.name}’s application for 400 Oak Lane, Austin, TX: from Submitted to Approved.`);
    await expect(confirm).toContainText('Your home application is approved');
    // No file was reviewed: the confirmation says so and needs a second, explicit one.
    await expect(confirm).toContainText('The documents are not all accepted.');
    await expect(confirm).toContainText(/\d+ files? not reviewed yet\./);
    const save = confirm.getByRole('button', { name: 'Save status: Approved' });
    await expect(save).toBeDisabled();
    await confirm.getByRole('checkbox', { name: 'I have checked the documents and approve anyway' }).check();
    await save.click();
    await expect(toast(page, 'Application status updated')).toBeVisible();
    await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('approved');
    await expect(dialog.getByText('Current status').locator('..')).toContainText('Approved');
    await expect(dialog.getByText(/^Last reviewed /)).toBeVisible();

    // Notes are saved when the box loses focus.
    await dialog.getByLabel('Admin Notes').fill('Employment confirmed by phone.');
    await dialog.getByLabel('Admin Notes').press('Tab');
    await expect(toast(page, 'Notes updated')).toBeVisible();
    await waitForToastsToGo(page);
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/review=/);
    await expect(row.getByRole('button', { name: `Review ${applicant.name}` })).toBeFocused();
    await expect(row.getByText('Approved', { exact: true })).toBeVisible();

    // The notes are there when the dialog opens again.
    await row.getByRole('button', { name: `Review ${applicant.name}` }).click();
    await expect(page.getByRole('dialog').getByLabel('Admin Notes')).toHaveValue('Employment confirmed by phone.');
    // Back closes it.
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The audit log shows the approval, the notes and the download, each with this admin as the actor.
    await page.goto('/admin/audit?entity=applications');
    const auditRows = page.getByRole('row').filter({ hasText: admin.account.email.toLowerCase() });
    await expect(auditRows.filter({ hasText: 'Approve' }).filter({ hasText: 'status' })).toHaveCount(1);
    await expect(auditRows.filter({ hasText: 'Update' }).filter({ hasText: 'notes' })).toHaveCount(1);
    await page.goto('/admin/audit?entity=documents&action=download');
    await expect(page.getByRole('row').filter({ hasText: admin.account.email.toLowerCase() }).filter({ hasText: 'Download' })).toHaveCount(1);

    // The user's dashboard shows the approved status.
    await userPage.goto('/dashboard');
    await expect(userPage.getByRole('dialog', { name: 'Congratulations, you are approved!' })).toBeVisible();
    await userPage.getByRole('button', { name: 'View Example Dashboard' }).click();
    await expect(userPage.getByRole('region', { name: /Home application/ }).getByText('Approved', { exact: true })).toBeVisible();
  });

  test('filters by status and submitted dates, keeps the list in the URL, works on a phone, and passes axe', async ({ page, admin: _admin, applicant }) => {
    test.slow();

    await page.goto(`/admin/applications?q=${applicant.account.lastName}`);
    const table = page.getByRole('table', { name: 'Applications' });
    const row = table.getByRole('row').filter({ hasText: applicant.name });
    await expect(row).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search applications' })).toHaveAttribute('placeholder', 'Search by name, email or ID');

    const status = page.getByLabel('Status', { exact: true });
    await expect(status.locator('option')).toHaveText(['All Statuses', 'Submitted', 'In Review', 'Missing Info', 'Approved', 'Declined', 'Withdrawn']);
    await status.selectOption('declined');
    await expect(page).toHaveURL(/status=declined/);
    await expect(table.getByText('No applications found')).toBeVisible();
    await status.selectOption('submitted');
    await expect(row).toBeVisible();

    // More Filters: a date range that ends before today hides it; today shows it.
    await page.getByRole('button', { name: 'More Filters' }).click();
    await page.getByLabel('Submitted to').fill('2020-01-31');
    await expect(page).toHaveURL(/to=2020-01-31/);
    await expect(table.getByText('No applications found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear dates' }).click();
    await expect(row).toBeVisible();

    // A reload keeps the filter; the ID finds it too.
    await page.reload();
    await expect(status).toHaveValue('submitted');
    await expect(row).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(applicant.applicationId.slice(0, 8));
    await expect(row).toBeVisible();

    // The export link carries the filter.
    await expect(page.getByRole('link', { name: 'Export' })).toHaveAttribute('href', new RegExp(`^/api/admin/applications/export\\?.*status=submitted`));
    // The search's answer is in: axe reads the table as shown, not dimmed while it refreshes.
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page);

    // Sorting by a column header.
    await page.getByRole('button', { name: 'Applicant' }).click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(page.getByRole('columnheader', { name: 'Applicant' })).toHaveAttribute('aria-sort', 'descending');

    // 375 px: the table scrolls inside its card, the page does not.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row).toBeAttached();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto('/admin');
    await expect(page.getByRole('region', { name: 'Recent Applications' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test("a failed list load says 'Failed to load applications' and offers a retry", async ({ page, admin: _admin }) => {
    let fail = true;
    await page.route(/\/api\/admin\/applications(\?|$)/, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"boom","message":"x"}}' }) : route.fallback(),
    );
    await page.goto('/admin/applications');
    await expect(toast(page, 'Failed to load applications')).toBeVisible({ timeout: 15_000 });
    const table = page.getByRole('table', { name: 'Applications' });
    await expect(table.getByText('Failed to load applications')).toBeVisible();
    fail = false;
    await table.getByRole('button', { name: 'Try again' }).click();
    await expect(table.getByText('Failed to load applications')).toHaveCount(0);
  });
});
