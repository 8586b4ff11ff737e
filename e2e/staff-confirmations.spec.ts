import { agreementBounds } from '../src/domain/calculators';
import { formatMoneyCents } from '../src/domain/format';
import { ledgerToday } from '../src/domain/homes/dates';
import { addDays } from '../src/domain/ledger';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { recordHomeOverHttp } from './support/homes';
import { APP_URL } from './support/ports';

/**
 * docs/product/back-office.md#confirmations: an action that mails a customer asks first, in the app's own dialog whose
 * title (or, for a status change, its first line) names the record and whose text says what will happen — a status
 * change of an application, declining a payment change and cancelling a 60-day notice. Cancel keeps what was typed.
 */

const headers = { origin: APP_URL };
const ADDRESS = '400 Oak Lane, Austin, TX';
const dollars = (cents: number) => formatMoneyCents(cents / 100);

for (const width of [375, 1280]) {
  test(`staff confirmations name the record and the consequence (${width} px)`, async ({ page, admin: _admin, applicant }) => {
    test.slow(); // an application, a home, three confirmations and axe
    await page.setViewportSize({ width, height: 900 });

    // A status change names whose application, for which home.
    await page.goto(`/admin/applications?review=${applicant.applicationId}`);
    const review = page.getByRole('dialog', { name: applicant.name });
    await review.getByLabel('Status', { exact: true }).selectOption('in_review');
    await review.getByRole('button', { name: 'Save status' }).click();
    const status = page.getByRole('dialog', { name: 'Change the status to In Review?' });
    await expect(status).toHaveAccessibleDescription(`${applicant.name}’s application for ${ADDRESS}: from Submitted to In Review.`);
    await status.getByRole('button', { name: 'Cancel' }).click();
    await expect(status).toHaveCount(0);

    // The homeowner asks for a lower payment and sends a 60-day notice.
    const homeId = await recordHomeOverHttp(page, applicant.applicationId);
    const home = await (await page.request.get(`/api/admin/homes/${homeId}`)).json();
    const currentCents = home.terms.at(-1).monthlyPaymentCents as number;
    const { max, step } = agreementBounds({ price: 420_000, downPayment: 29_400, mortgageRate: home.mortgageRate, appreciationRate: 3.8 });
    const lowerCents = Math.round((max - 4 * step) * 100);
    const asked = await applicant.page.request.post('/api/me/home/payment-changes', { data: { monthlyPaymentCents: lowerCents }, headers });
    expect(asked.status(), await asked.text()).toBe(201);
    const notice = await applicant.page.request.post('/api/me/home/notices', {
      data: { kind: 'cash_out', requestedDate: addDays(ledgerToday(), 70) },
      headers,
    });
    expect(notice.status(), await notice.text()).toBe(201);

    await page.goto(`/admin/homes?home=${homeId}`);
    const record = page.getByRole('dialog', { name: ADDRESS });

    // Declining the payment change: the reason first, then the confirmation naming the home, the amount and the e-mail.
    const changes = record.getByRole('region', { name: 'Payment changes' });
    await changes.getByRole('button', { name: 'Decline…' }).click();
    await changes.getByRole('textbox', { name: 'Reason for declining' }).fill('The slider floor is for after the first year.');
    await changes.getByRole('button', { name: 'Decline request…' }).click();
    const declining = page.getByRole('dialog', { name: `Decline ${dollars(lowerCents)} a month for ${ADDRESS}?` });
    await expect(declining).toContainText(`The payment stays ${dollars(currentCents)} a month.`);
    await expect(declining).toContainText('with your reason: “The slider floor is for after the first year.”');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
    // Cancel changes nothing and keeps the reason typed.
    await declining.getByRole('button', { name: 'Cancel' }).click();
    await expect(declining).toHaveCount(0);
    await expect(changes.getByRole('textbox', { name: 'Reason for declining' })).toHaveValue('The slider floor is for after the first year.');
    await changes.getByRole('button', { name: 'Decline request…' }).click();
    await declining.getByRole('button', { name: 'Decline request', exact: true }).click();
    await expect(declining).toHaveCount(0);
    await expect(changes).toContainText(`${dollars(lowerCents)} — Declined`);

    // Cancelling the notice: the same, naming the home and what carries on.
    const notices = record.getByRole('region', { name: '60-day notices' });
    await notices.getByRole('button', { name: 'Cancel notice…' }).click();
    await notices.getByRole('textbox', { name: 'Reason for cancelling' }).fill('Sent by mistake, as agreed by phone.');
    await notices.getByRole('button', { name: 'Cancel notice…' }).click();
    const cancelling = page.getByRole('dialog', { name: `Cancel the 60-day notice for ${ADDRESS}?` });
    await expect(cancelling).toContainText('The agreement carries on and the monthly payment is billed as before.');
    await expect(cancelling).toContainText('with your reason: “Sent by mistake, as agreed by phone.”');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
    await cancelling.getByRole('button', { name: 'Cancel notice', exact: true }).click();
    await expect(cancelling).toHaveCount(0);
    await expect(notices.getByText('Status: Cancelled')).toBeVisible();
  });
}
