import type { Page } from '@playwright/test';
import { agreementBounds, homeownerFigures } from '../src/domain/calculators';
import { formatMoney, formatMoneyCents } from '../src/domain/format';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { latestLink, mailsTo, waitForToastsToGo } from './support/accounts';
import { approveOverHttp } from './support/homes';

/** A figure as the dashboard writes it (e2e/homeowner.spec.ts does the same). */
const wholeDollars = (dollars: number) => formatMoney(Math.round(dollars * 100) / 100);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Staff record a purchase from an approved application and keep its home
 * (docs/decisions/022-homes-and-ledger.md): the form starts from the application and
 * the settings, the payment is chosen on the comparison's slider, the buyer becomes a
 * homeowner and is e-mailed (and sees their own figures on the dashboard), the home is listed
 * on /admin/homes, and a valuation is recorded.
 */
test.describe('back office: homes', () => {
  test('an admin records the purchase of an approved application with the slider, finds the home and records a valuation', async ({
    page,
    admin: _admin,
    applicant,
  }) => {
    test.slow();
    // Approved over HTTP, as the status selector would (e2e/admin-applications.spec.ts drives that).
    await approveOverHttp(page, applicant.applicationId);

    await page.goto(`/admin/applications?review=${applicant.applicationId}`);
    const review = page.getByRole('dialog', { name: applicant.name });
    const panel = review.getByRole('region', { name: 'Home purchase' });
    await panel.getByRole('button', { name: 'Record purchase' }).click();

    const form = page.getByRole('dialog', { name: 'Record purchase' });
    await expect(form.getByLabel('Property address')).toHaveValue('400 Oak Lane, Austin, TX');
    await expect(form.getByLabel('Purchase price')).toHaveValue('420000');
    await expect(form.getByLabel('Down payment')).toHaveValue('29400');
    await expect(form.getByLabel('Appreciation assumption')).toHaveValue('3.8');
    const rate = Number(await form.getByLabel('Mortgage rate').inputValue());
    expect(rate).toBeGreaterThan(0);
    await expectAccessible(page);

    // A bad field is refused next to it, and nothing is saved.
    await form.getByLabel('Down payment').fill('500000');
    await form.getByRole('button', { name: 'Record purchase' }).click();
    await expect(form.getByText('Down payment must be less than the purchase price.')).toBeVisible();
    await expect(form.getByLabel('Down payment')).toBeFocused();
    await form.getByLabel('Down payment').fill('29400');

    // The slider: three $5 steps below the top; the figures follow.
    const { min, max, step } = agreementBounds({ price: 420_000, downPayment: 29_400, mortgageRate: rate, appreciationRate: 3.8 });
    const slider = form.getByRole('slider', { name: 'Total monthly payment' });
    await expect(form.getByTestId('slider-min')).toHaveText(formatMoney(min));
    await expect(form.getByTestId('slider-max')).toHaveText(formatMoney(max));
    await expect(form.getByTestId('purchase-monthly-exact')).toHaveText(formatMoneyCents(Math.round(max * 100) / 100));
    const shareAtTop = await form.getByTestId('summary-share').textContent();
    await slider.focus();
    for (let i = 0; i < 3; i++) await slider.press('ArrowLeft');
    const chosen = Math.round((max - 3 * step) * 100) / 100;
    await expect(form.getByTestId('purchase-monthly-exact')).toHaveText(formatMoneyCents(chosen));
    await expect(form.getByTestId('slider-total')).toHaveText(`${formatMoney(chosen)}/mo`);
    await expect(form.getByTestId('summary-principal-reduction')).toHaveText(`${formatMoney(7.5)}/mo`);
    await expect(form.getByTestId('summary-share')).not.toHaveText(shareAtTop ?? '');

    await form.getByRole('button', { name: 'Record purchase' }).click();
    await expect(toast(page, 'Purchase recorded')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(panel).toContainText(`The purchase is recorded: ${applicant.name} is a homeowner.`);
    await expect(panel.getByRole('button', { name: 'Record purchase' })).toHaveCount(0);

    // The buyer is e-mailed a link to their dashboard.
    await latestLink(page.request, applicant.account.email, '/dashboard');
    expect((await mailsTo(page.request, applicant.account.email)).map((m) => m.subject)).toContain('Welcome home: your Ownstead dashboard is ready');

    // The home's record, from the review dialog's link.
    await panel.getByRole('link', { name: 'Open the home' }).click();
    await expect(page).toHaveURL(/\/admin\/homes\?home=[0-9a-f-]{36}$/);
    const home = page.getByRole('dialog', { name: '400 Oak Lane, Austin, TX' });
    const agreement = home.getByRole('region', { name: 'Agreement' });
    await expect(agreement).toContainText(applicant.name);
    await expect(agreement).toContainText('$420,000');
    await expect(agreement).toContainText('$29,400');
    await expect(agreement).toContainText(formatMoneyCents(chosen));
    await expect(home.getByRole('region', { name: 'Terms' }).getByRole('row')).toHaveCount(2);
    const valuations = home.getByRole('region', { name: 'Valuations' });
    await expect(valuations.getByTestId('valuation-row')).toHaveCount(1);
    await expect(valuations.getByTestId('valuation-row').first()).toContainText('Purchase price');
    await waitForToastsToGo(page);
    await expectAccessible(page);

    // Record valuation: a missing source is refused next to it; then saved, it is the one that counts.
    await valuations.getByRole('button', { name: 'Record valuation' }).click();
    const valuationForm = valuations.getByRole('form', { name: 'Record valuation' });
    await valuationForm.getByLabel('Value').fill('455,000');
    await valuationForm.getByRole('button', { name: 'Save valuation' }).click();
    await expect(valuationForm.getByText('Choose appraisal, broker opinion or index.')).toBeVisible();
    await valuationForm.getByLabel('Source').selectOption({ label: 'Appraisal' });
    await valuationForm.getByLabel('Note').fill('Spring appraisal');
    await expectAccessible(page);
    await valuationForm.getByRole('button', { name: 'Save valuation' }).click();
    await expect(toast(page, 'Valuation recorded')).toBeVisible();
    await expect(valuationForm).toHaveCount(0);
    await expect(valuations.getByTestId('valuation-row')).toHaveCount(2);
    await expect(valuations.getByTestId('valuation-row').first()).toContainText('$455,000');
    await expect(valuations.getByTestId('valuation-row').first()).toContainText('Counts');
    await expect(agreement).toContainText('$455,000');

    // The buyer, now a homeowner, sees their own figures: homeownerFigures of what staff recorded, at the new valuation.
    const figures = homeownerFigures({
      price: 420_000,
      downPayment: 29_400,
      mortgageRate: rate,
      appreciationRate: 3.8,
      terms: [{ fromMonth: 1, monthlyPayment: chosen }],
      paidMonths: [],
      billedMonths: 0,
      valuation: 455_000,
    });
    const buyer = applicant.page;
    await buyer.goto('/dashboard');
    await expect(buyer.getByRole('figure', { name: /My Wealth/ })).toHaveAccessibleName(
      `My Wealth: ${wholeDollars(figures.wealth)} of a ${wholeDollars(figures.wealthTarget)} target`,
    );
    await expect(buyer.getByRole('heading', { name: 'Accessible Equity' }).locator('xpath=..')).toContainText(wholeDollars(figures.accessibleEquity));
    await expect(buyer.locator('dt:text-is("Est. Home Appreciation") + dd')).toContainText(wholeDollars(figures.appreciation));
    await expect(buyer.getByText('Example dashboard')).toHaveCount(0);

    // The list: found by the buyer's name, with its figures; at 375 px nothing scrolls sideways.
    await page.keyboard.press('Escape');
    await expect(home).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Homes' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search homes' }).fill(applicant.account.lastName);
    const row = page.getByRole('table', { name: 'Homes' }).getByRole('row').filter({ hasText: applicant.account.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('400 Oak Lane, Austin, TX');
    await expect(row).toContainText('$455,000');
    await expect(row).toContainText(formatMoneyCents(chosen));
    await expect(page.getByRole('table', { name: 'Homes' }).getByRole('row')).toHaveCount(2);
    await waitForToastsToGo(page);
    await expectAccessible(page);

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await row.getByRole('button', { name: 'Open the home at 400 Oak Lane, Austin, TX' }).click();
    await expect(home.getByRole('region', { name: 'Agreement' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
  });

  test('the purchase form fits 375 px and passes axe', async ({ page, admin: _admin, applicant }) => {
    await approveOverHttp(page, applicant.applicationId);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/admin/applications?review=${applicant.applicationId}`);
    await page.getByRole('dialog', { name: applicant.name }).getByRole('button', { name: 'Record purchase' }).click();
    const form = page.getByRole('dialog', { name: 'Record purchase' });
    await expect(form.getByRole('slider', { name: 'Total monthly payment' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
  });
});
