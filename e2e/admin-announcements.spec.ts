import { waitlistSubmission } from '../src/domain/factories/waitlist-submission';
import { expect, expectAccessible, hasHorizontalScroll, test, shownText } from './fixtures';
import { mailsTo, uniqueEmail, waitForToastsToGo, uniqueTag } from './support/accounts';
import { APP_URL } from './support/ports';

/**
 * The waitlist's promise made true (docs/product/waitlist.md#confirmation-e-mail, docs/product/back-office.md#announcements):
 * a sign-up gets its confirmation; an admin filters the waitlist, announces to that list, previews, sends, and follows
 * the progress to 'Sent'; every matching address gets the e-mail through the mail sink.
 */
test.describe('/admin/announcements', () => {
  test('an admin announces to a filtered waitlist: compose, preview with the count, send, progress to Sent', async ({ page, admin: _admin, request }) => {
    test.slow(); // three sign-ups, their confirmations, axe three times and the runner's sending
    const tag = uniqueTag('a');
    const emails = [1, 2, 3].map((n) => uniqueEmail(`news${n}.${tag}`));
    for (const [n, email] of emails.entries()) {
      const sent = await request.post('/api/waitlist', {
        data: waitlistSubmission({ timestamp: new Date().toISOString(), firstName: `Reader${'abc'[n]}`, lastName: `Tag${tag}`, email }),
        headers: { origin: APP_URL },
      });
      expect(await sent.json()).toEqual({ status: 'success' });
    }
    // Each sign-up got its confirmation, with a one-click unsubscribe.
    await expect.poll(async () => (await mailsTo(request, emails[0]!)).map((m) => m.subject), { timeout: 15_000 }).toContain("You're on the Ownstead waitlist");
    const confirmation = (await mailsTo(request, emails[0]!)).find((m) => m.subject === "You're on the Ownstead waitlist")!;
    expect(confirmation.text).toContain('Hi Readera,');
    expect(confirmation.text).toContain('/how-much-home-can-i-afford');
    expect(confirmation.text).toMatch(/Unsubscribe: http\S+\/unsubscribe\?token=/);

    // The Waitlist page's filter is the audience.
    await page.goto('/admin/waitlist');
    await page.getByRole('searchbox', { name: 'Search the waitlist' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await expect(page.getByRole('row').filter({ hasText: `Tag${tag}` })).toHaveCount(3);
    await page.getByRole('link', { name: 'Announce to this list' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/announcements\\?q=${tag}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
    await expect(page).toHaveTitle(/^Announcements \| .+ Back Office$/);
    await expect(page.getByText(`Waitlist entries matching “${tag}”`)).toBeVisible();

    // Nothing written: the fields say what is missing.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(shownText(page, 'Subject is required.')).toBeVisible();
    await expect(shownText(page, 'Message is required.')).toBeVisible();

    const subject = `Doors open ${tag}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('We are opening applications this week.\n\nStart yours whenever you are ready.');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('status')).toHaveText('Goes to 3 people on the waitlist now.');
    await expect(preview).toContainText(`Subject: ${subject}`);
    const mail = page.frameLocator('iframe[title="Preview of the e-mail"]');
    await expect(mail.getByText('We are opening applications this week.')).toBeVisible();
    await expect(mail.getByText(/^Hi Reader[abc],$/)).toBeVisible();
    await expect(mail.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
    await expectAccessible(page);

    // A change asks for a new preview before anything can be sent.
    await page.getByLabel('Subject').fill(`${subject}!`);
    await expect(preview).toHaveCount(0);
    await page.getByLabel('Subject').fill(subject);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Send to 3 people' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this announcement?' });
    await expect(confirm).toContainText(`“${subject}” goes to 3 people (waitlist entries matching “${tag}”)`);
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByText('Sending started')).toBeVisible();

    // The list follows the progress until it is sent.
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText(`Waitlist entries matching “${tag}”`);
    await expect(row).toContainText('Sent', { timeout: 20_000 });
    await expect(row).toContainText('3 of 3 sent · 0 skipped · 0 failed');
    await expect(row.getByRole('progressbar', { name: `Progress of “${subject}”` })).toHaveAttribute('aria-valuenow', '100');
    await waitForToastsToGo(page);
    await expectAccessible(page);

    for (const email of emails) {
      await expect.poll(async () => (await mailsTo(request, email)).filter((m) => m.subject === subject).length, { timeout: 15_000 }).toBe(1);
    }
    const announcement = (await mailsTo(request, emails[1]!)).find((m) => m.subject === subject)!;
    expect(announcement.text).toContain('Hi Readerb,\n\nWe are opening applications this week.\n\nStart yours whenever you are ready.');

    // On a phone: one card per announcement, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    const card = page.getByRole('listitem').filter({ hasText: subject });
    await expect(card).toBeVisible();
    await expect(card).toContainText('3 of 3 sent');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
  });
});
