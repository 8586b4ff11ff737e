import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { comparisonPath, DEFAULT_BRAND } from '../src/domain/brand';
import { expectAccessible, hasHorizontalScroll } from './fixtures';

const name = DEFAULT_BRAND.name;
const calculatorPath = '/how-much-home-can-i-afford';

test.describe('landing page', () => {
  test('renders the hero and every section', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Own Your Home Affordably and Flexibly' })).toBeVisible();
    await expect(main.getByText('Own your home flexibly and affordably')).toBeVisible();

    // Hero: the calculator and the comparison.
    await expect(main.getByRole('link', { name: 'How much home can I afford?' })).toHaveAttribute('href', calculatorPath);
    await expect(main.getByRole('link', { name: 'Compare with a mortgage' })).toHaveAttribute('href', comparisonPath(DEFAULT_BRAND));

    for (const title of [
      `Meet ${name}`,
      'The numbers that matter',
      'Customize Everything',
      'How It Works',
      'Four steps to your front door',
      'What early members tell us',
      'Ready when you are',
      'Disclosures',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    }

    // Benefit stats in large type.
    // The calculators' figures with the disclosed examples (src/domain/claims.ts), not 30 % and 27 %.
    for (const value of ['2%', '36%', '28%', '100%']) {
      await expect(main.getByText(value, { exact: true })).toBeVisible();
    }

    // Customize Everything: down payment, monthly budget (less monthly, less equity), 60 days notice.
    const customize = main.getByRole('region', { name: 'Customize Everything' });
    await expect(customize.getByRole('heading', { level: 3 })).toHaveText(['Your down payment', 'Your monthly budget', 'Your next move']);
    await expect(customize).toContainText('less equity');
    await expect(customize).toContainText('60 days notice');

    // The five-step story, in order, and the four-step summary.
    const how = main.getByRole('region', { name: 'How It Works' });
    await expect(how.getByRole('list').first().getByRole('heading', { level: 3 })).toHaveText([
      /The co-ownership model/,
      /Find a home and apply/,
      /Your home on the blockchain/,
      /An investor partnership/,
      /Live, manage and build wealth/,
    ]);
    await expect(main.getByRole('list', { name: 'Four steps to your front door' }).getByRole('heading', { level: 3 })).toHaveText([
      'Qualify',
      'Find',
      'Offer',
      'Live & Grow',
    ]);

    // Three testimonials, labelled as illustrative, each with a name, age and city.
    const testimonials = main.getByRole('region', { name: 'What early members tell us' });
    await expect(testimonials.getByText('Illustrative testimonials; individual results vary.')).toBeVisible();
    const figures = testimonials.getByRole('figure');
    await expect(figures).toHaveCount(3);
    for (const figure of await figures.all()) {
      await expect(figure.locator('figcaption')).toHaveText(/\d{2}, [A-Za-z .]+, [A-Z]{2}$/);
    }
    await expect(testimonials).toContainText('more than $500 a month');

    // Closing call to action.
    await expect(main.getByRole('link', { name: 'Join The Waitlist' })).toHaveAttribute('href', '/waitlist');
    await expect(main.getByRole('link', { name: 'Try Our Calculator' })).toHaveAttribute('href', calculatorPath);
  });

  test('every claim note links to its disclosure', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const disclosures = page.getByRole('region', { name: 'Disclosures' }).getByRole('listitem');
    await expect(disclosures).toHaveCount(5);

    const refs = page.getByRole('main').getByRole('link', { name: /^Disclosure \d$/ });
    const hrefs = new Set(await refs.evaluateAll((links) => links.map((a) => a.getAttribute('href'))));
    // Each of the five claims (payments, down, price, wealth, approval) is marked somewhere.
    expect(hrefs.size).toBe(5);
    for (const href of hrefs) {
      await expect(page.locator(`li${href}`)).toHaveCount(1);
    }

    await page.getByRole('link', { name: 'Disclosure 1', exact: true }).first().click();
    await expect(page).toHaveURL(/#disclosure-payments$/);
    const note = page.locator('#disclosure-payments');
    await expect(note).toBeInViewport();
    await expect(note).toContainText('Up to 36% lower monthly payments');
    // The disclosure says which example gives the figure, and the figures the comparison shows for it.
    await expect(note).toContainText('The Ownstead payment that builds the same equity as the mortgage, $2,354, is 27% lower');
    await expect(note).toContainText('the lowest payment it offers, $2,049, which builds less equity, is 36% lower');
    await expect(page.locator('#disclosure-price')).toContainText('28% higher home price');
    await expect(page.locator('#disclosure-price')).toContainText('$537,258 against $419,733');
    await expect(page.locator('#disclosure-wealth')).toContainText('21% more wealth over 5 years');
    await expect(page.locator('#disclosure-wealth')).toContainText('$91,705 with Ownstead');
  });

  test('every nav and footer link leads somewhere real', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const links = page.locator('header a[href], footer a[href]');
    const all = await links.evaluateAll((as) =>
      as.map((a) => ({
        href: a.getAttribute('href') ?? '',
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel') ?? '',
        text: a.textContent?.trim() ?? '',
      })),
    );
    expect(all.length).toBeGreaterThan(8);

    for (const link of all) {
      if (link.href.startsWith('/')) {
        const response = await page.request.get(link.href);
        expect(response.status(), `${link.text} → ${link.href}`).toBe(200);
      } else if (link.href.startsWith('mailto:')) {
        expect(link.href).toBe(`mailto:${DEFAULT_BRAND.contactEmail}`);
      } else {
        expect(link.href, link.text).toMatch(/^https:\/\//);
        expect(link.target, link.text).toBe('_blank');
        expect(link.rel.split(/\s+/), link.text).toContain('noopener');
      }
    }
    // docs/product/public-site.md#footer: the privacy link goes to the policy, not nowhere.
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path] of [
      ['Home Calculator', calculatorPath],
      [`${name} vs. Mortgage`, comparisonPath(DEFAULT_BRAND)],
    ] as const) {
      await page.goto('/');
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await nav.getByRole('link', { name: `${name} home` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Own Your Home Affordably and Flexibly' })).toBeVisible();
    await nav.getByRole('link', { name: 'Join Waitlist', exact: true }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
  });

  test('loads no app code: the phone menu opens and closes without it, and its links lead into the app', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/static-menu-[\w-]+\.js$/)]);

    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole('link', { name: 'Join Waitlist' }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Waitlist!' })).toBeVisible();
    // The app's menu behaves the same, once the app has taken the drawn page over (ADR 025: it loads after the first paint).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });

  test('keeps its own script within the landing JS budget: 2 KB gzip (docs/decisions/005-landing-js-budget.md)', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts).toHaveLength(1);
    const body = await (await page.request.get(scripts[0]!)).body();
    expect(gzipSync(body, { level: 9 }).length).toBeLessThanOrEqual(2048);
  });

  test('has no horizontal scroll at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('the server sends the title and meta description', async ({ page }) => {
    const response = await page.request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>Own Your Home Affordably and Flexibly | ${name}</title>`);
    const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';
    expect(description.length).toBeGreaterThan(50);

    await page.goto('/');
    await expect(page).toHaveTitle(`Own Your Home Affordably and Flexibly | ${name}`);
  });

  test('passes axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
});

for (const width of [375, 1280]) {
  test.describe(`landing page claims at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the benefit figures are the calculators’ with the disclosed examples', async ({ page }) => {
      await page.goto('/');
      const stats = page.getByRole('region', { name: 'The numbers that matter' });
      for (const value of ['2%', '36%', '28%', '100%']) {
        await expect(stats.getByText(value, { exact: true })).toBeVisible();
      }
      for (const stale of ['30%', '27%']) await expect(stats.getByText(stale, { exact: true })).toHaveCount(0);
      await expect(page.getByRole('main').getByText(/up to 20% more wealth/)).toHaveCount(0);
      expect(await hasHorizontalScroll(page)).toBe(false);
    });
  });
}
