import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { APP_URL } from './support/ports';

/** Over HTTP, as whoever `request` is signed in as: the buyer (`/api/messages`) or staff (the application's messages). */
async function send(request: APIRequestContext, path: string, count: number, text: (n: number) => string) {
  for (let n = 1; n <= count; n += 1) {
    const reply = await request.post(path, { data: { body: text(n) }, headers: { origin: APP_URL } });
    expect(reply.status(), await reply.text()).toBe(201);
  }
}

/**
 * The staff workflow of the back office (docs/product/back-office.md#assignment, #waiting-for-us):
 * the unread badge, 'Waiting for us' with its age, 'Assign to me' and the list of admins,
 * 'Assigned to me', and the review dialog's older messages and live region.
 */
test.describe('back office: assignment, work queues and the conversation', () => {
  test('a reviewer sees the unread badge and the wait, assigns the application to themself, reads the older messages; accessible, 375 px', async ({
    page,
    admin,
    applicant,
  }) => {
    test.slow();
    const me = `${admin.account.firstName} ${admin.account.lastName}`;
    // 54 messages, more than one page of 50: staff's first (they do not count as unread), then the applicant's 29
    // (a sender may send 30 in 10 minutes: the 30th arrives while the dialog is open).
    await send(page.request, `/api/admin/applications/${applicant.applicationId}/messages`, 25, (n) => `Staff note ${n}`);
    await send(applicant.page.request, '/api/messages', 29, (n) => `Buyer question ${n}`);

    await page.goto(`/admin/applications?q=${applicant.account.lastName}`);
    const table = page.getByRole('table', { name: 'Applications' });
    const row = table.getByRole('row').filter({ hasText: applicant.name });
    await expect(row).toHaveCount(1);
    // The applicant's 29 messages, unread by staff.
    await expect(row.locator('[data-unread]')).toHaveText('29 unread messages');
    await expect(row.locator('[data-unread]')).toBeVisible();

    // Waiting for us: just submitted, so it has waited under an hour; the list is oldest first.
    await page.getByRole('button', { name: 'Waiting for us' }).click();
    await expect(page).toHaveURL(/waiting=us/);
    await expect(page).toHaveURL(/sort=waiting_since/);
    await expect(page).toHaveURL(/dir=asc/);
    await expect(page.getByRole('button', { name: 'Waiting for us' })).toHaveAttribute('aria-pressed', 'true');
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Under an hour')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Waiting/ })).toHaveAttribute('aria-sort', 'ascending');

    // Assigned to me: not yet.
    await page.getByRole('button', { name: 'Assigned to me' }).click();
    await expect(page).toHaveURL(/assigned=me/);
    await expect(page.getByText('No applications found')).toBeVisible();
    await page.getByRole('button', { name: 'Assigned to me' }).click();
    await expect(row).toHaveCount(1);
    await expectAccessible(page);

    // The review dialog: not assigned yet; Assign to me.
    await row.getByRole('button', { name: `Review ${applicant.name}` }).click();
    const dialog = page.getByRole('dialog', { name: applicant.name });
    await expect(dialog.getByText('Waiting under an hour')).toBeVisible();
    await expect(dialog.getByText('Not assigned yet')).toBeVisible();
    await dialog.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Application assigned' })).toBeVisible();
    await expect(dialog.getByText(`Assigned to ${me} (you)`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
    const picker = dialog.getByRole('combobox', { name: 'Assignee' });
    await expect(picker.locator('option:checked')).toHaveText(`${me} (you)`);
    await expect(dialog.getByRole('button', { name: 'Assign', exact: true })).toBeDisabled();

    // The Conversation: the newest 50, then the older ones on demand.
    const conversation = dialog.getByRole('region', { name: 'Conversation' });
    const messages = conversation.getByRole('list', { name: 'Messages' });
    await expect(messages.getByText('Buyer question 29', { exact: true })).toBeVisible();
    await expect(messages.getByRole('listitem')).toHaveCount(50);
    await expect(messages.getByText('Staff note 1', { exact: true })).toHaveCount(0);
    await conversation.getByRole('button', { name: 'Show older messages' }).click();
    await expect(messages.getByRole('listitem')).toHaveCount(54);
    await expect(messages.getByText('Staff note 1', { exact: true })).toBeAttached();
    await expect(conversation.getByRole('button', { name: 'Show older messages' })).toHaveCount(0);

    // A sent answer, then a new message from the applicant (asked again every 10 s), are announced politely.
    const live = conversation.locator('[aria-live="polite"]');
    await conversation.getByLabel('Message to the applicant').fill('Thanks, we are on it.');
    await conversation.getByRole('button', { name: 'Send' }).click();
    await expect(live).toHaveText('Message sent.');
    await expect(messages.getByRole('listitem')).toHaveCount(55);
    await send(applicant.page.request, '/api/messages', 1, () => 'One more question');
    await expect(messages.getByText('One more question')).toBeVisible({ timeout: 20_000 });
    await expect(live).toHaveText('New message from Applicant.');
    await expectAccessible(page);

    // Unassigned through the list of admins, then back to me.
    await picker.selectOption({ label: 'Unassigned' });
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog.getByText('Not assigned yet')).toBeVisible();
    await picker.selectOption({ label: `${me} (you)` });
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog.getByText(`Assigned to ${me} (you)`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The list: assigned to me, and read (the dialog showed the messages).
    await expect(row.getByRole('cell', { name: me, exact: true })).toBeVisible();
    await expect(row.locator('[data-unread]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Assigned to me' }).click();
    await expect(page).toHaveURL(/assigned=me/);
    await expect(row).toHaveCount(1);
    // Leaving Waiting for us drops its order too.
    await page.getByRole('button', { name: 'Waiting for us' }).click();
    await expect(page).not.toHaveURL(/waiting=|sort=|dir=/);
    await expect(row).toHaveCount(1);

    // 375 px: the toolbar and the list fit without sideways scroll.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row).toHaveCount(1);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
  });

  test('reading the conversation in the review dialog clears the unread badge on the list', async ({ page, admin: _admin, applicant }) => {
    await send(applicant.page.request, '/api/messages', 2, (n) => `Quick question ${n}`);
    await page.goto(`/admin/applications?q=${applicant.account.lastName}`);
    const row = page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: applicant.name });
    await expect(row.locator('[data-unread]')).toHaveText('2 unread messages');

    // Shown in the dialog, the conversation is read: the list, shown again, has lost its badge.
    const read = page.waitForResponse((response) => response.url().endsWith('/messages/read') && response.status() === 200);
    await row.getByRole('button', { name: `Review ${applicant.name}` }).click();
    const dialog = page.getByRole('dialog', { name: applicant.name });
    await expect(dialog.getByRole('list', { name: 'Messages' }).getByText('Quick question 2')).toBeVisible();
    await read;
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-unread]')).toHaveCount(0);
  });
});
