import type { Page } from '@playwright/test';
import { comparisonPath, DEFAULT_BRAND } from '../src/domain/brand';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';

const PATH = '/how-much-home-can-i-afford';
const brand = DEFAULT_BRAND;

const price = (page: Page) => page.getByTestId('max-home-price');
const payment = (page: Page) => page.getByTestId('monthly-payment');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('defaults show the figures of docs/product/calculators.md#variant-a-example', async ({ page }) => {
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'How Much Home Can I Afford?' })).toBeVisible();
  await expect(field(page, 'Monthly gross income')).toHaveValue('5000');
  await expect(field(page, 'Credit score')).toHaveValue('740-799');
  await expect(field(page, 'Location')).toHaveValue('CA');

  await expect(price(page)).toHaveText('$450,000');
  await expect(payment(page)).toHaveText('$2,200');
  await expect(page.getByTestId('breakdown-fee')).toContainText(`${brand.name} fee`);
  // Step 4: taxes and insurance at the rates typed (1.2 % and 0.5 % of $450,000 a year), the rest 18 : 36 : 23.
  await expect(page.getByTestId('breakdown-fee')).toContainText('$365');
  await expect(page.getByTestId('breakdown-principal')).toContainText('$731');
  await expect(page.getByTestId('breakdown-taxes')).toContainText('$450');
  await expect(page.getByTestId('breakdown-insurance')).toContainText('$188');
  await expect(page.getByTestId('breakdown-yield')).toContainText('$467');

  await expect(page.getByTestId('ratio-dti')).toContainText('54.0%');
  await expect(page.getByTestId('ratio-dti')).toContainText('High');
  await expect(page.getByTestId('ratio-ltv')).toContainText('88.9%');
  await expect(page.getByTestId('ratio-ltv')).toContainText('Moderate');
  await expect(page.getByTestId('ratio-cushion')).toContainText('−$1,300');
  await expect(page.getByTestId('ratio-cushion')).toContainText('Tight');
  await expect(page.getByText(/approval is unlikely/i)).toHaveCount(0);
  await expect(page.getByText(/not an offer, a pre-approval/)).toBeVisible();
});

test('results follow the inputs as the user types, and the URL keeps them', async ({ page }) => {
  await page.goto(PATH);
  await field(page, 'Monthly gross income').fill('10000');
  await field(page, 'Target monthly payment (optional)').fill('');
  // basis = 0.28·10000 − 500 = 2300; price = min(10·50000, 2300·360 / 1.76)
  await expect(payment(page)).toHaveText('$2,300');
  await expect(price(page)).toHaveText('$470,455');
  await expect(page.getByTestId('ratio-cushion')).toContainText('$0');

  await field(page, 'Down payment available').fill('$30,000');
  await expect(price(page)).toHaveText('$300,000');
  await expect(page.getByText('Limited to 10 times your down payment.')).toBeVisible();

  await expect(page).toHaveURL(/income=10000/);
  await expect(page).toHaveURL(/target=(&|$)/);
  await page.reload();
  await expect(field(page, 'Target monthly payment (optional)')).toHaveValue('');
  await expect(price(page)).toHaveText('$300,000');
});

test('typing far down the page does not scroll it back to the top', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto(PATH);
  const rate = field(page, 'Mortgage rate');
  await rate.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await rate.fill('7');
  await expect(page).toHaveURL(/rate=7(&|$)/);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
});

test('an emptied field counts as 0', async ({ page }) => {
  await page.goto(PATH);
  await field(page, 'Monthly debt payments').fill('');
  // cushion = 0.28·5000 − 0 − 2200
  await expect(page.getByTestId('ratio-cushion')).toContainText('−$800');
  await field(page, 'Down payment available').fill('');
  await expect(price(page)).toHaveText('$0');
  // A $0 home shows no payment (it showed $2,200 before).
  await expect(payment(page)).toHaveCount(0);
  await expect(page.getByText('Enter a down payment: we ask for at least 2% of the home’s price.')).toBeVisible();
});

test('the region pre-fills tax and insurance rates, which the user may overwrite', async ({ page }) => {
  await page.goto(PATH);
  await field(page, 'Location').selectOption('TX');
  await expect(field(page, 'Property tax rate')).toHaveValue('1.6');
  await expect(field(page, 'Insurance rate')).toHaveValue('0.9');
  await expect(price(page)).toHaveText('$309,375'); // 2200·360 / (1.6 + 0.9 + 0.06)
  await field(page, 'Property tax rate').fill('1.2');
  await expect(price(page)).toHaveText('$366,667'); // 2200·360 / (1.2 + 0.9 + 0.06)
  await expect(field(page, 'Location')).toHaveValue('TX');
});

test('a credit score below 620 shows the notice and changes no figure', async ({ page }) => {
  await page.goto(PATH);
  await field(page, 'Credit score').selectOption('<620');
  await expect(page.getByText(/approval is unlikely/i)).toBeVisible();
  await expect(price(page)).toHaveText('$450,000');
  await expect(payment(page)).toHaveText('$2,200');
});

test("'Compare to Mortgage' carries price, down payment and rate; 'Start Application' carries price and down", async ({ page }) => {
  await page.goto(PATH);
  await field(page, 'Mortgage rate').fill('7.1');
  await field(page, 'Down payment available').fill('40000');
  await expect(price(page)).toHaveText('$400,000');
  await expect(page.getByRole('link', { name: 'Start Application' })).toHaveAttribute('href', '/apply?price=400000&down=40000');

  await page.getByRole('link', { name: 'Compare to Mortgage' }).click();
  await expect(page).toHaveURL((url) => url.pathname === comparisonPath(brand));
  const params = new URL(page.url()).searchParams;
  expect(params.get('price')).toBe('400000');
  expect(params.get('down')).toBe('40000');
  expect(params.get('rate')).toBe('7.1');
  await expect(page.getByLabel('Home Price', { exact: true })).toHaveValue('400000');
  await expect(page.getByLabel('Down Payment', { exact: true })).toHaveValue('40000');
  await expect(page.getByLabel('Mortgage Rate', { exact: true })).toHaveValue('7.1');
});

test('a shared URL reproduces the same figures in a new browser context, and back/forward keeps them', async ({ page, openBrowser }) => {
  await page.goto(PATH);
  await field(page, 'Monthly gross income').fill('9000');
  await field(page, 'Monthly debt payments').fill('300');
  await field(page, 'Target monthly payment (optional)').fill('');
  await field(page, 'Location').selectOption('FL');
  // basis = 0.28·9000 − 300 = 2220; price = min(500000, 2220·360 / (0.9 + 1.1 + 0.06))
  await expect(price(page)).toHaveText('$387,961');
  await expect(page).toHaveURL(/region=FL/);
  const shared = page.url();

  const other = await openBrowser();
  await other.goto(shared);
  await expect(price(other)).toHaveText('$387,961');
  await expect(payment(other)).toHaveText('$2,220');
  await expect(field(other, 'Location')).toHaveValue('FL');
  await expect(field(other, 'Target monthly payment (optional)')).toHaveValue('');

  await page.getByRole('link', { name: 'Compare to Mortgage' }).click();
  await expect(page).toHaveURL((url) => url.pathname === comparisonPath(brand));
  await page.goBack();
  await expect(price(page)).toHaveText('$387,961');
  await expect(field(page, 'Monthly gross income')).toHaveValue('9000');
});

test('has no serious accessibility violation and no horizontal scroll at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(PATH);
  await field(page, 'Credit score').selectOption('<620');
  await expect(page.getByText(/approval is unlikely/i)).toBeVisible();
  await expectAccessible(page);
  expect(await hasHorizontalScroll(page)).toBe(false);
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('says beside the price when the target is above what the income supports, and never a plain “you could afford”', async ({ page }) => {
      await page.goto(PATH);
      await expect(price(page)).toHaveText('$450,000');
      await expect(page.getByTestId('above-basis')).toHaveText(
        'A payment of $2,200 a month is more than your income supports: 28% of income, less your debts, is $900.',
      );
      await expect(page.getByTestId('price-lead')).toHaveText('This payment could buy a home up to');
      // Within what the income supports, with a healthy cushion and a good DTI: the plain reading.
      await field(page, 'Monthly gross income').fill('12000');
      await field(page, 'Monthly debt payments').fill('0');
      await field(page, 'Target monthly payment (optional)').fill('2000');
      await expect(page.getByTestId('above-basis')).toHaveCount(0);
      await expect(page.getByTestId('price-lead')).toHaveText('You could afford a home up to');
    });

    test('a 0 % tax rate shows no tax in the breakdown', async ({ page }) => {
      await page.goto(PATH);
      await field(page, 'Property tax rate').fill('0');
      // price = 2200·360 / 0.56 = 1,414,286, capped at 10·50,000
      await expect(price(page)).toHaveText('$500,000');
      await expect(page.getByTestId('breakdown-taxes')).toContainText('$0');
      await expect(page.getByTestId('breakdown-insurance')).toContainText('$208'); // 500,000 · 0.5 % / 12
    });

    test('bad inputs get a message under their field, and the figures still follow the model', async ({ page }) => {
      await page.goto(PATH);
      const income = field(page, 'Monthly gross income');
      await income.fill('');
      await expect(page.getByText('Enter your monthly gross income to see what it supports.')).toBeVisible();
      await expect(income).toHaveAttribute('aria-invalid', 'true');
      await income.fill('lots');
      await expect(page.getByText('Enter your income as a number of dollars, like 5,000.')).toBeVisible();
      // Counted as 0: the target payment still gives the price.
      await expect(price(page)).toHaveText('$450,000');
      await income.fill('5000');
      await expect(income).not.toHaveAttribute('aria-invalid', 'true');

      const down = field(page, 'Down payment available');
      await down.fill('-5000');
      await expect(page.getByText('Your down payment can’t be negative. Enter 0 if you haven’t saved one yet.')).toBeVisible();
      await expect(price(page)).toHaveText('$0');
      await down.fill('1000000');
      await expect(page.getByText('That’s more than the $450,000 home your monthly payment buys: a down payment can’t be more than the price.')).toBeVisible();
      await down.fill('50000');
      await expect(down).not.toHaveAttribute('aria-invalid', 'true');

      await field(page, 'Monthly debt payments').fill('-1');
      await expect(page.getByText('Your debt payments can’t be negative.')).toBeVisible();
    });

    test('no “Excellent” or “Strong” without the income and the price behind them, and a $0 home shows no payment', async ({ page }) => {
      await page.goto(PATH);
      await field(page, 'Monthly gross income').fill('');
      await field(page, 'Target monthly payment (optional)').fill('');
      await field(page, 'Down payment available').fill('0');
      await expect(price(page)).toHaveText('$0');
      await expect(page.getByTestId('price-lead')).toHaveText('Your home price');
      await expect(page.getByTestId('ratio-dti')).not.toContainText('Excellent');
      await expect(page.getByTestId('ratio-dti')).toContainText('—');
      await expect(page.getByTestId('ratio-ltv')).not.toContainText('Strong');
      await expect(page.getByTestId('ratio-ltv')).toContainText('—');
      await expect(payment(page)).toHaveCount(0);
      await expect(page.getByTestId('no-breakdown')).toBeVisible();
      // A target payment with no down payment: still a $0 home, still no payment.
      await field(page, 'Target monthly payment (optional)').fill('2200');
      await expect(price(page)).toHaveText('$0');
      await expect(payment(page)).toHaveCount(0);
      await expect(page.getByText('$2,200')).toHaveCount(0);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectAccessible(page);
    });
  });
}
