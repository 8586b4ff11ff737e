import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { approveOverHttp } from './support/homes';

/**
 * /apply once staff approved (docs/product/application.md#statuses): the decision, not the decision window; the
 * answers and the documents as decided on, with no badge of missing documents and no upload — on a phone and a desktop.
 */
test.describe('/apply after approval', () => {
  for (const width of [375, 1280]) {
    test(`says the application is approved and asks for nothing more (${width} px)`, async ({ page, admin: _admin, applicant }) => {
      await approveOverHttp(page, applicant.applicationId);
      const buyer = applicant.page;
      await buyer.setViewportSize({ width, height: 900 });
      await buyer.goto('/apply');
      await expect(buyer.getByRole('heading', { name: 'Home Application' })).toBeVisible();
      // Any step says it: the answers are as decided on.
      await expect(buyer.getByText('Your application is approved: these are the answers we decided on.')).toBeVisible();
      await expect(buyer.getByText(/you can still add documents/i)).toHaveCount(0);

      await buyer
        .getByRole('navigation', { name: 'Application steps' })
        .getByRole('button', { name: /: Documents/ })
        .click();
      const notice = buyer.getByRole('region', { name: /Congratulations, you are approved!/ });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('there is nothing more to send here');
      await expect(buyer.getByText(/decision within/i)).toHaveCount(0);
      await expect(buyer.getByText('Missing Required Documents')).toHaveCount(0);
      await expect(buyer.getByText(/Upload a New Version|Choose File/)).toHaveCount(0);
      const documents = buyer.getByRole('list', { name: 'Documents' });
      await expect(documents.getByRole('link', { name: 'governmentId.pdf' })).toBeVisible();

      expect(await hasHorizontalScroll(buyer)).toBe(false);
      await expectAccessible(buyer);
    });
  }
});
