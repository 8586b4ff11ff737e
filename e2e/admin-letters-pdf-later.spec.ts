import path from 'node:path';
import { expect, expectAccessible, hasHorizontalScroll, shownText, test } from './fixtures';
import { uniqueEmail, uniqueTag } from './support/accounts';

const SAMPLE_PDF = path.resolve('src/server/test/fixtures/sample.pdf');
const SAMPLE_PNG = path.resolve('src/server/test/fixtures/sample.png');

/**
 * docs/product/back-office.md#letters-of-intent: the same letter twice is refused in the Add dialog, which keeps what
 * was typed and says where the first one is; a letter added without its PDF takes one later on its detail view, and
 * one that has it can have it replaced. A file that is not a PDF is refused there with the reason, which stays.
 */
for (const width of [375, 1280]) {
  test(`letters: an exact duplicate is refused, and a PDF is attached and replaced later (${width} px)`, async ({ page, admin: _admin }) => {
    test.slow(); // two adds, two uploads and axe
    await page.setViewportSize({ width, height: 900 });
    const tag = uniqueTag('q');
    const name = `Rosa Parks ${tag}`;
    const email = uniqueEmail(`later.${tag}`);

    await page.goto('/admin/letters-of-intent');
    const add = async () => {
      await page.getByRole('button', { name: 'Add Letter of Intent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Letter of Intent' });
      await dialog.getByLabel('First Name').fill('Rosa');
      await dialog.getByLabel('Last Name').fill(`Parks ${tag}`);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Property Value').fill('425000');
      await dialog.getByRole('button', { name: 'Add Letter of Intent' }).click();
      return dialog;
    };
    const first = await add();
    await expect(first).toBeHidden();

    // The same letter again: refused in the dialog, which keeps what was typed.
    const again = await add();
    await expect(shownText(again, `This letter is already on the list (${name}, ${email}). Open it there to attach or replace its PDF.`)).toBeVisible();
    await expect(again.getByLabel('Email')).toHaveValue(email);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('searchbox', { name: 'Search letters of intent' }).fill(tag);
    await expect(page.getByRole('button', { name: `View letter of intent of ${name}` })).toHaveCount(1);

    // Its PDF, later: a PNG is refused with the reason, then a PDF is attached, then replaced.
    await page.getByRole('button', { name: `View letter of intent of ${name}` }).click();
    const detail = page.getByRole('dialog', { name });
    const pdfRow = detail.locator('dt:text-is("PDF") + dd');
    await expect(pdfRow).toHaveText('None');
    const choose = async (label: string, file: string) => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), detail.getByRole('button', { name: label }).click()]);
      await chooser.setFiles(file);
    };
    await choose('Attach PDF…', SAMPLE_PNG);
    await expect(detail.getByRole('alert')).toHaveText('Please upload a PDF file.');
    await expect(pdfRow).toHaveText('None');
    await choose('Attach PDF…', SAMPLE_PDF);
    await expect(pdfRow).toHaveText('Attached');
    await expect(detail.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('PDF attached')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
    await choose('Replace PDF…', SAMPLE_PDF);
    await expect(page.getByText('PDF replaced')).toBeVisible();
    await expect(pdfRow).toHaveText('Attached');
  });
}
