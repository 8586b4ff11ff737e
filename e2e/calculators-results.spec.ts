import { expect, test } from '@playwright/test';
import { comparisonPath, DEFAULT_BRAND } from '../src/domain/brand';
import { expectAccessible } from './fixtures';

/**
 * docs/product/calculators.md#after-calculate: on every calculator, after Calculate
 * the results' heading takes focus (a screen reader reads it and its one-line
 * summary) and is scrolled into view — on a phone the results sit below the form.
 */
for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('/affordability: Calculate reveals and announces the results', async ({ page }) => {
      await page.goto('/affordability');
      await page.getByLabel(/Monthly Gross Household Income/).fill('6000');
      await page.getByRole('button', { name: 'Calculate' }).click();
      const heading = page.getByRole('heading', { level: 2, name: 'Your results' });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      await expect(heading).toHaveAccessibleDescription(/^With Ownstead, a home up to \$[\d,]+ at \$[\d,]+ a month.*with a mortgage, up to \$[\d,]+/);
      // No result: the same heading says why.
      await page.getByLabel(/Monthly Gross Household Income/).fill('0');
      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect(heading).toBeFocused();
      await expect(heading).toHaveAccessibleDescription(/^No result for these numbers\./);
      await expectAccessible(page);
    });

    test('the comparison: Calculate reveals and announces the results', async ({ page }) => {
      await page.goto(comparisonPath(DEFAULT_BRAND));
      await page.getByRole('button', { name: 'Calculate' }).click();
      const heading = page.getByRole('heading', { level: 2, name: 'Your comparison' });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      await expect(heading).toHaveAccessibleDescription(
        'With Ownstead you’d pay $872 less a month: $2,354 against the mortgage’s $3,226, taxes and insurance included.',
      );
      await page.getByLabel('Home Price').fill('500000');
      await page.getByRole('button', { name: 'Recalculate' }).click();
      await expect(heading).toBeFocused();
      await expect(heading).toHaveAccessibleDescription(/^With Ownstead you’d pay \$[\d,]+ less a month/);
    });

    test('variant A: the results follow the typing and are reachable from the form', async ({ page }) => {
      await page.goto('/how-much-home-can-i-afford');
      const heading = page.getByRole('heading', { level: 2, name: 'Your results' });
      await expect(heading).toHaveAccessibleDescription('A home up to $450,000, with an estimated monthly payment of $2,200.');
      const see = page.getByRole('button', { name: 'See My Results' });
      if (width < 1024) {
        await page.getByLabel('Monthly gross income').fill('9000');
        await see.click();
        await expect(heading).toBeFocused();
        await expect(heading).toBeInViewport();
      } else {
        // Beside the form, in sight from the start: nothing to reveal.
        await expect(see).toBeHidden();
        await expect(heading).toBeInViewport();
      }
    });

    test('the comparison opened from variant A says the budget beside the payment for that home', async ({ page }) => {
      await page.goto('/how-much-home-can-i-afford');
      await page.getByRole('link', { name: 'Compare to Mortgage' }).click();
      await expect(page).toHaveURL(/budget=2200/);
      await expect(page.getByTestId('budget-line')).toHaveText(
        'Your budget was $2,200 a month; for this home the Ownstead payment is $2,119–$2,434 a month; we set it to your budget.',
      );
      // The slider's ends are that range, and it starts at the budget: the nearest step at or below $2,200.
      const slider = page.getByRole('slider');
      await expect(slider).toHaveAttribute('max', /^2433\.8/);
      await expect(slider).toHaveAttribute('aria-valuetext', '$2,199 per month');
      await expect(page).toHaveURL(/budget=2200/);
      // Moved away from the budget, the line no longer says it is set to it. The page came from the server: its
      // slider waits, disabled, until the app has taken it over, and a key pressed before then moves nothing.
      await expect(slider).toBeEnabled();
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveAttribute('aria-valuetext', '$2,204 per month');
      await expect(page.getByTestId('budget-line')).toHaveText('Your budget was $2,200 a month; for this home the Ownstead payment is $2,119–$2,434 a month.');
      // A budget out of the slider's range leaves the slider at its maximum.
      await page.goto(`${comparisonPath(DEFAULT_BRAND)}?price=450000&down=50000&rate=6.4&calc=1&budget=3000`);
      await expect(slider).toHaveAttribute('aria-valuetext', '$2,434 per month');
      await expect(page.getByTestId('budget-line')).toHaveText('Your budget was $3,000 a month; for this home the Ownstead payment is $2,119–$2,434 a month.');
      // Opened any other way, there is no budget to speak of.
      await page.goto(`${comparisonPath(DEFAULT_BRAND)}?calc=1`);
      await expect(page.getByRole('heading', { name: 'Net home wealth by year' })).toBeVisible();
      await expect(page.getByTestId('budget-line')).toHaveCount(0);
    });
  });
}
