import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { APP_URL } from './support/ports';
import { SAMPLE_PDF } from './support/application';

/**
 * The buyer's side (docs/product/application.md#after-submission-the-to-do-page):
 * a reviewer asks for a pay stub and a corrected phone
 * number; the buyer sees 'We need a few things from you' on the dashboard, opens the
 * To do page, uploads the file and corrects the phone, sends both, and the application
 * is back In Review by itself. Accessible and without sideways scrolling at 375 px.
 */
test.describe('the buyer answers requests on the To do page', () => {
  test('uploads a pay stub and corrects the phone number; the application goes back to In Review', async ({ page, admin: _admin, applicant }) => {
    test.slow();
    const headers = { origin: APP_URL };
    // The reviewer asks over HTTP, as the admin signed in on `page`.
    const ask = async (data: unknown) => {
      const reply = await page.request.post(`/api/admin/applications/${applicant.applicationId}/requests`, { data, headers });
      expect(reply.status(), await reply.text()).toBe(201);
    };
    await ask({ kind: 'document', documentType: 'paystubs', note: 'Please upload your most recent pay stub.' });
    await ask({ kind: 'correction', fields: ['personal.phone'], note: 'The phone number does not reach you: please correct it.' });
    const moved = await page.request.patch(`/api/admin/applications/${applicant.applicationId}/status`, { data: { status: 'missing_info' }, headers });
    expect(moved.status(), await moved.text()).toBe(200);

    const buyer = applicant.page;
    await buyer.setViewportSize({ width: 375, height: 800 });
    await buyer.goto('/dashboard');
    const popup = buyer.getByRole('dialog', { name: 'We need a few things from you' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Pay Stubs; Correct: Phone Number');
    await expectAccessible(buyer);
    await popup.getByRole('link', { name: 'Open your to-do list' }).click();

    await expect(buyer).toHaveURL(/\/apply\/requests$/);
    await expect(buyer.getByRole('heading', { name: 'To do', level: 1 })).toBeVisible();
    const paystub = buyer.getByRole('region', { name: /^Pay Stubs/ });
    const phone = buyer.getByRole('region', { name: /^Correct: Phone Number/ });
    await expect(paystub).toContainText('Please upload your most recent pay stub.');
    await expect(phone).toContainText('The phone number does not reach you');
    await expect(phone.getByLabel(/Phone Number/)).toBeVisible();
    // Exactly the named field: nothing else of the application is editable here.
    await expect(phone.getByRole('textbox')).toHaveCount(1);
    await expectAccessible(buyer);
    expect(await hasHorizontalScroll(buyer)).toBe(false);

    // The document: nothing to send before a file is there.
    await expect(paystub.getByRole('button', { name: 'Send to reviewer' })).toBeDisabled();
    // A file that is not a PDF, JPG or PNG: the server's reason under the control.
    await paystub.getByLabel(/Upload a file/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
    await expect(paystub.getByRole('alert')).toBeVisible();
    await expect(paystub.getByRole('button', { name: 'Send to reviewer' })).toBeDisabled();
    await paystub.getByLabel(/Upload a file/).setInputFiles(SAMPLE_PDF);
    await expect(paystub.getByText(/uploaded$/)).toBeVisible();
    await paystub.getByRole('button', { name: 'Send to reviewer' }).click();
    await expect(paystub.getByText('Sent — waiting for the reviewer')).toBeVisible();

    // The correction: checked like the wizard's, the error under the field.
    const field = phone.getByLabel(/Phone Number/);
    await field.fill('call me');
    await phone.getByRole('button', { name: 'Send to reviewer' }).click();
    await expect(phone.getByText('Enter a valid phone number')).toBeVisible();
    await expectAccessible(buyer);
    await field.fill('(214) 555-0199');
    await phone.getByRole('button', { name: 'Send to reviewer' }).click();
    await expect(phone.getByText('Sent — waiting for the reviewer')).toBeVisible();
    expect(await hasHorizontalScroll(buyer)).toBe(false);

    // Back In Review by itself: the reviewer's record says so, with the new phone number.
    const record = await page.request.get(`/api/admin/applications/${applicant.applicationId}`, { headers });
    expect(record.status()).toBe(200);
    const body = (await record.json()) as { status: string; requests: { state: string }[] };
    expect(body.status).toBe('in_review');
    expect(body.requests.map((r) => r.state)).toEqual(['answered', 'answered']);
    expect(JSON.stringify(body)).toContain('(214) 555-0199');

    await buyer.goto('/dashboard');
    const review = buyer.getByRole('dialog', { name: 'Your application is under review.' });
    await expect(review).toBeVisible();
    await review.getByRole('button', { name: 'View Example Dashboard' }).click();
    await expect(buyer.getByText('We need a few things from you')).toHaveCount(0);
    await expect(buyer.getByRole('region', { name: /Home application/ })).toContainText('In Review');
  });

  test("a declined buyer's dashboard shows the reviewer's reason and that a new application can start", async ({ page, admin: _admin, applicant }) => {
    const reason = 'The monthly income does not cover the payment yet.';
    const declined = await page.request.patch(`/api/admin/applications/${applicant.applicationId}/status`, {
      data: { status: 'declined', reason },
      headers: { origin: APP_URL },
    });
    expect(declined.status(), await declined.text()).toBe(200);

    const buyer = applicant.page;
    await buyer.setViewportSize({ width: 375, height: 800 });
    await buyer.goto('/dashboard');
    const popup = buyer.getByRole('dialog', { name: 'Your application was not approved.' });
    await expect(popup).toContainText(reason);
    await expectAccessible(buyer);
    await popup.getByRole('button', { name: 'Maybe Later' }).click();
    const card = buyer.getByRole('region', { name: /Home application/ });
    await expect(card).toContainText(reason);
    await expect(card).toContainText('You can start a new application right away');
    await expect(card.getByRole('link', { name: /Start a New Application/ })).toBeVisible();
    expect(await hasHorizontalScroll(buyer)).toBe(false);
  });
});
