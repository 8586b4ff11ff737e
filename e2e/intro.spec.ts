import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures';

/** Fake timers that move only when the test says so (installed clocks otherwise also tick in real time, which a busy machine turns into extra seconds). */
async function freezeClock(page: Page) {
  const start = new Date('2026-01-05T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
}

const AUTO_ADVANCE_MS = 8000; // docs/product/public-site.md#intro-carousel

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]');
const counter = (page: Page, text: string) => expect(carousel(page).getByText(/^\d{2} \/ \d{2}$/)).toHaveText(text);
const slide = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');

/** The server draws /intro; its auto-advance timer starts once the app has taken the page over. */
async function open(page: Page) {
  await page.goto('/intro');
  await counter(page, '01 / 07');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

test.describe('intro carousel', () => {
  test('counter, previous/next disabled at the ends, dots jump', async ({ page }) => {
    await freezeClock(page);
    await open(page);
    const prev = page.getByRole('button', { name: 'Previous slide' });
    const next = page.getByRole('button', { name: 'Next slide' });
    await expect(slide(page)).toHaveAttribute('aria-label', '1 of 7');
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(page.getByRole('button', { name: /^Go to slide \d$/ })).toHaveCount(7);

    await next.click();
    await counter(page, '02 / 07');
    await expect(slide(page)).toHaveAttribute('aria-label', '2 of 7');
    await expect(prev).toBeEnabled();

    await page.getByRole('button', { name: 'Go to slide 5' }).click();
    await counter(page, '05 / 07');
    await expect(page.getByRole('button', { name: 'Go to slide 5' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'Go to slide 2' })).not.toHaveAttribute('aria-current');

    await page.getByRole('button', { name: 'Go to slide 7' }).click();
    await counter(page, '07 / 07');
    await expect(next).toBeDisabled();
    await expect(prev).toBeEnabled();
    await expect(carousel(page).getByRole('link', { name: 'Login to Get Approved' })).toHaveAttribute('href', '/auth/login');
    await expect(carousel(page).getByRole('link', { name: 'Skip Intro' })).toHaveCount(0);

    await prev.click();
    await counter(page, '06 / 07');
  });

  test('the slide comes in from the side it moves towards', async ({ page }) => {
    await freezeClock(page);
    await open(page);
    await page.getByRole('button', { name: 'Go to slide 4' }).click();
    await expect(slide(page)).toHaveAttribute('data-direction', 'forward');
    await page.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect(slide(page)).toHaveAttribute('data-direction', 'backward');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(slide(page)).toHaveAttribute('data-direction', 'forward');
  });

  test('arrow keys move when focus is inside the carousel', async ({ page }) => {
    await freezeClock(page);
    await open(page);
    await page.getByRole('button', { name: 'Go to slide 1' }).focus();
    await page.keyboard.press('ArrowRight');
    await counter(page, '02 / 07');
    await page.keyboard.press('ArrowRight');
    await counter(page, '03 / 07');
    await page.keyboard.press('ArrowLeft');
    await counter(page, '02 / 07');
    // Outside the carousel the arrows do nothing to it.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('ArrowRight');
    await counter(page, '02 / 07');
  });

  test('the landing page leads to the tour, and Skip Intro returns to the site', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Take the two-minute tour' }).click();
    await expect(page).toHaveURL(/\/intro$/);
    await counter(page, '01 / 07');
    const skip = carousel(page).getByRole('link', { name: 'Skip Intro' });
    await expect(skip).toHaveAttribute('href', '/');
    await skip.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('auto-advances every 8 seconds and stops on the last slide', async ({ page }) => {
    await freezeClock(page);
    await open(page);
    // While rotating, slide changes are not announced.
    await expect(slide(page).locator('..')).toHaveAttribute('aria-live', 'off');
    await page.clock.runFor(AUTO_ADVANCE_MS - 1000);
    await counter(page, '01 / 07');
    await page.clock.runFor(1000);
    await counter(page, '02 / 07');
    for (let n = 3; n <= 7; n++) {
      await page.clock.runFor(AUTO_ADVANCE_MS);
      await counter(page, `0${n} / 07`);
    }
    await page.clock.runFor(AUTO_ADVANCE_MS * 3);
    await counter(page, '07 / 07');
    await expect(page.getByRole('button', { name: 'Pause auto-advance' })).toBeDisabled();
    await expect(slide(page).locator('..')).toHaveAttribute('aria-live', 'polite');
  });

  test('pause stops auto-advance and resume restarts it', async ({ page }) => {
    await freezeClock(page);
    await open(page);
    await page.getByRole('button', { name: 'Pause auto-advance' }).click();
    await expect(page.getByRole('button', { name: 'Resume auto-advance' })).toBeVisible();
    await expect(slide(page).locator('..')).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(AUTO_ADVANCE_MS * 3);
    await counter(page, '01 / 07');

    await page.getByRole('button', { name: 'Resume auto-advance' }).click();
    await page.clock.runFor(AUTO_ADVANCE_MS);
    await counter(page, '02 / 07');
  });

  test('never auto-advances under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await freezeClock(page);
    await open(page);
    await page.clock.runFor(AUTO_ADVANCE_MS * 3);
    await counter(page, '01 / 07');
    await expect(page.getByRole('button', { name: /auto-advance/ })).toHaveCount(0);
    await expect(slide(page).locator('..')).toHaveAttribute('aria-live', 'polite');
  });

  test('passes axe', async ({ page }) => {
    test.slow(); // axe twice under a fake clock: 13 s alone, past 30 s beside another worker on two cores
    // axe schedules its own timers: this clock keeps flowing.
    await page.clock.install();
    await open(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Go to slide 7' }).click();
    await counter(page, '07 / 07');
    await expectAccessible(page);
  });
});
