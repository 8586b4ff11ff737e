import { applySlider, agreementComparisonInputs, comparisonBaseline } from '../src/domain/calculators';
import { formatDate, formatMoney, formatMoneyCents } from '../src/domain/format';
import { ledgerToday } from '../src/domain/homes/dates';
import { addDays, chargeDueOn } from '../src/domain/ledger';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { mailsTo, signInOverHttp } from './support/accounts';
import {
  CHANGES_AGREEMENT,
  CHANGES_BILLED_MONTHS,
  CHANGES_BOUNDS,
  CHANGES_HOMEOWNER,
  CHANGES_START_CENTS,
  changesPurchaseDateFor,
} from './support/home-changes';

/**
 * 'Adjust Monthly Payment' and 'Transfer' (docs/product/dashboard.md#adjust-monthly-payment,
 * #transfer), both sides: the homeowner seeded before
 * the server started (e2e/support/seed-home-changes.ts) asks for a lower payment and staff
 * approve it — a new term from the next unbilled month, which the homeowner's page then
 * shows as their payment (the charge run bills it when that month falls due: tested on the
 * server, src/server/routes/home-changes.test.ts) — then sends a 60-day notice (a date 30 days
 * away is refused next to the field) that staff acknowledge, schedule and complete.
 */

const STEPS_DOWN = 6;
const LOWER_CENTS = Math.round((CHANGES_BOUNDS.max - STEPS_DOWN * CHANGES_BOUNDS.step) * 100);
const NEXT_MONTH = CHANGES_BILLED_MONTHS + 1;
const dollars = (cents: number) => formatMoneyCents(cents / 100);

test.describe('a homeowner changes their agreement', () => {
  test.use({ reducedMotion: 'reduce' });

  test('asks for a lower payment that staff approve, then sends a 60-day notice staff complete', async ({ page, admin: _admin, openBrowser }) => {
    test.slow();
    const home = await openBrowser();
    await signInOverHttp(home, CHANGES_HOMEOWNER);

    // Adjust Monthly Payment, from the dashboard.
    await home.goto('/dashboard');
    await home.getByRole('link', { name: 'Adjust Monthly Payment' }).click();
    await expect(home).toHaveURL(/\/dashboard\/payment$/);
    await expect(home.getByRole('heading', { level: 1, name: 'Adjust Monthly Payment' })).toBeVisible();
    await expect(home.getByText(`Your monthly payment is ${dollars(CHANGES_START_CENTS)}`)).toBeVisible();
    const ask = home.getByRole('button', { name: 'Ask for this payment' });
    await expect(ask).toBeDisabled();
    const slider = home.getByRole('slider', { name: 'Your new total monthly payment' });
    await slider.focus();
    for (let i = 0; i < STEPS_DOWN; i++) await slider.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuetext', `${formatMoney(LOWER_CENTS / 100)} per month`);
    // The figures at the new payment, from the comparison the dashboard's figures come from.
    const baseline = comparisonBaseline(agreementComparisonInputs(CHANGES_AGREEMENT));
    const lower = applySlider(baseline, LOWER_CENTS / 100);
    const table = home.getByRole('table', { name: 'Your figures now and at the new payment' });
    await expect(table.getByRole('row', { name: /Equity given up each month/ })).toContainText(formatMoney(lower.principalReduction));
    await expect(table.getByRole('row', { name: /5 Year Projected Wealth/ })).toContainText(formatMoney(lower.rows[4]!.total_product_value));
    await expectAccessible(home);
    await ask.click();
    await expect(home.getByText(`You asked for ${dollars(LOWER_CENTS)} a month. It is waiting for our approval`)).toBeVisible();

    // Staff see it waiting on the homes page and open the home's record from there.
    await page.goto('/admin/homes');
    const waiting = page.getByRole('region', { name: /Waiting for staff/ });
    const entry = waiting
      .getByRole('button')
      .filter({ hasText: `Payment change — ${CHANGES_HOMEOWNER.firstName}` })
      .filter({ hasText: CHANGES_HOMEOWNER.address });
    await expect(entry).toContainText(`${dollars(CHANGES_START_CENTS)} → ${dollars(LOWER_CENTS)}`);
    await expectAccessible(page);
    await entry.click();
    await expect(page).toHaveURL(/\/admin\/homes\?home=[0-9a-f-]{36}$/);
    const record = page.getByRole('dialog');
    const changes = record.getByRole('region', { name: 'Payment changes' });
    await expect(changes).toContainText(`${dollars(LOWER_CENTS)} a month instead of ${dollars(CHANGES_START_CENTS)}, from month ${NEXT_MONTH}`);
    await expectAccessible(page);
    // Approving asks first, naming the home and what changes (docs/product/back-office.md#confirmations).
    await changes.getByRole('button', { name: 'Approve payment change…' }).click();
    const approving = page.getByRole('dialog', { name: `Approve ${dollars(LOWER_CENTS)} a month for ${CHANGES_HOMEOWNER.address}?` });
    await expect(approving).toContainText(
      `From month ${NEXT_MONTH} the homeowner is billed ${dollars(LOWER_CENTS)} instead of ${dollars(CHANGES_START_CENTS)}`,
    );
    await expectAccessible(page);
    await approving.getByRole('button', { name: 'Approve payment change', exact: true }).click();
    await expect(approving).toHaveCount(0);
    await expect(changes).toContainText(`${dollars(LOWER_CENTS)} — Approved from month ${NEXT_MONTH}`);
    await expect(record.getByRole('region', { name: 'Terms' })).toContainText(dollars(LOWER_CENTS));

    // The homeowner's payment is the new one, from the next unbilled month; the e-mail says so.
    await home.reload();
    await expect(home.getByText(`Your monthly payment is ${dollars(LOWER_CENTS)}`)).toBeVisible();
    await expect(home.getByText(`A new payment starts with month ${NEXT_MONTH}`)).toBeVisible();
    await home.goto('/dashboard');
    await expect(home.getByText(`Monthly payment of ${dollars(LOWER_CENTS)}: Approved from month ${NEXT_MONTH}`)).toBeVisible();
    // The next charge is at the new payment (the charge run bills it on its due date: src/server/routes/home-changes.test.ts).
    const nextDue = chargeDueOn(changesPurchaseDateFor(ledgerToday()), NEXT_MONTH);
    await expect(home.getByText(/^Next payment: /)).toHaveText(`Next payment: ${dollars(LOWER_CENTS)} due ${formatDate(nextDue)}`);
    await expect
      .poll(async () => (await mailsTo(page.request, CHANGES_HOMEOWNER.email)).map((m) => m.subject))
      .toContain(`Your new monthly payment of ${dollars(LOWER_CENTS)} is approved`);

    // Transfer: a date 30 days away is refused next to the field; 60 days is taken.
    await home.getByRole('link', { name: 'Transfer' }).click();
    await expect(home).toHaveURL(/\/dashboard\/transfer$/);
    const mine = (await (await home.request.get('/api/me/home/changes')).json()) as { accessibleEquityCents: number };
    expect(mine.accessibleEquityCents).toBeGreaterThan(0);
    await expect(home.getByTestId('estimated-payout')).toHaveText(dollars(mine.accessibleEquityCents));
    await home.getByRole('radio', { name: 'Cash out' }).check();
    const date = home.getByLabel(/^Date/);
    await date.fill(addDays(ledgerToday(), 30));
    await home.getByRole('button', { name: 'Send notice' }).click();
    const earliest = addDays(ledgerToday(), 60);
    await expect(home.getByText(`Choose a date at least 60 days away: ${earliest} or later.`, { exact: false })).toBeVisible();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(date).toBeFocused();
    await expectAccessible(home);
    await date.fill(earliest);
    await home.getByRole('button', { name: 'Send notice' }).click();
    const steps = home.getByRole('list', { name: 'Notice steps' });
    await expect(steps).toContainText('Acknowledged (not yet)');
    await expect(home.getByText('Status: Sent')).toBeVisible();

    // Staff acknowledge, schedule and complete.
    await page.reload();
    const notices = page.getByRole('dialog').getByRole('region', { name: '60-day notices' });
    await notices.getByRole('button', { name: 'Acknowledge notice' }).click();
    await expect(notices.getByText('Status: Acknowledged')).toBeVisible();
    await notices.getByRole('button', { name: 'Schedule transfer' }).click();
    await expect(notices.getByText('Status: Scheduled')).toBeVisible();
    await expect(notices.getByLabel(/Payout/)).toHaveValue(
      String(mine.accessibleEquityCents % 100 === 0 ? mine.accessibleEquityCents / 100 : (mine.accessibleEquityCents / 100).toFixed(2)),
    );
    await notices.getByRole('button', { name: 'Complete transfer…' }).click();
    const completing = page.getByRole('dialog', { name: `Complete the transfer for ${CHANGES_HOMEOWNER.address}?` });
    await expect(completing).toContainText(`A payout of ${dollars(mine.accessibleEquityCents)} goes into the ledger`);
    await completing.getByRole('button', { name: 'Cancel' }).click();
    await expect(notices.getByText('Status: Scheduled')).toBeVisible();
    await notices.getByRole('button', { name: 'Complete transfer…' }).click();
    await expect(completing).toContainText('This cannot be undone.');
    await completing.getByRole('button', { name: 'Complete transfer', exact: true }).click();
    await expect(notices.getByText('Status: Completed')).toBeVisible();
    await expect(notices).toContainText(`payout ${dollars(mine.accessibleEquityCents)}`);

    // The homeowner sees every step, and had an e-mail at each.
    await home.reload();
    await expect(home.getByText('Status: Completed')).toBeVisible();
    await expect(home.getByRole('list', { name: 'Notice steps' })).toContainText(`payout ${dollars(mine.accessibleEquityCents)}`);
    await expect
      .poll(async () => (await mailsTo(page.request, CHANGES_HOMEOWNER.email)).map((m) => m.subject))
      .toEqual(expect.arrayContaining(['We received your 60-day notice', 'Your 60-day notice is acknowledged', 'Your transfer is completed']));

    // On a phone.
    await home.setViewportSize({ width: 375, height: 800 });
    await home.goto('/dashboard/transfer');
    await expect(home.getByText('Status: Completed')).toBeVisible();
    expect(await hasHorizontalScroll(home)).toBe(false);
    await expectAccessible(home);
  });

  test('the payment page fits a phone', async ({ openBrowser }) => {
    const phone = await openBrowser({ viewport: { width: 375, height: 800 } });
    await signInOverHttp(phone, CHANGES_HOMEOWNER);
    await phone.goto('/dashboard/payment');
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(phone.getByText(/Your monthly payment is|there is nothing to change/)).toBeVisible();
    expect(await hasHorizontalScroll(phone)).toBe(false);
  });
});
