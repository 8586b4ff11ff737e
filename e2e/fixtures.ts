import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { createAccountOverHttp, signUpOverHttp, type TestAccount } from './support/accounts';
import { signInAsNewAdmin, type TestAdmin } from './support/admins';
import { submitApplicationOverHttp, uniqueSurname, type SubmittedApplication } from './support/submitted-application';

export { expect };

/**
 * The shared setup of the specs, as Playwright fixtures: a test names what it
 * needs (`async ({ page, admin }) => …`), the fixture builds it over HTTP before
 * the test and takes it down after, pass or fail — no try/finally in the specs.
 * Every fixture makes new accounts with unique addresses, so tests run in
 * parallel against one server.
 */
export interface Fixtures {
  /** A new account, signed in on `page`. A test that needs only the signed-in page names it `user: _user`. */
  user: TestAccount;
  /** A new account that exists and is signed in nowhere: for the sign-in form, resets and mailed links. */
  existingAccount: TestAccount;
  /**
   * `page` signed in as a new admin with two-factor on (e2e/support/admins.ts).
   * Browser options such as `test.use({ timezoneId })` apply, as to any `page`.
   */
  admin: TestAdmin;
  /** Opens a page in a new browser context (another device of the same person, or a stranger's); closed after the test. */
  openBrowser: (options?: BrowserContextOptions) => Promise<Page>;
  /** A new user who has submitted a complete application, signed in in a browser of their own (`applicant.page`). */
  applicant: SubmittedApplication & { page: Page };
}

/** Making an account hashes passwords: on a busy machine the setup gets its own time, not the test's. */
const SLOW_SETUP = { timeout: 60_000 };

export const test = base.extend<Fixtures>({
  user: [
    async ({ page }, use) => {
      await use(await signUpOverHttp(page));
    },
    SLOW_SETUP,
  ],
  existingAccount: [
    async ({ request }, use) => {
      await use(await createAccountOverHttp(request));
    },
    SLOW_SETUP,
  ],
  admin: [
    async ({ page }, use) => {
      await use(await signInAsNewAdmin(page));
    },
    SLOW_SETUP,
  ],
  openBrowser: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  applicant: [
    async ({ openBrowser }, use) => {
      const page = await openBrowser();
      await use({ ...(await submitApplicationOverHttp(page, { lastName: uniqueSurname() })), page });
    },
    SLOW_SETUP,
  ],
});

/** Waits until the short UI transitions (fades, slides) have ended; long or endless ones (progress bars, spinners) are left running. */
async function settleTransitions(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || Number(a.effect?.getComputedTiming().endTime ?? Infinity) > 1000),
  );
}

/**
 * Waits, for at most 10 s, until no region says it is loading (`aria-busy`): a list dimmed while it refreshes is read
 * by axe as low contrast. A page that stays busy is checked as it is after that.
 */
async function settleBusyRegions(page: Page) {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 10_000 }).catch(() => undefined);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

/**
 * axe on the current page: no serious or critical violation (WCAG 2.x A/AA).
 * axe reads colours mid-fade as too faint, so it runs once transitions end; a toast that
 * starts fading out while axe reads (its 4 s ran out) gets one more reading after that fade.
 * A lasting violation fails both readings.
 */
export async function expectAccessible(page: Page) {
  await settleBusyRegions(page);
  await settleTransitions(page);
  let bad = await seriousViolations(page);
  if (bad.length > 0) {
    await settleTransitions(page);
    bad = await seriousViolations(page);
  }
  expect(bad).toEqual([]);
}

/** True when the page is wider than its viewport (a horizontal scroll bar). */
export async function hasHorizontalScroll(page: Page) {
  // Measured after two frames: a resize's ResizeObserver callbacks (a chart's width) and the re-render they cause land first.
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth > window.innerWidth))),
      ),
  );
}

/**
 * Text as the page shows it: not the copy a form's live region holds for screen readers (an error said after a submit,
 * src/web/lib/form-errors.ts `useErrorAnnouncer`). A field's error is then the one under the field.
 */
export function shownText(scope: Page | Locator, text: string | RegExp) {
  return scope.getByText(text).and(scope.locator(':not([data-testid="live-region"] *)'));
}
