import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { SAMPLE_PDF } from './support/application';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const reason = 'The statement is cut off at the bottom: please send every page.';

/**
 * Per-document review and versions (docs/product/back-office.md#document-review,
 * docs/product/application.md#document-review): the reviewer marks a bank statement
 * Needs attention with a reason; the buyer reads it on their documents and on the To do
 * page and uploads a new version there; the reviewer sees both versions, downloads the
 * earlier one and accepts the new one, which the buyer then sees Accepted. axe, and
 * 375 px without sideways scrolling for the buyer.
 */
test.describe('per-document review and versions', () => {
  test('Needs attention with a reason, a new version from the To do page, then Accepted', async ({ page, admin: _admin, applicant }) => {
    test.slow();
    await page.goto(`/admin/applications?review=${applicant.applicationId}`);
    const dialog = page.getByRole('dialog', { name: applicant.name });
    const documents = dialog.getByRole('region', { name: 'Documents' });
    const statement = documents.getByRole('listitem', { name: 'Bank Statements, bankStatements.pdf' });
    await expect(statement.getByText('Not reviewed')).toBeVisible();

    // A reason is required: the message under the box.
    await statement.getByRole('button', { name: 'Needs attention: Bank Statements, bankStatements.pdf' }).click();
    await statement.getByRole('button', { name: 'Ask for a new version' }).click();
    await expect(statement.getByText('Write what needs attention: the applicant reads it.')).toBeVisible();
    await statement.getByLabel('What needs attention').fill(reason);
    await expectAccessible(page);
    await statement.getByRole('button', { name: 'Ask for a new version' }).click();
    await expect(toast(page, 'Marked Needs attention')).toBeVisible();
    await expect(statement.getByText('Needs attention', { exact: true })).toBeVisible();
    await expect(statement).toContainText(`Reason given to the applicant: ${reason}`);
    // It became a request for that file.
    await expect(dialog.getByRole('region', { name: 'Requests' }).getByRole('listitem', { name: 'Bank Statements: Open' })).toBeVisible();

    // The buyer: the verdict on the file in the Documents step, then the To do page.
    const buyer = applicant.page;
    await buyer.setViewportSize({ width: 375, height: 800 });
    await buyer.goto('/apply?step=6');
    const card = buyer.getByRole('listitem', { name: 'Bank Statements' });
    await expect(card).toContainText(`Needs attention: ${reason}`);
    await expectAccessible(buyer);
    expect(await hasHorizontalScroll(buyer)).toBe(false);
    await card.getByRole('link', { name: 'Answer it on your To do page' }).click();

    await expect(buyer).toHaveURL(/\/apply\/requests$/);
    const request = buyer.getByRole('region', { name: /^Bank Statements/ });
    await expect(request).toContainText(reason);
    await expect(request).toContainText('About your file bankStatements.pdf');
    await expectAccessible(buyer);
    expect(await hasHorizontalScroll(buyer)).toBe(false);
    await request.getByLabel(/Upload a file/).setInputFiles(SAMPLE_PDF);
    await expect(request.getByText('sample.pdf uploaded')).toBeVisible();
    await request.getByRole('button', { name: 'Send to reviewer' }).click();
    await expect(request.getByText('Sent — waiting for the reviewer')).toBeVisible();

    // The reviewer: the new file, and under it the earlier version, downloadable.
    await page.reload();
    const fresh = documents.getByRole('listitem', { name: 'Bank Statements, sample.pdf' });
    await expect(fresh.getByText('Not reviewed')).toBeVisible();
    const earlier = fresh.getByRole('list', { name: 'Earlier versions of Bank Statements' });
    await expect(earlier).toContainText('bankStatements.pdf');
    await expect(earlier).toContainText(/Uploaded [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(earlier).toContainText(/Replaced on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(documents.getByRole('listitem', { name: 'Bank Statements, bankStatements.pdf' })).toHaveCount(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      earlier.getByRole('link', { name: 'Download earlier version of Bank Statements (bankStatements.pdf)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bankStatements.pdf');
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await fresh.getByRole('button', { name: 'Accept Bank Statements, sample.pdf' }).click();
    await expect(toast(page, 'Document accepted')).toBeVisible();
    await expect(fresh.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(fresh).toContainText(/Marked Accepted by .+ on /);
    await expectAccessible(page);

    // The buyer sees it Accepted; the earlier file is the reviewer's, not listed.
    await buyer.goto('/apply?step=6');
    await expect(card.getByRole('list', { name: 'Bank Statements files' }).getByRole('listitem')).toHaveCount(1);
    await expect(card).toContainText('sample.pdf');
    await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('Needs attention');
    expect(await hasHorizontalScroll(buyer)).toBe(false);
  });
});
