import type { APIRequestContext, Page } from '@playwright/test';
import { UNSUBSCRIBE_TEXTS } from '../src/domain/notifications';
import { waitlistSubmission } from '../src/domain/factories/waitlist-submission';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { latestLink, pathOf, uniqueEmail } from './support/accounts';
import { APP_URL } from './support/ports';

/**
 * The unsubscribe link of a real e-mail (docs/product/accounts.md#unsubscribe-links): the waitlist's
 * confirmation (kind waitlist_news, "News and launch announcements") as the mail sink got it.
 */
async function joinWaitlist(request: APIRequestContext, email: string): Promise<URL> {
  const sent = await request.post('/api/waitlist', {
    data: waitlistSubmission({ timestamp: new Date().toISOString(), email }),
    headers: { origin: APP_URL },
  });
  expect(await sent.json()).toEqual({ status: 'success' });
  return latestLink(request, email, '/unsubscribe');
}

/** What the server holds for the link, read over HTTP (reading changes nothing). */
async function subscribedThrough(request: APIRequestContext, link: URL): Promise<boolean> {
  const response = await request.get(`/api/unsubscribe?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { subscribed: boolean }).subscribed;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Unsubscribe from these e-mails' });

test.describe('/unsubscribe', () => {
  test("a mail's link: opening it changes nothing; Unsubscribe turns the kind off, 'Turn it back on' on again", async ({ page, request }) => {
    const link = await joinWaitlist(request, uniqueEmail('unsub'));
    await page.goto(pathOf(link));
    await expect(heading(page)).toBeVisible();
    await expect(page).toHaveTitle(/^Unsubscribe \| /);
    await expect(page.getByText('You are getting: News and launch announcements.')).toBeVisible();
    // Mail scanners open links: the visit left the kind on.
    expect(await subscribedThrough(request, link)).toBe(true);
    await page.reload();
    await expect(page.getByText('You are getting: News and launch announcements.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'go to your account page' })).toHaveAttribute('href', '/account');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const result = page.getByRole('status').filter({ hasText: 'You will no longer get these e-mails.' });
    await expect(result).toBeVisible();
    await expect(result).toBeFocused();
    await expect(page.getByText('These e-mails are off: News and launch announcements.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    expect(await subscribedThrough(request, link)).toBe(false);
    await expectAccessible(page);

    // Opening the link again says the kind is off.
    await page.reload();
    await expect(page.getByText('These e-mails are off: News and launch announcements.')).toBeVisible();
    await page.getByRole('button', { name: 'Turn it back on' }).click();
    const again = page.getByRole('status').filter({ hasText: 'You will get these e-mails again.' });
    await expect(again).toBeFocused();
    await expect(page.getByText('You are getting: News and launch announcements.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    expect(await subscribedThrough(request, link)).toBe(true);
  });

  test("a signed-in user's account page shows what the link changed, and the link shows what the switch changed", async ({ page, user }) => {
    const link = await joinWaitlist(page.request, user.email);
    await page.goto(pathOf(link));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You will no longer get these e-mails.')).toBeVisible();

    await page.getByRole('link', { name: 'go to your account page' }).click();
    const news = page.getByRole('region', { name: 'E-mail notifications' }).getByRole('switch', { name: 'News and launch announcements' });
    await expect(news).toHaveAttribute('aria-checked', 'false');
    await news.click();
    await expect(page.getByText('E-mail settings saved')).toBeVisible();
    await expect(news).toHaveAttribute('aria-checked', 'true');

    await page.goto(pathOf(link));
    await expect(page.getByText('You are getting: News and launch announcements.')).toBeVisible();
  });

  test('a link we did not make, one cut short, or none at all shows the invalid-link text', async ({ page, request }) => {
    const link = await joinWaitlist(request, uniqueEmail('tamper'));
    const token = link.searchParams.get('token') ?? '';
    const middle = Math.floor(token.length / 2);
    const tampered = `${token.slice(0, middle)}${token[middle] === 'A' ? 'B' : 'A'}${token.slice(middle + 1)}`;
    for (const path of [`/unsubscribe?token=${tampered}`, `/unsubscribe?token=${token.slice(0, -12)}`, '/unsubscribe?token=not%20a%20token', '/unsubscribe']) {
      await page.goto(path);
      await expect(heading(page)).toBeVisible();
      await expect(page.getByText(UNSUBSCRIBE_TEXTS.invalid)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'go to your account page' })).toBeVisible();
    await expectAccessible(page);
    // The real link still works: nothing was turned off on the way.
    expect(await subscribedThrough(request, link)).toBe(true);
  });

  test('a lost connection: the page asks to try again, and the second try works', async ({ page, request }) => {
    const link = await joinWaitlist(request, uniqueEmail('offline'));
    await page.goto(pathOf(link));
    await expect(page.getByText('You are getting: News and launch announcements.')).toBeVisible();

    await page.route('**/api/unsubscribe?*', (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const failed = page.getByRole('status').filter({ hasText: 'We could not reach the server. Check your connection and try again.' });
    await expect(failed).toBeFocused();
    expect(await subscribedThrough(request, link)).toBe(true);

    await page.unroute('**/api/unsubscribe?*');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You will no longer get these e-mails.' })).toBeFocused();
    expect(await subscribedThrough(request, link)).toBe(false);
  });

  test('a page that cannot load its link offers to try again', async ({ page, request }) => {
    const link = await joinWaitlist(request, uniqueEmail('down'));
    await page.route('**/api/unsubscribe?*', (route) => route.abort());
    await page.goto(pathOf(link));
    const alert = page.getByRole('alert').filter({ hasText: 'We could not open this link.' });
    await expect(alert).toBeVisible({ timeout: 15_000 }); // the page asks the server again twice first
    await page.unroute('**/api/unsubscribe?*');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('You are getting: News and launch announcements.')).toBeVisible();
  });

  test('fits a 375 px screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const link = await joinWaitlist(request, uniqueEmail('narrow'));
    await page.goto(pathOf(link));
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto('/unsubscribe');
    await expect(page.getByText(UNSUBSCRIBE_TEXTS.invalid)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
  });
});
