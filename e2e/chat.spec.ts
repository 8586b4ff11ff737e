import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { APP_URL } from './support/ports';

/** docs/product/application.md#conversation: the buyer and our staff talk about the application on /chat. */
test.describe('chat: the conversation about an application', () => {
  test('the buyer asks, staff answers, the unread count shows then clears, the buyer deletes their own message; accessible at 375 px', async ({
    page,
    admin,
    applicant,
  }) => {
    test.slow();
    const buyer = applicant.page;
    await buyer.setViewportSize({ width: 375, height: 800 });
    // Staff answer over HTTP, as the admin signed in on `page`.
    const answer = async (body: string) => {
      const reply = await page.request.post(`/api/admin/applications/${applicant.applicationId}/messages`, { data: { body }, headers: { origin: APP_URL } });
      expect(reply.status(), await reply.text()).toBe(201);
    };

    await buyer.goto('/chat');
    await expect(buyer.getByRole('heading', { level: 1, name: 'Chat with us' })).toBeVisible();
    await expect(buyer.getByText('Ask us anything about your application')).toBeVisible();
    await expectAccessible(buyer);

    // Ctrl+Enter sends; the box empties and the message is listed as the buyer's.
    const box = buyer.getByLabel('Message', { exact: true });
    await box.fill('When will my application be reviewed?');
    await expect(buyer.getByText('37 / 5,000')).toBeVisible();
    await box.press('Control+Enter');
    const messages = buyer.getByRole('list', { name: 'Messages' });
    await expect(messages.getByText('When will my application be reviewed?')).toBeVisible();
    await expect(messages.getByText('You', { exact: true })).toBeVisible();
    await expect(box).toHaveValue('');

    // Staff answer; the dashboard's bottom navigation shows one unread message.
    await answer('Within two working days.');
    await buyer.goto('/dashboard');
    // The dashboard greets a submitted application with its status pop-up first.
    const popup = buyer.getByRole('dialog');
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);
    const nav = buyer.getByRole('navigation', { name: 'Bottom' });
    await expect(nav.getByTestId('chat-unread')).toHaveText('1');
    await expect(nav.getByRole('link', { name: 'Chat, 1 unread' })).toBeVisible();

    // Opening the conversation shows the answer and reads it: the count goes.
    await nav.getByRole('link', { name: /Chat/ }).click();
    await expect(buyer).toHaveURL(/\/chat$/);
    await expect(messages.getByText('Within two working days.')).toBeVisible();
    await expect(messages.getByText(`${admin.account.firstName} ${admin.account.lastName}`)).toBeVisible();
    await expect(nav.getByTestId('chat-unread')).toHaveCount(0);

    // A new answer while the page is open arrives by itself and is announced politely.
    await answer('We have everything we need.');
    await expect(messages.getByText('We have everything we need.')).toBeVisible({ timeout: 20_000 });
    await expect(buyer.locator('[aria-live="polite"]')).toHaveText(`New message from ${admin.account.firstName} ${admin.account.lastName}.`);
    await expect(nav.getByTestId('chat-unread')).toHaveCount(0);

    // The buyer deletes their own message (within 5 minutes); it stays in place as 'Message deleted'.
    await buyer.getByRole('button', { name: 'Delete your message' }).click();
    await expect(messages.getByText('Message deleted')).toBeVisible();
    await expect(messages.getByText('When will my application be reviewed?')).toHaveCount(0);
    await expect(buyer.getByRole('button', { name: 'Delete your message' })).toHaveCount(0);

    await expectAccessible(buyer);
    expect(await hasHorizontalScroll(buyer)).toBe(false);
  });

  test('staff read and answer in the review dialog; the buyer sees the answer on /chat', async ({ page, admin, applicant }) => {
    test.slow();
    const buyer = applicant.page;
    await buyer.goto('/chat');
    const box = buyer.getByLabel('Message', { exact: true });
    await box.fill('Do you need anything else from me?');
    await buyer.getByRole('button', { name: 'Send' }).click();
    await expect(box).toHaveValue('');

    // The reviewer opens the application: the Conversation shows the applicant's message.
    await page.goto(`/admin/applications?review=${applicant.applicationId}`);
    const dialog = page.getByRole('dialog', { name: applicant.name });
    const conversation = dialog.getByRole('region', { name: 'Conversation' });
    const messages = conversation.getByRole('list', { name: 'Messages' });
    await expect(messages.getByText('Do you need anything else from me?')).toBeVisible();
    await expect(messages.getByText('Applicant', { exact: true })).toBeVisible();

    // An empty message is refused under the field; an answer is sent and listed with the reviewer's name.
    const reply = conversation.getByLabel('Message to the applicant');
    await conversation.getByRole('button', { name: 'Send' }).click();
    await expect(conversation.getByText('Write a message.')).toBeVisible();
    await reply.fill('No, we have everything. Thank you!');
    await expect(conversation.getByText('34 / 5,000')).toBeVisible();
    await conversation.getByRole('button', { name: 'Send' }).click();
    await expect(messages.getByText('No, we have everything. Thank you!')).toBeVisible();
    await expect(messages.getByText(`${admin.account.firstName} ${admin.account.lastName}`)).toBeVisible();
    await expect(reply).toHaveValue('');
    await expect(conversation.getByRole('button', { name: 'Delete your message' })).toHaveCount(1);
    await expectAccessible(page);

    // The buyer sees the answer on /chat.
    await buyer.goto('/chat');
    await expect(buyer.getByRole('list', { name: 'Messages' }).getByText('No, we have everything. Thank you!')).toBeVisible();
  });
});
