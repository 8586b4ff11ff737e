import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { createAdminAccount } from './support/admins';
import { latestLink, pathOf } from './support/accounts';
import { stepHeading, uploadRequiredDocuments } from './support/application';

/**
 * One rule for messages and focus (docs/product/public-site.md#messages, ADR 023):
 * toasts on phones, keyed toasts, the toast's close button, the
 * dialogs' focus, announced errors, focus never under a sticky bar; and where an
 * admin lands after signing in (docs/product/accounts.md#admin-landing).
 */

const WIDTHS = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const toasts = (page: Page) => page.locator('[data-sonner-toast]');
const visibleToasts = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]');

/** The fixed or sticky bars (outside the toaster) drawn under `target` on screen, sampled on a grid over it; [] when none. */
async function barsOver(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const found = new Set<string>();
    for (const fx of [0.1, 0.5, 0.9]) {
      for (const fy of [0.1, 0.5, 0.9]) {
        for (const bar of document.elementsFromPoint(r.left + r.width * fx, r.top + r.height * fy)) {
          if (bar.closest('[data-sonner-toaster]') || bar === document.documentElement || bar === document.body) continue;
          const position = getComputedStyle(bar).position;
          if (position !== 'fixed' && position !== 'sticky') continue;
          const b = bar.getBoundingClientRect();
          if (b.height >= innerHeight / 2) continue;
          found.add(
            `${bar.tagName.toLowerCase()}${bar.getAttribute('aria-label') ? `[${bar.getAttribute('aria-label')}]` : ''} ${Math.round(b.top)}-${Math.round(b.bottom)}`,
          );
        }
      }
    }
    return [...found];
  });
}

/**
 * Where the focused element is hidden: under a fixed or sticky bar that does not contain it
 * (checked at its top, middle and bottom, by what is drawn on top there), or off screen.
 * Returns null when it can be seen.
 */
async function focusHiddenBy(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'focus is on <body>';
    const r = element.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return null; // nothing drawn (e.g. a visually hidden input whose label shows it)
    const describe = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    for (const y of [r.top + 2, r.top + r.height / 2, r.bottom - 2]) {
      if (y < 0 || y >= innerHeight) return `${describe(element)} is off screen (y=${Math.round(y)})`;
      const hit = document.elementFromPoint(x, y);
      if (!hit || element.contains(hit) || hit.contains(element)) continue;
      for (let bar: Element | null = hit; bar && bar !== document.body; bar = bar.parentElement) {
        const position = getComputedStyle(bar).position;
        if ((position === 'fixed' || position === 'sticky') && !bar.contains(element)) {
          return `${describe(element)} is under ${bar.tagName.toLowerCase()}${bar.getAttribute('aria-label') ? `[${bar.getAttribute('aria-label')}]` : ''}`;
        }
      }
    }
    return null;
  });
}

/** Whether the focused element is the page's last control Tab reaches (after it, Tab leaves the page for the browser). */
const onLastControl = (page: Page) =>
  page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';
    const reachable = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (el) =>
        el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert], [aria-hidden="true"]') && getComputedStyle(el).visibility !== 'hidden',
    );
    return reachable.length > 0 && document.activeElement === reachable[reachable.length - 1];
  });

/** Tabs forward `count` times (or to the page's last control), then back, checking after each key that the focused control can be seen. */
async function tabThrough(page: Page, count: number) {
  const seen = new Set<string>();
  let forward = 0;
  for (; forward < count && !(await onLastControl(page)); forward++) {
    await page.keyboard.press('Tab');
    await expect.poll(() => focusHiddenBy(page), { message: `after Tab #${forward + 1}`, timeout: 2_000 }).toBeNull();
    seen.add(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el
          ? [el.tagName, el.id, el.getAttribute('name'), el.getAttribute('aria-label'), el.getAttribute('href'), el.textContent?.trim().slice(0, 40)].join('|')
          : '';
      }),
    );
  }
  // Back to the first control, not past it to the page itself.
  for (let i = 0; i < forward - 1; i++) {
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusHiddenBy(page), { message: `after Shift+Tab #${i + 1}`, timeout: 2_000 }).toBeNull();
  }
  // The walk went somewhere (a test that tabs over nothing proves nothing): the smallest page, the dashboard, has 9 controls.
  expect(forward).toBeGreaterThanOrEqual(Math.min(count, 8));
  expect(seen.size).toBeGreaterThanOrEqual(Math.min(forward, 8));
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`at ${width} px (${name})`, () => {
    test.use({ viewport: { width, height } });
    // Whole journeys (sign-ups, admins, two-factor, axe) on a shared machine.
    test.describe.configure({ timeout: 180_000 });

    test('a success replaces the error it resolves; on phones one toast shows at a time; the close button is 24 px or more, inside the toast', async ({
      page,
      user: _user,
    }) => {
      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible({ timeout: 30_000 });
      const profile = page.getByRole('form', { name: 'Profile' });
      // The first save fails on the server, the second goes through.
      let failNext = true;
      await page.route('**/api/me', async (route) => {
        if (route.request().method() === 'PATCH' && failNext) {
          failNext = false;
          await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Boom' } }) });
        } else await route.fallback();
      });
      await profile.getByLabel(/^First Name/).fill('Robin');
      await profile.getByRole('button', { name: 'Save Changes' }).click();
      const failed = toasts(page).filter({ hasText: 'Failed to update your profile' });
      await expect(failed).toBeVisible();
      // The pointer rests on the toast, which holds its timer (sonner), so a slow machine cannot let it go early.
      await failed.hover();

      // The close button: at least 24 × 24 px and inside the toast, so it covers nothing of the page (WCAG 2.5.8).
      // Both boxes in one frame: the toast may still be sliding in, and two separate reads could straddle a step of it.
      const close = failed.getByRole('button', { name: /close/i });
      await expect(close).toBeVisible();
      const [t, c] = await failed.evaluate((toast) => {
        const button = Array.from(toast.querySelectorAll('button')).find((b) => /close/i.test(b.getAttribute('aria-label') ?? ''))!;
        return [toast.getBoundingClientRect().toJSON(), button.getBoundingClientRect().toJSON()] as { x: number; y: number; width: number; height: number }[];
      });
      expect(c!.width).toBeGreaterThanOrEqual(24);
      expect(c!.height).toBeGreaterThanOrEqual(24);
      expect(c!.x).toBeGreaterThanOrEqual(t!.x);
      expect(c!.y).toBeGreaterThanOrEqual(t!.y);
      expect(c!.x + c!.width).toBeLessThanOrEqual(t!.x + t!.width);
      expect(c!.y + c!.height).toBeLessThanOrEqual(t!.y + t!.height);

      // Saved again, and at once another action: the success takes the error's place; phones show only the newest toast.
      const toggle = page.getByRole('region', { name: 'E-mail notifications' }).getByRole('switch').first();
      await profile.getByRole('button', { name: 'Save Changes' }).focus();
      await page.keyboard.press('Enter');
      await expect(toasts(page).filter({ hasText: 'Profile updated' })).toHaveCount(1);
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect(failed).toHaveCount(0);
      await expect(toasts(page)).toHaveCount(2);
      await expect(visibleToasts(page)).toHaveCount(name === 'phone' ? 1 : 2);
      await expect(visibleToasts(page).first()).toContainText('E-mail settings saved');
      await expectAccessible(page);
    });

    test('toasts sit above the dashboard’s bottom navigation and the application’s Previous/Submit bar', async ({ page, user: account }) => {
      await page.goto('/dashboard');
      await page.getByRole('dialog').getByRole('button', { name: 'Maybe Later' }).click({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Adjust Monthly Payment' }).click();
      const comingSoon = toasts(page).filter({ hasText: 'Adjust Payment' });
      await expect(comingSoon).toBeVisible();
      if (name === 'phone') await expect(page.getByRole('navigation', { name: 'Bottom' })).toBeVisible();
      await expect.poll(() => barsOver(comingSoon)).toEqual([]);

      // As verifyEmail (e2e/support/application.ts), with room for a slow machine.
      await page.goto(pathOf(await latestLink(page.request, account.email, '/auth/verify-email')));
      await expect(page.getByText('Email verified successfully')).toBeVisible({ timeout: 30_000 });
      // Submit waits for the required documents (docs/product/application.md#submission): with them there, the server refuses for the other gaps.
      await uploadRequiredDocuments(page);
      await page.goto('/apply?step=6');
      await page.getByRole('checkbox', { name: /I certify that the information/ }).check({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(stepHeading(page, 'Personal Information')).toBeVisible({ timeout: 30_000 });
      const incomplete = toasts(page).filter({ hasText: 'Application incomplete' });
      await expect(incomplete).toBeVisible();
      await expect.poll(() => barsOver(incomplete)).toEqual([]);
      // Scrolled to the end, where the bar is stuck: still clear of it.
      await page.mouse.wheel(0, 4000);
      await expect.poll(() => barsOver(incomplete)).toEqual([]);
    });

    test('the delete-account dialog: errors focus the password and are announced; Escape, Cancel and × give focus back to its opener', async ({
      page,
      user: _user,
    }) => {
      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible({ timeout: 30_000 });
      const opener = page.getByRole('button', { name: 'Delete my account' });
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      const password = dialog.getByLabel(/^Password/);
      const live = dialog.getByTestId('live-region');

      for (const close of ['Escape', 'Cancel', 'Close'] as const) {
        await opener.focus();
        await page.keyboard.press('Enter');
        await expect(dialog).toBeVisible();
        if (close === 'Escape') await page.keyboard.press('Escape');
        else {
          await dialog.getByRole('button', { name: close, exact: true }).focus();
          await page.keyboard.press('Enter');
        }
        await expect(dialog).toHaveCount(0);
        await expect(opener, `focus back after ${close}`).toBeFocused();
      }

      await opener.click();
      // Empty: the error is under the field, focus is on the field, and the live region says it.
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expect(password).toBeFocused();
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toHaveAccessibleDescription('Enter your password to confirm.');
      await expect(live).toHaveText('Enter your password to confirm.');

      // A wrong password sent with Enter from the field, which keeps focus: announced all the same.
      await password.fill('not-my-password');
      await page.keyboard.press('Enter');
      await expect(password).toHaveAccessibleDescription('That password is not correct.');
      await expect(live).toHaveText('That password is not correct.');
      await expect(password).toBeFocused();
      // Again from the button: focus goes back to the field.
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expect(password).toBeFocused();
      await expect(live).toHaveText('That password is not correct.');

      await page.keyboard.press('Escape');
      await expect(opener).toBeFocused();
    });

    test('a focused control is never under the sticky header or the bottom navigation (Tab and Shift+Tab)', async ({ page, user: _user }) => {
      // Instant scrolling: the test is about where focus ends up, not the smooth scroll on the way (and a busy machine slows that).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible({ timeout: 30_000 });
      await tabThrough(page, 30);

      await page.goto('/dashboard');
      await page.getByRole('dialog').getByRole('button', { name: 'Maybe Later' }).click({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible({ timeout: 30_000 });
      await tabThrough(page, 16);

      await page.goto('/how-much-home-can-i-afford');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await tabThrough(page, 30);
    });

    test('an admin lands on /admin; without two-factor on the account page with that section first, then on to /admin; never an applicant pop-up', async ({
      page,
    }) => {
      const signIn = async (email: string, pass: string) => {
        await page.goto('/auth/signin');
        await page.getByRole('textbox', { name: 'Email' }).fill(email);
        await page.getByLabel(/^Password/).fill(pass);
        await page.getByRole('button', { name: 'Sign In' }).click();
      };

      // With two-factor: the code, then the back office.
      const enrolled = await createAdminAccount({ twoFactor: true });
      await signIn(enrolled.account.email, enrolled.account.password);
      await page.getByLabel(/^Authentication code/).fill(enrolled.totp!.generate());
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 30_000 });
      // The buyer dashboard has no applicant pop-up for them.
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Fill Out Application' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(/\/auth\/signin$/);

      // Without: the account page, two-factor first with its reason; after enrolling, on to /admin.
      const fresh = await createAdminAccount({ twoFactor: false });
      await signIn(fresh.account.email, fresh.account.password);
      await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 });
      const sections = page.locator('main [role="region"][id]');
      await expect(sections.first()).toHaveAttribute('id', 'two-factor');
      const section = page.getByRole('region', { name: 'Two-factor authentication' });
      await expect(section.getByText('Set up two-factor authentication to open the back office.')).toBeVisible();
      await expect(section).toBeInViewport();
      await expectAccessible(page);
      await section.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
      await section.getByLabel(/^Your Password/).fill(fresh.account.password);
      const reply = page.waitForResponse((r) => r.url().endsWith('/api/auth/two-factor/enable') && r.request().method() === 'POST');
      await section.getByRole('button', { name: 'Continue' }).click();
      const { totpURI } = (await (await reply).json()) as { totpURI: string };
      const { URI } = await import('otpauth');
      await section.getByLabel(/^Authentication code/).fill((URI.parse(totpURI) as import('otpauth').TOTP).generate());
      await section.getByRole('button', { name: 'Verify and Turn On' }).click();
      await expect(section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
      await section.getByRole('button', { name: 'I Have Saved My Codes' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    });
  });
}
