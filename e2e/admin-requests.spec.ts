import type { Page } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { mailsTo, waitForToastsToGo } from './support/accounts';
import { APP_URL } from './support/ports';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** docs/product/back-office.md#requests and #application-status: the reviewer's side of requests, and deliberate status changes. */
test.describe('back office: requests and status changes', () => {
  test('a reviewer asks for a pay stub and a corrected phone number, saves Missing Info with the confirmation, reopens and accepts the answer, withdraws the other, and declines with a reason', async ({
    page,
    admin: _admin,
    applicant,
  }) => {
    test.slow();
    await page.goto(`/admin/applications?review=${applicant.applicationId}`);
    const dialog = page.getByRole('dialog', { name: applicant.name });
    await expect(dialog).toBeVisible();
    const current = dialog.getByText('Current status').locator('..');
    await expect(current).toContainText('Submitted');

    // Everything the applicant entered is there.
    for (const text of ['12 Elm Street, Dallas, TX 75201', '3.5 years', 'Jun 1, 2019', '$42,000', 'Consent & Certification']) {
      await expect(dialog.getByText(text, { exact: true }).first()).toBeVisible();
    }

    // Arrow keys on the selector change nothing until Save status.
    const status = dialog.getByLabel('Status', { exact: true });
    let statusCalls = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith('/status')) statusCalls += 1;
    });
    await status.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(status).not.toHaveValue('submitted');
    await expect(dialog.getByText(/^Not saved yet: press Save status/)).toBeVisible();
    expect(statusCalls).toBe(0);
    await expect(current).toContainText('Submitted');

    // Missing Info without an open request: the dialog offers to write one, then confirms the status.
    await status.selectOption('missing_info');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await expect(dialog.getByText(/^Missing Info needs at least one open request/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Write a request' }).click();
    const form = dialog.getByRole('form', { name: 'Ask for something' });
    await form.getByRole('combobox', { name: 'Document' }).selectOption({ label: 'Pay Stubs' });
    await form.getByRole('button', { name: 'Add request' }).click();
    await expect(form.getByText('Write a note to the applicant.')).toBeVisible();
    await form.getByLabel('Note to the applicant').fill('Please upload your two most recent pay stubs.');
    await expect(form.getByText('45 / 1,000 characters')).toBeVisible();
    await form.getByRole('button', { name: 'Add request' }).click();

    const confirm = page.getByRole('dialog', { name: 'Change the status to Missing Info?' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(`${applicant.account.email} will be e-mailed`);
    await expect(confirm).toContainText('We need a little more information for your application');
    // The e-mail lists the open requests with their notes (docs/product/application.md#e-mails-about-your-application).
    const requestLine = '• Pay Stubs: “Please upload your two most recent pay stubs.”';
    await expect(confirm).toContainText(requestLine);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Save status: Missing Info' }).click();
    await expect(confirm).toHaveCount(0);
    // One status change was saved: the one confirmed here. A save sent by the arrow keys above would be a second.
    expect(statusCalls).toBe(1);
    // The toast is read while it shows: it goes after a few seconds, and the mail below can take longer than that under load.
    await expect(toast(page, 'Application status updated')).toBeVisible();
    // The buyer gets that e-mail (mail sink), with the same list and the To do page's link.
    await expect
      .poll(
        async () =>
          (await mailsTo(page.request, applicant.account.email)).find((m) => m.subject === 'We need a little more information for your application')?.text ??
          '',
        {
          timeout: 15_000,
        },
      )
      .toContain(requestLine);
    const mail = (await mailsTo(page.request, applicant.account.email)).find((m) => m.subject === 'We need a little more information for your application')!;
    expect(mail.text).toContain(`${APP_URL}/apply/requests`);
    await expect(status).toBeFocused();
    await expect(current).toContainText('Missing Info');
    const requests = dialog.getByRole('region', { name: 'Requests' });
    await expect(requests.getByRole('listitem', { name: 'Pay Stubs: Open' })).toBeVisible();

    // A correction of named answers, picked by section.
    await requests.getByRole('button', { name: 'Ask for something' }).click();
    await form.getByRole('radio', { name: 'A correction of answers' }).check();
    await form.getByRole('button', { name: 'Add request' }).click();
    await expect(form.getByText('Choose at least one answer to correct.')).toBeVisible();
    await form.getByRole('group', { name: 'Personal Information' }).getByLabel('Phone Number').check();
    await form.getByLabel('Note to the applicant').fill('The phone number does not reach you: please correct it.');
    await form.getByRole('button', { name: 'Add request' }).click();
    const phone = requests.getByRole('listitem', { name: 'Correct: Phone Number: Open' });
    await expect(phone).toBeVisible();
    await expect(requests.getByRole('listitem', { name: 'Pay Stubs: Open' })).toBeVisible();

    // The applicant corrects the phone number (their side is another page: here through its route); the reviewer reopens it with a new note.
    const correct = async (value: string) => {
      const mine = await applicant.page.request.get('/api/application/requests');
      const { requests: list } = (await mine.json()) as { requests: { id: string; kind: string; state: string }[] };
      const open = list.find((request) => request.kind === 'correction' && request.state === 'open')!;
      const reply = await applicant.page.request.put(`/api/application/requests/${open.id}/correction`, {
        data: { values: { 'personal.phone': value } },
        headers: { origin: APP_URL },
      });
      expect(reply.status()).toBe(200);
      await page.reload();
      await expect(dialog).toBeVisible();
    };
    await correct('(214) 555-0199');
    const answered = requests.getByRole('listitem', { name: 'Correct: Phone Number: Answered' });
    await expect(answered).toBeVisible();
    await answered.getByRole('button', { name: 'Reopen Correct: Phone Number' }).click();
    await answered.getByRole('button', { name: 'Ask again' }).click();
    await expect(answered.getByText('Write a note to the applicant.')).toBeVisible();
    await answered.getByLabel('What is still needed').fill('That number does not answer either: please check it.');
    await answered.getByRole('button', { name: 'Ask again' }).click();
    const reopened = requests.getByRole('listitem', { name: 'Correct: Phone Number: Reopened' });
    await expect(reopened).toBeVisible();
    await expect(reopened).toContainText('That number does not answer either: please check it.');

    // Answered again, then accepted; its history tells the whole story.
    await correct('(214) 555-0142');
    await requests.getByRole('button', { name: 'Accept Correct: Phone Number' }).click();
    const accepted = requests.getByRole('listitem', { name: 'Correct: Phone Number: Accepted' });
    await expect(accepted).toBeVisible();
    await accepted.getByText(/^History/).click();
    for (const step of ['Asked', 'Answered', 'Asked again', 'Accepted']) await expect(accepted.getByText(step, { exact: true }).first()).toBeVisible();

    // Withdraw the pay stub request.
    await requests.getByRole('button', { name: 'Withdraw Pay Stubs' }).click();
    await expect(requests.getByRole('listitem', { name: 'Pay Stubs: Withdrawn' })).toBeVisible();
    await waitForToastsToGo(page);
    await expectAccessible(page);

    // 375 px: the dialog fits without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(dialog).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Decline needs the reason shown to the applicant.
    await status.selectOption('declined');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    const decline = page.getByRole('dialog', { name: 'Change the status to Declined?' });
    await expect(decline).toContainText('An update on your home application');
    await decline.getByRole('button', { name: 'Save status: Declined' }).click();
    await expect(decline.getByText('Write the reason the applicant will see.')).toBeVisible();
    await decline.getByLabel('Reason shown to the applicant').fill('The monthly payments would be more than we can approve today.');
    // The e-mail's preview carries the reason as typed.
    await expect(decline).toContainText("Our reviewer's note: The monthly payments would be more than we can approve today.");
    await decline.getByRole('button', { name: 'Save status: Declined' }).click();
    await expect(decline).toHaveCount(0);
    await expect(current).toContainText('Declined');
    await expect(dialog.getByText('The monthly payments would be more than we can approve today.')).toBeVisible();
    // A declined application's requests are frozen.
    await expect(requests.getByRole('button', { name: 'Ask for something' })).toHaveCount(0);
  });
});
