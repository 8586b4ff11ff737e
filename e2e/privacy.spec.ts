import { expect, test } from '@playwright/test';
import { DEFAULT_BRAND } from '../src/domain/brand';
import { expectAccessible } from './fixtures';

// docs/product/privacy.md#privacy-policy-page, in this order.
const SECTIONS = [
  'Introduction',
  'Collection and Storage of Personal Information',
  'How We Use Personal Information',
  'Sharing',
  'Why We Use',
  'Cookies',
  'Your Rights',
  'Retention',
  'International Transfer',
  'Safeguards',
  'Minors',
  'Third Party Collection',
  'Changes to the Policy',
  'How to Contact Us',
];

test.describe('privacy policy', () => {
  test('shows the revision date and every section in order, with a table of contents', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last revised January 15, 2025')).toBeVisible();

    const headings = page.getByRole('article').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(SECTIONS.map((title) => new RegExp(`^\\d{2}${title}$`)));

    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link')).toHaveText(SECTIONS.map((title, i) => `${i + 1}.${title}`));
    await toc.getByRole('link', { name: /Cookies/ }).click();
    await expect(page).toHaveURL(/#cookies$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Cookies' })).toBeInViewport();
  });

  test('says what the policy promises', async ({ page }) => {
    await page.goto('/privacy-policy');
    const article = page.getByRole('article');
    await expect(article).toContainText('We do not sell your personal information');
    await expect(article).toContainText('last four digits of your Social Security number');
    await expect(article).toContainText('encrypted at rest');
    await expect(article).toContainText('we do not respond to Do Not Track signals');
    // No analytics tool and no performance cookies exist, so the policy names none.
    await expect(article).toContainText('We do not use analytics or advertising tools');
    await expect(article).not.toContainText('analytics tool');
    const cookies = page.getByRole('region', { name: 'Cookies' });
    await expect(cookies).toContainText('in two kinds');
    await expect(cookies.getByText('Performance:')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Sharing' })).not.toContainText('analytics');
    const rights = page.getByRole('region', { name: 'Your Rights' });
    for (const right of ['Access', 'Portability', 'Rectification', 'Erasure']) {
      await expect(rights.getByText(`${right}:`)).toBeVisible();
    }
    await expect(rights).toContainText('download your data');
    await expect(rights).toContainText('delete your account');
  });

  test('the contact section links to the contact e-mail', async ({ page }) => {
    await page.goto('/privacy-policy');
    const contact = page.getByRole('region', { name: 'How to Contact Us' });
    await expect(contact.getByRole('link', { name: DEFAULT_BRAND.contactEmail })).toHaveAttribute('href', `mailto:${DEFAULT_BRAND.contactEmail}`);
  });

  test('/privacy redirects to /privacy-policy', async ({ page }) => {
    const response = await page.request.get('/privacy', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/privacy-policy');
    await page.goto('/privacy');
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('Back to Home returns to the landing page', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Own Your Home Affordably and Flexibly' })).toBeVisible();
  });

  test('passes axe', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
});
