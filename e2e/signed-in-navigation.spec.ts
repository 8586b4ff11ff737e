import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { APP_URL } from './support/ports';

/**
 * Where things are on the signed-in pages (docs/product/dashboard.md#header, #footer): on wider screens the header
 * carries Explore, Dashboard and Chat with its unread count, as the phone's bottom bar does; every page ends with
 * the help address and the privacy policy; every page answers a reload with its own title.
 */

/** The dashboard greets a submitted application with its status pop-up first. */
async function dashboard(page: Page) {
  await page.goto('/dashboard');
  const popup = page.getByRole('dialog');
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);
}

test.describe('signed-in navigation and footer', () => {
  test('at 1280 px the header has Explore, Dashboard and Chat with its unread count; the footer has help and the policy', async ({
    page,
    admin,
    applicant,
  }) => {
    // `page` is signed in as the admin, who answers the buyer over HTTP.
    expect(admin.account.email).toBeTruthy();
    const buyer = applicant.page;
    await buyer.setViewportSize({ width: 1280, height: 900 });
    const reply = await page.request.post(`/api/admin/applications/${applicant.applicationId}/messages`, {
      data: { body: 'Welcome aboard.' },
      headers: { origin: APP_URL },
    });
    expect(reply.status(), await reply.text()).toBe(201);

    await dashboard(buyer);
    const header = buyer.getByRole('navigation', { name: 'Signed-in' });
    await expect(header.getByRole('link', { name: 'Explore' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(header.getByTestId('header-chat-unread')).toHaveText('1');
    await expect(buyer.getByRole('navigation', { name: 'Bottom' })).toBeHidden();

    const footer = buyer.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
    await expectAccessible(buyer);

    await header.getByRole('link', { name: 'Chat, 1 unread' }).click();
    await expect(buyer).toHaveURL(/\/chat$/);
    await expect(buyer.getByText('Welcome aboard.')).toBeVisible();
    await expect(header.getByTestId('header-chat-unread')).toHaveCount(0);
    await header.getByRole('link', { name: 'Explore' }).click();
    await expect(buyer).toHaveURL(/\/explore$/);

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(buyer).toHaveURL(/\/privacy-policy$/);
  });

  test('every dashboard page answers a reload with 200 and its own title', async ({ applicant }) => {
    const buyer = applicant.page;
    for (const [path, title] of [
      ['/dashboard/payment', /^Adjust Monthly Payment \|/],
      ['/dashboard/transfer', /^Transfer Your Equity \|/],
      ['/dashboard/home', /^My Home \|/],
    ] as const) {
      const response = await buyer.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(buyer).toHaveTitle(title);
      await expect(buyer.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('at 375 px the footer sits above the bottom bar, and the header keeps its links for wider screens', async ({ applicant }) => {
    const buyer = applicant.page;
    await buyer.setViewportSize({ width: 375, height: 800 });
    await dashboard(buyer);
    await expect(buyer.getByRole('navigation', { name: 'Signed-in' })).toBeHidden();
    const bottom = buyer.getByRole('navigation', { name: 'Bottom' });
    await expect(bottom.getByRole('link', { name: 'Chat' })).toBeVisible();
    const footer = buyer.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await buyer.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const [footerBox, barBox] = [await footer.boundingBox(), await bottom.boundingBox()];
    expect(footerBox!.y + footerBox!.height).toBeLessThanOrEqual(barBox!.y + 1);
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expectAccessible(buyer);
  });
});
