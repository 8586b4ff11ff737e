import type { Page } from '@playwright/test';
import { comparisonPath, DEFAULT_BRAND } from '../src/domain/brand';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';

const brand = DEFAULT_BRAND;
const PATH = comparisonPath(brand);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const slider = (page: Page) => page.getByRole('slider', { name: 'Your total monthly payment' });
const savings = (page: Page) => page.getByTestId('summary-savings');
const row = (page: Page, year: number) =>
  page
    .getByTestId('wealth-table-scroll')
    .locator('tbody tr')
    .nth(year - 1);
const net = (page: Page) => page.getByTestId('net-home-wealth');

/** Columns of a table row, in the order of the eight headers. */
async function cells(page: Page, year: number) {
  const r = row(page, year);
  return [await r.locator('th').innerText(), ...(await r.locator('td').allInnerTexts())];
}

async function expectDefaults(page: Page) {
  await expect(page.getByTestId('summary-mortgage')).toContainText('$2,443');
  await expect(page.getByTestId('summary-mortgage')).toContainText('$3,226');
  await expect(page.getByTestId('summary-product')).toContainText('$1,864');
  await expect(page.getByTestId('summary-product')).toContainText('$2,354');
  await expect(savings(page)).toHaveText('$872');
  await expect(page.getByTestId('summary-savings-percent')).toHaveText('27.0%');
  await expect(page.getByTestId('summary-share')).toHaveText('38.5%');
  await expect(page.getByTestId('summary-principal-reduction')).toHaveText('$0/mo');
  await expect(page.getByTestId('slider-min')).toHaveText('$2,049');
  await expect(page.getByTestId('slider-max')).toHaveText('$2,354');
  await expect(slider(page)).toHaveAttribute('aria-valuetext', '$2,354 per month');
  expect(await cells(page, 5)).toEqual(['5', '$52,328', '$54,779', '$33,183', '$140,290', '$54,779', '$86,100', '$140,879']);
  await expect(net(page)).toContainText('Net Home Wealth');
  await expect(net(page).locator('td').nth(3)).toHaveText('$91,705');
  await expect(net(page).locator('td').nth(6)).toHaveText('$75,592');
}

test('nothing shows before Calculate; Calculate shows the default figures of docs/product/calculators.md#comparison-example', async ({ page }) => {
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: `${brand.name} vs. Mortgage` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Affordability Calculator/ }).first()).toHaveAttribute('href', '/affordability');
  await expect(field(page, 'Home Price')).toHaveValue('420000');
  await expect(field(page, 'Years to Display')).toHaveValue('5');
  const rent = field(page, 'Rent (read-only)');
  await expect(rent).toHaveValue('3,570');
  await expect(rent).toHaveAttribute('readonly', '');
  await expect(page.getByText(/click Calculate/)).toBeVisible();
  await expect(slider(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Equity & Wealth Schedule Comparison' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Recalculate' })).toBeVisible();
  await expectDefaults(page);

  const headers = await page.getByTestId('wealth-table-scroll').locator('thead tr').nth(1).locator('th').allInnerTexts();
  expect(headers.map((h) => h.replace(/\s+/g, ' '))).toEqual([
    'Year',
    `${brand.name} Savings`,
    `${brand.name} Equity`,
    `${brand.name} Appreciation`,
    `Total ${brand.name} Value`,
    'Mortgage Equity',
    'Mortgage Appreciation',
    'Total Mortgage Value',
  ]);
  await expect(page.getByRole('img', { name: /Net home wealth by year/ })).toBeVisible();
  await expect(page.getByText('0.83409563', { exact: false })).toBeAttached();
  await expect(page.getByRole('link', { name: /Start Your Application/ })).toHaveAttribute('href', /^\/apply/);
  await expect(page.getByRole('link', { name: 'Try Affordability Calculator' })).toHaveAttribute('href', '/affordability');
  await expect(page).toHaveURL(/calc=1/);
});

test('the slider moves by keyboard and recomputes savings and the table from the baseline', async ({ page }) => {
  await page.goto(PATH);
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await expectDefaults(page);

  await slider(page).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(slider(page)).toHaveAttribute('aria-valuetext', '$2,339 per month');
  await expect(page.getByTestId('slider-total')).toContainText('$2,339');
  await expect(savings(page)).toHaveText('$887');
  await expect(page.getByTestId('summary-principal-reduction')).toHaveText('$8/mo'); // 3 steps · $2.50
  await expect(page.getByTestId('summary-share')).toHaveText('37.6%');
  await expect(row(page, 5).locator('td').nth(3)).toHaveText('$139,965');
  await expect(net(page).locator('td').nth(3)).toHaveText('$91,380');

  await page.keyboard.press('Home');
  await expect(slider(page)).toHaveAttribute('aria-valuetext', '$2,049 per month');
  await expect(savings(page)).toHaveText('$1,177');
  await expect(page.getByTestId('summary-product')).toContainText('$1,559');
  await expect(page.getByTestId('summary-principal-reduction')).toHaveText('$153/mo');
  await expect(page.getByTestId('summary-share')).toHaveText('20.2%');
  await expect(row(page, 5).locator('td').nth(3)).toHaveText('$133,684');
  // The mortgage side and the slider's range come from the baseline and do not move.
  await expect(page.getByTestId('summary-mortgage')).toContainText('$3,226');
  await expect(row(page, 5).locator('td').nth(6)).toHaveText('$140,879');
  await expect(page.getByTestId('slider-min')).toHaveText('$2,049');
  await expect(page.getByTestId('slider-max')).toHaveText('$2,354');
  await expect(page).toHaveURL(/pay=2049/);

  await page.keyboard.press('End');
  await expect(savings(page)).toHaveText('$872');
});

test('a shared URL with the slider position reproduces the same figures in a new browser context', async ({ page, openBrowser }) => {
  await page.goto(PATH);
  await field(page, 'Home Price').fill('500000');
  await field(page, 'Down Payment').fill('100000');
  await field(page, 'Years to Display').fill('7');
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await slider(page).focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  const valuetext = await slider(page).getAttribute('aria-valuetext');
  const saved = await savings(page).innerText();
  const year7 = await cells(page, 7);
  const netText = (await net(page).textContent()) ?? '';
  // The URL follows the slider after a short pause: wait for this position, not an earlier one.
  await expect(page).toHaveURL(new RegExp(`pay=${valuetext!.replace(/\D/g, '')}(&|$)`));
  await expect(page).toHaveURL(/calc=1/);
  const shared = page.url();

  const other = await openBrowser();
  await other.goto(shared);
  await expect(field(other, 'Home Price')).toHaveValue('500000');
  await expect(slider(other)).toHaveAttribute('aria-valuetext', valuetext!);
  await expect(savings(other)).toHaveText(saved);
  expect(await cells(other, 7)).toEqual(year7);
  await expect(other.getByTestId('wealth-table-scroll').locator('tbody tr')).toHaveCount(7);
  await expect(net(other)).toHaveText(netText);
});

test('Years to Display outside 1–10 or not whole shows the message, and Calculate does not run', async ({ page }) => {
  await page.goto(PATH);
  const years = field(page, 'Years to Display');
  await years.fill('11');
  await expect(page.getByText('Enter a whole number of years from 1 to 10')).toBeVisible();
  await expect(years).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await expect(slider(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Calculate', exact: true })).toBeVisible();
  await expect(years).toBeFocused();

  await years.fill('2.5');
  await expect(page.getByText('Enter a whole number of years from 1 to 10')).toBeVisible();
  await years.fill('10');
  await expect(page.getByText('Enter a whole number of years from 1 to 10')).toHaveCount(0);
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await expect(page.getByTestId('wealth-table-scroll').locator('tbody tr')).toHaveCount(10);
  await expect(net(page).locator('td').nth(3)).toHaveText('$208,979');
  await expect(net(page).locator('td').nth(6)).toHaveText('$200,878');
});

test('changing an input after Calculate waits for Recalculate', async ({ page }) => {
  await page.goto(PATH);
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await expectDefaults(page);
  await field(page, 'Mortgage Rate').fill('5.5');
  await expect(page.getByText(/Click Recalculate to update/)).toBeVisible();
  await expect(slider(page)).toBeDisabled();
  await expect(page.getByTestId('summary-mortgage')).toContainText('$2,443');
  await page.getByRole('button', { name: 'Recalculate' }).click();
  await expect(page.getByText(/Click Recalculate to update/)).toHaveCount(0);
  await expect(page.getByTestId('summary-share')).toHaveText('47.0%'); // the baseline rate's share
  await expect(page.getByTestId('summary-mortgage')).not.toContainText('$2,443');
});

test('has no serious accessibility violation and scrolls sideways only inside the table at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(PATH);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await expect(savings(page)).toHaveText('$872');
  await page.locator('details summary').click();
  await expectAccessible(page);
  expect(await hasHorizontalScroll(page)).toBe(false);
  const table = page.getByTestId('wealth-table-scroll');
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('says “Equity you give up”, shows the 9.6 % transfer fee beside Net Home Wealth, and charts net home wealth', async ({ page }) => {
      await page.goto(`${PATH}?calc=1`);
      await expect(page.getByText('Equity you give up', { exact: true })).toBeVisible();
      await expect(page.getByText('Principal reduction')).toHaveCount(0);
      // FV = 420,000·1.038^5 = 505,811; 9.6 % of it is $48,586.
      await expect(page.getByTestId('transfer-fee-note')).toBeVisible();
      await expect(page.getByTestId('transfer-fee-note')).toContainText('after the 9.6% equity transfer fee, $48,586');
      await expect(page.getByText('Net home wealth after 5 years: $91,705 with Ownstead vs. $75,592 with a mortgage, 21% more.')).toBeVisible();
      // The chart shows the figure the headline speaks of: its year 5 is Net Home Wealth, not the total value.
      const chart = page.getByRole('img', { name: /Net home wealth by year/ });
      await expect(chart).toBeVisible();
      await expect(chart).toHaveAccessibleName(/Year 5: Ownstead \$91,705, mortgage \$75,592\./);
      await expect(chart).not.toHaveAccessibleName(/\$140,290/);
      expect(await hasHorizontalScroll(page)).toBe(false);
    });
  });
}
