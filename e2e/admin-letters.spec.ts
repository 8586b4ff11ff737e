import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, expectAccessible, hasHorizontalScroll, test, shownText } from './fixtures';
import { uniqueEmail, waitForToastsToGo, uniqueTag } from './support/accounts';

const SAMPLE_PDF = path.resolve('src/server/test/fixtures/sample.pdf');
const SAMPLE_PNG = path.resolve('src/server/test/fixtures/sample.png');

/** Letters only: the names are searched, and the search also matches the tag inside e-mail addresses. */

test.describe('/admin/letters-of-intent', () => {
  test('an admin adds a letter with a PDF, finds it, downloads the PDF and deletes the letter', async ({ page, admin: _admin }) => {
    test.slow(); // a whole journey: dialog, search, filter, reload, download, delete, audit log
    const tag = uniqueTag('q');
    const firstName = 'First';
    const lastName = 'Last';
    const email = uniqueEmail(`loi.${tag}`);

    await page.goto('/admin/letters-of-intent');
    await expect(page.getByRole('heading', { level: 1, name: 'Letters of Intent' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText([
      /^Date \((UTC|[A-Z]{2,4}|GMT[+−-][0-9:]+|[A-Za-z ]+ Time)\)$/,
      'Name',
      'Email',
      'Property Address',
      'Intended State',
      'PDF',
      'Status',
      'Actions',
    ]);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add Letter of Intent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Letter of Intent' });
    await dialog.getByRole('button', { name: 'Add Letter of Intent' }).click();
    await expect(shownText(dialog, 'First name is required')).toBeVisible();
    await expect(shownText(dialog, 'Email is required')).toBeVisible();
    await expect(dialog.getByLabel('Status')).toHaveValue('pending');
    await expect(dialog.getByLabel('Move-in Date')).toHaveAttribute('placeholder', /Q3 2025, Spring or Flexible/);
    await expect(dialog.getByLabel('Property Value')).toHaveAttribute('step', '0.01');

    await dialog.getByLabel('First Name').fill(firstName);
    await dialog.getByLabel('Last Name').fill(`${lastName} ${tag}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('(512) 555-0199');
    await dialog.getByLabel('Property Address').fill(`77 Oak Lane ${tag}, Austin, TX`);
    await dialog.getByLabel('Property Value').fill('425000.5');
    await dialog.getByLabel('Down Payment Amount').fill('8500');
    await dialog.getByLabel('Move-in Date').fill('Spring');
    await dialog.getByLabel('Intended State').selectOption('Texas');
    await dialog.getByLabel('Status').selectOption('approved');

    // PDF only: a PNG is refused in the browser, with the reason under the field.
    const pdfInput = dialog.getByLabel('Letter of Intent PDF');
    await expect(pdfInput).toHaveAttribute('accept', 'application/pdf');
    await pdfInput.setInputFiles(SAMPLE_PNG);
    await expect(dialog.getByText('Please upload a PDF file.')).toBeVisible();
    await pdfInput.setInputFiles(SAMPLE_PDF);
    await expect(dialog.getByText('Please upload a PDF file.')).toHaveCount(0);
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Add Letter of Intent' }).click();
    await expect(page.getByText('Letter of intent added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search letters of intent' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${firstName} ${lastName} ${tag}`);
    await expect(row).toContainText(`77 Oak Lane ${tag}, Austin, TX`);
    await expect(row).toContainText('Texas');
    await expect(row.getByText('Approved', { exact: true })).toBeVisible();

    // The status filter keeps it under Approved and hides it under Declined; both live in the URL.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Declined' });
    await expect(page).toHaveURL(/[?&]status=declined/);
    await expect(page.getByText('No letters of intent match these filters')).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Approved' });
    await expect(row).toHaveCount(1);
    await page.reload();
    await expect(row).toHaveCount(1);

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Download PDF of/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`first-last-${tag}-letter-of-intent.pdf`);
    expect(readFileSync(await download.path()).equals(readFileSync(SAMPLE_PDF))).toBe(true);

    // The app's own confirmation names the record; Cancel keeps it, Delete removes it.
    await row.getByRole('button', { name: /^Delete letter of intent of/ }).click();
    const confirm = page.getByRole('dialog', { name: /^Delete letter of intent of .+\?$/ });
    await expect(confirm).toContainText('Are you sure you want to delete this letter of intent?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^Delete letter of intent of/ }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Letter of intent deleted successfully')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No letters of intent match these filters')).toBeVisible();

    // The audit log shows the creation and the deletion.
    await page.goto('/admin/audit?entity=letters_of_intent');
    await expect(page.getByRole('row').filter({ hasText: 'Letters of Intent' }).filter({ hasText: 'Delete' }).first()).toBeVisible();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `Last name: ${lastName} ${tag}` })
        .filter({ hasText: 'Create' }),
    ).toHaveCount(1);
  });

  test('the PDF download name is first-last-letter-of-intent.pdf for a plain name; the page works at 375 px', async ({ page, admin: _admin }) => {
    test.slow(); // add, download, delete, then the phone layout and axe
    const tag = uniqueTag('q');
    await page.goto('/admin/letters-of-intent');
    await page.getByRole('button', { name: 'Add Letter of Intent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Letter of Intent' });
    await dialog.getByLabel('First Name').fill('First');
    await dialog.getByLabel('Last Name').fill('Last');
    await dialog.getByLabel('Email').fill(uniqueEmail(`plain.${tag}`));
    await dialog.getByLabel('Letter of Intent PDF').setInputFiles(SAMPLE_PDF);
    await dialog.getByRole('button', { name: 'Add Letter of Intent' }).click();
    await expect(page.getByText('Letter of intent added successfully')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search letters of intent' }).fill(`plain.${tag}`);
    const row = page.getByRole('row').filter({ hasText: `plain.${tag}` });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Download PDF of/ }).click();
    expect((await downloading).suggestedFilename()).toBe('first-last-letter-of-intent.pdf');

    await row.getByRole('button', { name: /^Delete letter of intent of/ }).click();
    await page
      .getByRole('dialog', { name: /^Delete letter of intent of/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(row).toHaveCount(0);

    // At phone width the table scrolls inside its card; the page does not.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/letters-of-intent');
    await expect(page.getByRole('table', { name: 'Letters of intent' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await waitForToastsToGo(page);
    await expectAccessible(page);
  });
});
