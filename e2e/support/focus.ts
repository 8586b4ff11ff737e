import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard helpers for the focus tests (docs/product/public-site.md#messages, 'Focus';
 * docs/product/application.md#keyboard-and-focus): where focus is, described for a
 * failing test, and Tab walks that stop at a control and fail — naming every stop —
 * when focus falls to the page or the control is never reached.
 */

/** The focused element, described for a failing test: 'body' when focus is on the page itself (or nowhere). */
export const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const name = active.getAttribute('aria-label') ?? (active as HTMLInputElement).labels?.[0]?.textContent ?? active.textContent ?? '';
    const role = active.getAttribute('role') ?? active.getAttribute('type');
    return `<${active.tagName.toLowerCase()}${role ? ` ${role}` : ''}> "${name.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
  });

/** Focus is on a control or heading, not on <body>. */
export async function expectFocusNotOnBody(page: Page, after: string) {
  expect(await focusedDescription(page), `focus after ${after}`).not.toBe('body');
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement, undefined, { timeout: 15_000 });

/**
 * Presses `key` until `target` has focus, at most `max` times. After every press focus
 * must be on something (never <body>); a failure lists the stops of the walk.
 */
export async function pressUntilFocused(page: Page, target: Locator, { key = 'Tab', max = 30 }: { key?: 'Tab' | 'Shift+Tab'; max?: number } = {}) {
  const stops: string[] = [];
  for (let presses = 0; presses < max && !(await isFocused(target)); presses++) {
    await page.keyboard.press(key);
    const now = await focusedDescription(page);
    stops.push(now);
    expect(now, `focus fell to <body> after ${key} #${presses + 1}; the walk: ${stops.join(' → ')}`).not.toBe('body');
  }
  await expect(target, `${key} ×${stops.length} did not reach ${target}; the walk: ${stops.join(' → ')}`).toBeFocused({ timeout: 1_000 });
}

/** Tab until `target` has focus (see pressUntilFocused). */
export const tabTo = (page: Page, target: Locator, max?: number) => pressUntilFocused(page, target, { key: 'Tab', max });

/** Shift+Tab until `target` has focus (see pressUntilFocused). */
export const shiftTabTo = (page: Page, target: Locator, max?: number) => pressUntilFocused(page, target, { key: 'Shift+Tab', max });

/** Types into the focused `field` and checks that it kept focus and holds `expected` (the typed text unless given). */
export async function typeInto(page: Page, field: Locator, text: string, expected: string = text) {
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
  await expect(field).toHaveValue(expected);
  await expect(field).toBeFocused();
}
