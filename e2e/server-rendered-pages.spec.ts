import { expect, test, type Page } from '@playwright/test';
import { comparisonPath, DEFAULT_BRAND } from '../src/domain/brand';
import { expectAccessible, hasHorizontalScroll } from './fixtures';

/**
 * docs/decisions/025-server-rendered-public-pages.md: every public page arrives drawn by the server — its
 * heading, its text, its form and a calculator's first figures —, reads with JavaScript off, and the app takes it over
 * (hydrates) without a mismatch or any error in the console. A drawn form waits, disabled, until then: the browser
 * itself never sends it.
 */
interface PublicPage {
  path: string;
  heading: string | RegExp;
  /** A field of the page's form, by its label; none on a page of text. */
  field?: string | RegExp;
  /** Text the first paint shows (a calculator's result or prompt). */
  text?: string | RegExp;
  status?: number;
}

const PAGES: PublicPage[] = [
  { path: '/', heading: 'Own Your Home Affordably and Flexibly' },
  { path: '/intro', heading: `How ${DEFAULT_BRAND.name} works`, text: `Welcome to ${DEFAULT_BRAND.name}` },
  { path: '/waitlist', heading: 'Join Our Waitlist!', field: 'First Name' },
  {
    path: '/how-much-home-can-i-afford',
    heading: 'How Much Home Can I Afford?',
    field: 'Monthly gross income',
    // At the defaults the target is above 28 % of income less debts, and the result says so (calculators-affordability.spec.ts).
    text: /This payment could buy a home up to\s*\$[\d,]+/,
  },
  { path: '/affordability', heading: 'Home Affordability Calculator', field: /income/i, text: /then click Calculate/ },
  { path: comparisonPath(DEFAULT_BRAND), heading: `${DEFAULT_BRAND.name} vs. Mortgage`, field: 'Home price', text: /then click Calculate/ },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/auth/signin', heading: 'Welcome back', field: 'Email' },
  { path: '/auth/signup', heading: 'Create your account', field: 'Email' },
  { path: '/auth/forgot-password', heading: 'Forgot your password?', field: 'Email' },
  { path: '/no-such-page', heading: 'Oops! Page not found', status: 404 },
];

const mainHeading = (page: Page, heading: string | RegExp) => page.getByRole('heading', { level: 1, name: heading });

test.describe('public pages drawn by the server', () => {
  for (const entry of PAGES) {
    test(`${entry.path}: the server's HTML has the heading${entry.field ? ' and the form' : ''}`, async ({ request }) => {
      const response = await request.get(entry.path);
      expect(response.status()).toBe(entry.status ?? 200);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      const text = root
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .replace(/\s+/g, ' ');
      expect(root).toMatch(/<h1\b/);
      if (typeof entry.heading === 'string') expect(text).toContain(entry.heading);
      else expect(text).toMatch(entry.heading);
      if (entry.field) expect(root).toMatch(/<form\b[\s\S]*<(input|select)\b/);
      if (entry.text) expect(text).toMatch(entry.text);
    });
  }

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });
    test('every public page can be read at 375 px', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      for (const entry of PAGES) {
        await page.goto(entry.path);
        await expect(mainHeading(page, entry.heading), entry.path).toBeVisible();
        // The form is there to read, held until the app runs (the browser alone would send it as a GET).
        if (entry.field) await expect(page.getByLabel(entry.field).first(), entry.path).toBeDisabled();
        // What is on screen, as read (a figure and its words may sit in separate blocks).
        if (entry.text) await expect(page.locator('body'), entry.path).toContainText(entry.text, { useInnerText: true });
      }
    });
  });

  // axe and the page's width need a script of their own in the page: the app's scripts are held back instead, so
  // what is checked is the page as the server drew it.
  for (const entry of PAGES) {
    test(`${entry.path} as the server drew it: no sideways scroll at 375 px, axe at 375 and 1280 px`, async ({ page }) => {
      await page.route('**/assets/*.js', (route) => route.abort());
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(entry.path);
        await expect(mainHeading(page, entry.heading)).toBeVisible();
        if (width === 375) expect(await hasHorizontalScroll(page)).toBe(false);
        await expectAccessible(page);
      }
    });
  }

  test('the app takes every page over without a hydration mismatch or a console error', async ({ page }) => {
    test.slow();
    const errors: string[] = [];
    page.on('console', (message) => {
      // The not-found page's own 404 status is reported as a failed load; anything else is an error.
      if (message.location().url === page.url() && /status of 404/.test(message.text())) return;
      if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    for (const entry of PAGES.filter((p) => p.path !== '/')) {
      await page.goto(entry.path);
      const heading = mainHeading(page, entry.heading);
      await expect(heading, entry.path).toBeVisible();
      // Hydrated (or drawn): React has attached itself to the heading.
      await expect
        .poll(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))), { message: entry.path })
        .toBe(true);
      // Taken over: the form can be filled.
      if (entry.field) await expect(page.getByLabel(entry.field).first(), entry.path).toBeEnabled();
      await page.waitForLoadState('networkidle');
      expect(errors, entry.path).toEqual([]);
    }
  });

  test('a hydrated page is the app: the phone menu opens and a link navigates without reloading', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/privacy-policy');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect.poll(() => menuButton.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))).toBe(true);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await menuButton.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Join Waitlist' }).click();
    await expect(mainHeading(page, 'Join Our Waitlist!')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
