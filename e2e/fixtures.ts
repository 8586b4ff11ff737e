import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe on the current page: no serious or critical violation (WCAG 2.x A/AA). */
export async function expectAccessible(page: Page) {
  // Let short UI transitions (fades, slides) end first: axe reads colours mid-fade as too faint.
  // Long or endless ones (progress bars, spinners) are left running.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || Number(a.effect?.getComputedTiming().endTime ?? Infinity) > 1000),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

/** True when the page is wider than its viewport (a horizontal scroll bar). */
export async function hasHorizontalScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
