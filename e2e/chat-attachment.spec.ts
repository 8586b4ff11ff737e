import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { SAMPLE_PDF, SAMPLE_PNG } from './support/application';

/**
 * Chat takes an attachment (docs/decisions/041-withdrawal-and-change-requests.md): the buyer sends a PDF from /chat,
 * staff see it in the review dialog's conversation with its name and a download link and answer with a PNG; a file
 * of another kind is refused under the button. At 375 and 1280 px, axe on each screen.
 */
test.describe('chat: a file with a message', () => {
  for (const width of [375, 1280]) {
    test(`the buyer sends a PDF, staff download it and answer with an image (${width} px)`, async ({ page, admin: _admin, applicant }) => {
      test.slow();
      const buyer = applicant.page;
      await buyer.setViewportSize({ width, height: 900 });
      await buyer.goto('/chat');
      await expect(buyer.getByRole('heading', { level: 1, name: 'Chat with us' })).toBeVisible();

      // Not a PDF, JPG or PNG by its content: refused, named under the button.
      await buyer.getByTestId('attach-file-input').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
      await expect(buyer.getByRole('alert').filter({ hasText: 'notes.pdf was not sent: Please upload PDF, JPG, or PNG files only.' })).toBeVisible();

      await buyer.getByTestId('attach-file-input').setInputFiles(SAMPLE_PDF);
      const messages = buyer.getByRole('list', { name: 'Messages' });
      const link = messages.getByRole('link', { name: /^Download sample\.pdf/ });
      await expect(link).toBeVisible();
      await expect(buyer.getByRole('button', { name: 'Attach a file' })).toBeFocused();
      expect(await hasHorizontalScroll(buyer)).toBe(false);
      await expectAccessible(buyer);

      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/applications?review=${applicant.applicationId}`);
      const review = page.getByRole('dialog', { name: applicant.name });
      const staffLink = review.getByRole('link', { name: /^Download sample\.pdf/ });
      await expect(staffLink).toBeVisible();
      const download = page.waitForEvent('download');
      await staffLink.click();
      expect((await download).suggestedFilename()).toBe('sample.pdf');
      await review.getByTestId('attach-file-input').setInputFiles(SAMPLE_PNG);
      await expect(review.getByRole('link', { name: /^Download sample\.png/ })).toBeVisible();
      await expectAccessible(page);

      await buyer.reload();
      await expect(messages.getByRole('link', { name: /^Download sample\.png/ })).toBeVisible();
    });
  }
});
