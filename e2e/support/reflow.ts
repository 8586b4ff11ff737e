import type { Page } from '@playwright/test';

/** The page's width beyond its viewport, in px (0 when it does not scroll sideways). */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Text at 200 % (WCAG 1.4.4), as a reader's larger default text size does it: the root font size; then one frame for layout. */
export async function enlargeText(page: Page) {
  await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  await page.evaluate(() => new Promise(requestAnimationFrame));
}
