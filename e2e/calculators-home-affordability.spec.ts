import type { Page } from '@playwright/test';
import { comparisonPath, DEFAULT_BRAND } from '../src/domain/brand';
import { homeAffordabilityNoResultReason } from '../src/domain/calculators';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';

const PATH = '/affordability';
const brand = DEFAULT_BRAND;

const income = (page: Page) => page.getByLabel('Monthly Gross Household Income');
const debt = (page: Page) => page.getByLabel('Monthly Debt Payments');
const down = (page: Page) => page.getByLabel('Down Payment');
const calculate = (page: Page) => page.getByRole('button', { name: 'Calculate', exact: true }).click();

async function calibrate(page: Page) {
  await income(page).fill('7916.67');
  await debt(page).fill('0');
  await down(page).fill('10000');
  await calculate(page);
}

async function expectCalibrationCards(page: Page) {
  await expect(page.getByTestId('option-default')).toContainText(`With ${brand.name}`);
  await expect(page.getByTestId('option-default')).toContainText('$495,285');
  await expect(page.getByTestId('option-default')).toContainText('$2,762');
  await expect(page.getByTestId('option-max')).toContainText(`With ${brand.name}`);
  await expect(page.getByTestId('option-max')).toContainText('$537,258');
  await expect(page.getByTestId('option-max')).toContainText('$3,528');
  await expect(page.getByTestId('option-mortgage')).toContainText('With a Mortgage');
  await expect(page.getByTestId('option-mortgage')).toContainText('$419,733');
  await expect(page.getByTestId('option-mortgage')).toContainText('$3,369');
}

test('shows the defaults and a prompt to click Calculate, and no results before it', async ({ page }) => {
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Home Affordability Calculator' })).toBeVisible();
  await expect(income(page)).toHaveValue('6000');
  await expect(debt(page)).toHaveValue('200');
  await expect(down(page)).toHaveValue('10000');
  await expect(page.getByText(/click Calculate/)).toBeVisible();
  await expect(page.getByTestId('option-mortgage')).toHaveCount(0);

  await calculate(page);
  await expect(page.getByText(/click Calculate to compare/)).toHaveCount(0);
  await expect(page.getByTestId('option-mortgage')).toContainText('$293,453');
  await expect(page).toHaveURL(/calc=1/);
});

test('the calibration input gives the three cards of docs/product/calculators.md#variant-b-example', async ({ page }) => {
  await page.goto(PATH);
  await calibrate(page);
  await expectCalibrationCards(page);
  await expect(page.getByText(/builds 21% more wealth over 5 years than a mortgage/)).toBeVisible();
  await expect(page.getByText(/not an offer or a pre-approval/)).toBeVisible();
});

test('typing changes the results after the next Calculate', async ({ page }) => {
  await page.goto(PATH);
  await calibrate(page);
  await expectCalibrationCards(page);
  await income(page).fill('10000');
  await expect(page.getByText('You changed your numbers. Click Calculate to update these results.')).toBeVisible();
  await expect(page).not.toHaveURL(/calc=1/);
  // At 10,000 of income, $10,000 down is below 2 % of the first card's price: $15,000 is enough.
  await down(page).fill('15000');
  await calculate(page);
  await expect(page.getByText(/You changed your numbers/)).toHaveCount(0);
  await expect(page.getByTestId('option-mortgage')).not.toContainText('$419,733');
  await expect(page.getByTestId('option-mortgage')).toContainText('$535,189'); // 419733·4300 / (0.43·7916.67) + (15000 − 10000)
  await expect(page).toHaveURL(/calc=1/);
});

test('no result when docs/product/calculators.md#variant-b-formulas gives none: the reason, and no cards', async ({ page }) => {
  await page.goto(PATH);
  await income(page).fill('0');
  await calculate(page);
  const reason = homeAffordabilityNoResultReason({ monthlyGrossIncome: 0, monthlyDebtPayments: 200, downPayment: 10000 });
  expect(reason).toBeTruthy();
  await expect(page.getByTestId('no-result-reason')).toHaveText(reason!);
  await expect(page.getByTestId('option-default')).toHaveCount(0);
  await expect(page.getByTestId('option-max')).toHaveCount(0);
  await expect(page.getByTestId('option-mortgage')).toHaveCount(0);

  await income(page).fill('1000');
  await debt(page).fill('500');
  await calculate(page);
  await expect(page.getByTestId('no-result-reason')).toContainText('43%');
  await expect(page.getByTestId('option-mortgage')).toHaveCount(0);
});

test('a shared URL opens calculated with the same figures in a new browser context', async ({ page, openBrowser }) => {
  await page.goto(PATH);
  await calibrate(page);
  await expectCalibrationCards(page);
  await expect(page).toHaveURL(/calc=1/);
  await expect(page).toHaveURL(/income=7916\.67/);
  const shared = page.url();

  const other = await openBrowser();
  await other.goto(shared);
  await expect(income(other)).toHaveValue('7916.67');
  await expectCalibrationCards(other);
});

test('cards link to the comparison and the third-party mortgage calculator', async ({ page }) => {
  await page.goto(PATH);
  await calibrate(page);
  const customize = page.getByTestId('option-default').getByRole('link', { name: /Customize My Payment/ });
  const href = new URL((await customize.getAttribute('href'))!, 'http://x');
  expect(href.pathname).toBe(comparisonPath(brand));
  expect(href.searchParams.get('price')).toBe('495285');
  expect(href.searchParams.get('down')).toBe('10000');
  await expect(page.getByTestId('option-max').getByRole('link', { name: /Customize My Payment/ })).toHaveAttribute('href', /price=537258/);

  const external = page.getByTestId('option-mortgage').getByRole('link');
  await expect(external).toHaveAttribute('href', brand.mortgageCalculatorUrl);
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', /noopener/);
  await expect(external).toHaveAccessibleName(/third-party site/);

  await expect(page.getByRole('link', { name: 'Join The Waitlist!' })).toHaveAttribute('href', '/waitlist');
  await page.getByRole('link', { name: /View Payment Breakdown/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === comparisonPath(brand));
  await expect(page.getByLabel('Home Price', { exact: true })).toHaveValue('495285');

  await page.goBack();
  await page
    .getByTestId('option-max')
    .getByRole('link', { name: /Customize My Payment/ })
    .click();
  await expect(page.getByLabel('Home Price', { exact: true })).toHaveValue('537258');
  await expect(page.getByLabel('Down Payment', { exact: true })).toHaveValue('10000');
});

test('has no serious accessibility violation and no horizontal scroll at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(PATH);
  await expectAccessible(page);
  await calibrate(page);
  await expectCalibrationCards(page);
  await expectAccessible(page);
  expect(await hasHorizontalScroll(page)).toBe(false);
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('refuses a down payment below 2 % of the price, under the field, with the least it takes', async ({ page }) => {
      await page.goto(PATH);
      await down(page).fill('0');
      await calculate(page);
      const message = 'We ask for at least 2% down. On this income and these debts that’s $6,852 or more, for a home up to $342,560.';
      await expect(page.getByTestId('no-result-reason')).toHaveText(message);
      await expect(page.getByTestId('option-default')).toHaveCount(0);
      await expect(down(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(down(page)).toHaveAccessibleDescription(/We ask for at least 2% down\. On this income/);
      await down(page).fill('6852');
      await calculate(page);
      await expect(page.getByTestId('option-default')).toContainText('$342,560');
      await expect(down(page)).not.toHaveAttribute('aria-invalid', 'true');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectAccessible(page);
    });

    test('says when the 43 % rule, not the down payment, sets the price', async ({ page }) => {
      await page.goto(PATH);
      await calculate(page);
      await expect(page.getByTestId('price-limit')).toHaveText(
        'Your income sets these prices, not your down payment: lenders keep all your debts, this home’s payment included, within 43% of your income.',
      );
      // 43 % of $1,000 supports less than $50,000 above the down payment: the floor sets the price.
      await income(page).fill('1000');
      await debt(page).fill('0');
      await calculate(page);
      await expect(page.getByTestId('price-limit')).toHaveText(
        'On this income the 43% rule leaves little room for a home payment, so these prices start from your down payment plus $50,000.',
      );
      await expect(page.getByTestId('option-mortgage')).toContainText('$60,000');
    });
  });
}
