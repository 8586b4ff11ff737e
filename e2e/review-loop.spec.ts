import type { Page } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { latestLink, mailsTo, pathOf, waitForToastsToGo } from './support/accounts';
import { SAMPLE_PDF } from './support/application';
import { APP_URL } from './support/ports';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

const PAYSTUB_NOTE = 'Please upload your most recent pay stub.';
const PHONE_NOTE = 'The phone number on file does not reach you: please correct it.';
const NEW_PHONE = '(214) 555-0199';
const MESSAGE = 'I have sent the pay stub and corrected my phone number. Anything else?';
const MISSING_INFO_SUBJECT = 'We need a little more information for your application';
const APPROVED_SUBJECT = 'Your home application is approved';

/**
 * The whole 'after Submit' loop, in the browser, as both sides do it
 * (docs/product/back-office.md#requests, #application-status;
 * docs/product/application.md#after-submission-the-to-do-page, #conversation,
 * #e-mails-about-your-application): the reviewer asks for a pay stub and a corrected
 * phone number in the review dialog and saves Missing Info with the confirmation; the
 * buyer gets the e-mail (mail sink), opens the To do page from its link, uploads and
 * corrects, and the application is back In Review by itself; the buyer messages the
 * team; the reviewer sees the answers and the message, accepts them and approves with
 * the confirmation; the buyer's dashboard says Approved and the e-mail arrives.
 * The buyer's side runs at 375 px without sideways scrolling; axe on each screen.
 *
 * The mail the buyer follows is the status change's: it lists the open requests and
 * links the To do page, and goes out as soon as the job runner picks it up (the new
 * requests' own mail waits for the end of its 2-minute window, src/server/modules/applications/mail-window.ts).
 */
test.describe('the review loop after Submit', () => {
  test('requests, the e-mail, the To do page, a message, acceptance and approval', async ({ page, admin, applicant }) => {
    test.setTimeout(180_000);
    const buyer = applicant.page;
    const email = applicant.account.email;
    await buyer.setViewportSize({ width: 375, height: 800 });

    // The reviewer finds the application and opens the review dialog: typed and clicked at once, as a quick
    // reviewer does (the search going out 300 ms later keeps the dialog open).
    await page.goto('/admin/applications');
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(applicant.account.lastName);
    const row = page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: applicant.name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Review ${applicant.name}` }).click();
    const dialog = page.getByRole('dialog', { name: applicant.name });
    await expect(dialog).toBeVisible();
    const current = dialog.getByText('Current status').locator('..');
    await expect(current).toContainText('Submitted');
    const requests = dialog.getByRole('region', { name: 'Requests' });
    await expect(requests).toContainText('Nothing has been asked of the applicant.');
    await expectAccessible(page);

    // A document request for a pay stub, then a correction of the phone number.
    const form = dialog.getByRole('form', { name: 'Ask for something' });
    await requests.getByRole('button', { name: 'Ask for something' }).click();
    await form.getByRole('combobox', { name: 'Document' }).selectOption({ label: 'Pay Stubs' });
    await form.getByLabel('Note to the applicant').fill(PAYSTUB_NOTE);
    await form.getByRole('button', { name: 'Add request' }).click();
    await expect(requests.getByRole('listitem', { name: 'Pay Stubs: Open' })).toContainText(PAYSTUB_NOTE);
    await expect(form).toHaveCount(0);

    await requests.getByRole('button', { name: 'Ask for something' }).click();
    await form.getByRole('radio', { name: 'A correction of answers' }).check();
    await form.getByRole('group', { name: 'Personal Information' }).getByLabel('Phone Number').check();
    await form.getByLabel('Note to the applicant').fill(PHONE_NOTE);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Add request' }).click();
    await expect(requests.getByRole('listitem', { name: 'Correct: Phone Number: Open' })).toContainText(PHONE_NOTE);
    // Asking changes no status: that is the reviewer's deliberate step below.
    await expect(current).toContainText('Submitted');

    // Missing Info with 'Save status': the confirmation names who is e-mailed and what the e-mail lists.
    await dialog.getByLabel('Status', { exact: true }).selectOption('missing_info');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    const confirmMissing = page.getByRole('dialog', { name: 'Change the status to Missing Info?' });
    await expect(confirmMissing).toContainText(`${email} will be e-mailed`);
    await expect(confirmMissing).toContainText(MISSING_INFO_SUBJECT);
    const paystubLine = `• Pay Stubs: “${PAYSTUB_NOTE}”`;
    const phoneLine = `• Correct: Phone Number: “${PHONE_NOTE}”`;
    await expect(confirmMissing).toContainText(paystubLine);
    await expect(confirmMissing).toContainText(phoneLine);
    await expectAccessible(page);
    await confirmMissing.getByRole('button', { name: 'Save status: Missing Info' }).click();
    await expect(confirmMissing).toHaveCount(0);
    await expect(toast(page, 'Application status updated')).toBeVisible();
    await expect(current).toContainText('Missing Info');

    // The buyer's e-mail arrives with both requests and the To do page's link, which they open in their browser.
    await expect
      .poll(async () => (await mailsTo(page.request, email)).find((mail) => mail.subject === MISSING_INFO_SUBJECT)?.text ?? '', {
        message: `the Missing Info e-mail to ${email}`,
        timeout: 20_000,
      })
      .toContain(paystubLine);
    const missingMail = (await mailsTo(page.request, email)).find((mail) => mail.subject === MISSING_INFO_SUBJECT)!;
    expect(missingMail.text).toContain(phoneLine);
    const toDo = await latestLink(page.request, email, '/apply/requests');
    expect(toDo.origin).toBe(APP_URL);
    await buyer.goto(pathOf(toDo));

    await expect(buyer.getByRole('heading', { level: 1, name: 'To do' })).toBeVisible();
    const paystub = buyer.getByRole('region', { name: /^Pay Stubs/ });
    const phone = buyer.getByRole('region', { name: /^Correct: Phone Number/ });
    await expect(paystub).toContainText(PAYSTUB_NOTE);
    await expect(phone).toContainText(PHONE_NOTE);
    await expectAccessible(buyer);
    expect(await hasHorizontalScroll(buyer)).toBe(false);

    // The pay stub: upload, then send it to the reviewer.
    await paystub.getByLabel(/Upload a file/).setInputFiles(SAMPLE_PDF);
    await expect(paystub.getByText('sample.pdf uploaded')).toBeVisible();
    await paystub.getByRole('button', { name: 'Send to reviewer' }).click();
    await expect(paystub.getByText('Sent — waiting for the reviewer')).toBeVisible();

    // The phone number: the one field unlocked, corrected and sent.
    await phone.getByLabel(/Phone Number/).fill(NEW_PHONE);
    await phone.getByRole('button', { name: 'Send to reviewer' }).click();
    await expect(phone.getByText('Sent — waiting for the reviewer')).toBeVisible();
    await expectAccessible(buyer);
    expect(await hasHorizontalScroll(buyer)).toBe(false);

    // Every request answered: the dashboard says the application is under review again, with nothing left to do.
    await buyer.goto('/dashboard');
    const underReview = buyer.getByRole('dialog', { name: 'Your application is under review.' });
    await expect(underReview).toBeVisible();
    await underReview.getByRole('button', { name: 'View Example Dashboard' }).click();
    await expect(underReview).toHaveCount(0);
    await expect(buyer.getByRole('region', { name: /Home application/ })).toContainText('In Review');
    await expect(buyer.getByText('We need a few things from you')).toHaveCount(0);
    expect(await hasHorizontalScroll(buyer)).toBe(false);

    // The buyer writes to the team from the bottom navigation's Chat.
    await buyer.getByRole('navigation', { name: 'Bottom' }).getByRole('link', { name: /Chat/ }).click();
    await expect(buyer).toHaveURL(/\/chat$/);
    await expect(buyer.getByRole('heading', { level: 1, name: 'Chat with us' })).toBeVisible();
    await buyer.getByLabel('Message', { exact: true }).fill(MESSAGE);
    await buyer.getByRole('button', { name: 'Send' }).click();
    await expect(buyer.getByRole('list', { name: 'Messages' }).getByText(MESSAGE)).toBeVisible();
    await expect(buyer.getByLabel('Message', { exact: true })).toHaveValue('');
    await expectAccessible(buyer);
    expect(await hasHorizontalScroll(buyer)).toBe(false);

    // The reviewer: back In Review by itself, both requests answered, the new phone number, the new pay stub, and the message.
    await page.reload();
    await expect(dialog).toBeVisible();
    await expect(current).toContainText('In Review');
    await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('in_review');
    const paystubAnswered = requests.getByRole('listitem', { name: 'Pay Stubs: Answered' });
    const phoneAnswered = requests.getByRole('listitem', { name: 'Correct: Phone Number: Answered' });
    await expect(paystubAnswered).toBeVisible();
    await expect(phoneAnswered).toBeVisible();
    await expect(dialog.getByText(NEW_PHONE).first()).toBeVisible();
    const conversation = dialog.getByRole('region', { name: 'Conversation' });
    await expect(conversation.getByRole('list', { name: 'Messages' }).getByText(MESSAGE)).toBeVisible();
    const documents = dialog.getByRole('region', { name: 'Documents' });
    const newPaystub = documents.getByRole('listitem', { name: 'Pay Stubs, sample.pdf' });
    await expect(newPaystub.getByText('Not reviewed')).toBeVisible();
    await expectAccessible(page);

    // Accepts the new file, then both answers.
    await newPaystub.getByRole('button', { name: 'Accept Pay Stubs, sample.pdf' }).click();
    await expect(toast(page, 'Document accepted')).toBeVisible();
    await expect(newPaystub.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(newPaystub).toContainText(`Marked Accepted by ${admin.account.firstName} ${admin.account.lastName} on `);
    await paystubAnswered.getByRole('button', { name: 'Accept Pay Stubs', exact: true }).click();
    await expect(requests.getByRole('listitem', { name: 'Pay Stubs: Accepted' })).toBeVisible();
    await phoneAnswered.getByRole('button', { name: 'Accept Correct: Phone Number', exact: true }).click();
    await expect(requests.getByRole('listitem', { name: 'Correct: Phone Number: Accepted' })).toBeVisible();

    // Approves with 'Save status' and its confirmation.
    await dialog.getByLabel('Status', { exact: true }).selectOption('approved');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    const confirmApproved = page.getByRole('dialog', { name: 'Change the status to Approved?' });
    await expect(confirmApproved).toContainText(`${email} will be e-mailed`);
    await expect(confirmApproved).toContainText(APPROVED_SUBJECT);
    // Only the pay stub was reviewed: the confirmation warns, and asks for a second, explicit one.
    await expect(confirmApproved).toContainText('The documents are not all accepted.');
    await confirmApproved.getByRole('checkbox', { name: 'I have checked the documents and approve anyway' }).check();
    await expectAccessible(page);
    await confirmApproved.getByRole('button', { name: 'Save status: Approved' }).click();
    await expect(confirmApproved).toHaveCount(0);
    await expect(current).toContainText('Approved');
    await waitForToastsToGo(page);
    await expectAccessible(page);

    // The buyer: the approval e-mail, and the dashboard says Approved.
    await expect
      .poll(async () => (await mailsTo(page.request, email)).some((mail) => mail.subject === APPROVED_SUBJECT), {
        message: `the approval e-mail to ${email}`,
        timeout: 20_000,
      })
      .toBe(true);
    await buyer.goto('/dashboard');
    const approved = buyer.getByRole('dialog', { name: 'Congratulations, you are approved!' });
    await expect(approved).toBeVisible();
    await expectAccessible(buyer);
    await approved.getByRole('button', { name: 'View Example Dashboard' }).click();
    await expect(buyer.getByRole('region', { name: /Home application/ }).getByText('Approved', { exact: true })).toBeVisible();
    expect(await hasHorizontalScroll(buyer)).toBe(false);
  });
});
