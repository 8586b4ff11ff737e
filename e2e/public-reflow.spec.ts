import { expect, test, type Page } from '@playwright/test';
import { comparisonPath, DEFAULT_BRAND } from '../src/domain/brand';
import { enlargeText, sidewaysOverflow } from './support/reflow';

/**
 * Reflow (WCAG 1.4.10) and text at 200 % (WCAG 1.4.4) on every public page
 * (docs/product/public-site.md#reflow): at 320 px no public page scrolls sideways;
 * with text enlarged to 200 % no public page does either (the affordability
 * calculators before and after Calculate among them), and the landing page's stat
 * figures stay whole. The signed-in pages: e2e/signed-in-reflow.spec.ts. The comparison's wealth table is the one
 * thing allowed to scroll, inside its own box.
 */
const PUBLIC_PAGES = [
  '/',
  '/intro',
  '/waitlist',
  '/how-much-home-can-i-afford',
  '/affordability',
  '/affordability?income=6000&debt=200&down=10000&calc=1',
  comparisonPath(DEFAULT_BRAND),
  `${comparisonPath(DEFAULT_BRAND)}?calc=1`,
  '/privacy-policy',
  '/auth/signin',
  '/auth/signup',
  '/auth/forgot-password',
  '/no-such-page',
];

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Fonts change widths: measure once they are in.
  await page.evaluate(() => document.fonts.ready);
}

test.describe('reflow at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const path of PUBLIC_PAGES) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await open(page, path);
      expect(await sidewaysOverflow(page)).toBe(0);
    });
  }
});

for (const width of [375, 1280]) {
  test.describe(`text at 200 % at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of PUBLIC_PAGES) {
      test(`${path} does not scroll sideways`, async ({ page }) => {
        await open(page, path);
        await enlargeText(page);
        expect(await sidewaysOverflow(page)).toBe(0);
      });
    }
  });
}

test('the landing page’s stat figures are whole at 200 % text, at 375 and 1280 px', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/');
    await enlargeText(page);
    const figures = page.getByRole('region', { name: 'The numbers that matter' }).locator('dd span:not(:empty)');
    await expect(figures.filter({ hasText: '100%' })).toBeVisible();
    for (const figure of await figures.all()) {
      const fits = await figure.evaluate((span) => {
        const card = span.closest('dl > div') as HTMLElement;
        const box = span.getBoundingClientRect();
        const cardBox = card.getBoundingClientRect();
        return box.left >= cardBox.left - 0.5 && box.right <= cardBox.right + 0.5;
      });
      expect(fits, `${await figure.innerText()} at ${width} px`).toBe(true);
    }
  }
});
