import { readFileSync, writeFileSync } from 'node:fs';
import { homeownerFigures } from '../src/domain/calculators';
import { formatDate, formatMoney, formatMoneyCents, formatPercent } from '../src/domain/format';
import { ledgerToday } from '../src/domain/homes/dates';
import { equityCredit } from '../src/domain/homes/my-home';
import { chargeDueOn, isPastGrace, verifyLedgerFile } from '../src/domain/ledger';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { signInOverHttp } from './support/accounts';
import { periodLabel } from '../src/domain/homes/statements';
import { BILLED_MONTHS, HOME_AGREEMENT, HOME_TERMS, HOMEOWNER, LATEST_VALUATION, PAID_MONTHS, purchaseDateFor, statementPeriodOf } from './support/homes';

/**
 * The homeowner's own side (docs/product/dashboard.md#homeowner-dashboard): the homeowner seeded
 * before the server started (e2e/support/seed-homes.ts) signs in and sees their own figures,
 * checked against homeownerFigures computed here from the seed's inputs, without the
 * 'Example dashboard' badge; the payment breakdown; 'Details' opens their home page, where
 * they download last month's statement (a PDF) and their ledger, which they verify in the browser.
 */

const terms = HOME_TERMS.map((term) => ({ ...term }));
const figures = homeownerFigures({ ...HOME_AGREEMENT, terms, paidMonths: [...PAID_MONTHS], billedMonths: BILLED_MONTHS, valuation: LATEST_VALUATION });
const money = (dollars: number) => formatMoney(Math.round(dollars * 100) / 100);

test.describe('a homeowner', () => {
  // The counters show their final figure at once.
  test.use({ reducedMotion: 'reduce' });

  test('sees their own figures and this month’s payment on the dashboard, with no example badge', async ({ page }) => {
    test.slow(); // axe at two widths beside other workers
    await signInOverHttp(page, HOMEOWNER);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${HOMEOWNER.firstName}` })).toBeVisible();

    const ring = page.getByRole('figure', { name: /My Wealth/ });
    await expect(ring).toHaveAccessibleName(`My Wealth: ${money(figures.wealth)} of a ${money(figures.wealthTarget)} target`);
    await expect(page.getByText('5 Year Projected Wealth').locator('xpath=..')).toContainText(money(figures.projectedWealth5y));
    await expect(page.getByRole('heading', { name: 'Accessible Equity' }).locator('xpath=..')).toContainText(money(figures.accessibleEquity));
    const total = page.getByRole('heading', { name: 'Total Home Equity' }).locator('xpath=../..');
    await expect(total).toContainText(money(figures.totalEquity));
    await expect(total).toContainText(formatPercent(figures.totalEquityChange));
    await expect(page.locator('dt:text-is("Home Equity Principal") + dd')).toContainText(money(figures.equityPrincipal));
    const appreciation = page.locator('dt:text-is("Est. Home Appreciation") + dd');
    await expect(appreciation).toContainText(money(figures.appreciation));
    await expect(appreciation).toContainText(formatPercent(figures.appreciationChange));
    // Not the sample figures, and no badge saying they are examples; no status pop-up for a homeowner.
    await expect(page.getByText('Example dashboard')).toHaveCount(0);
    await expect(page.getByText(/figures below are examples/)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // This month's charge (month 6) split; month 5 is part paid and long overdue.
    const today = ledgerToday();
    const purchaseDate = purchaseDateFor(today);
    const breakdown = page.getByRole('heading', { name: 'Payment breakdown' }).locator('xpath=../../..');
    await expect(breakdown).toContainText('$2,354');
    await expect(breakdown).toContainText(`Month ${BILLED_MONTHS}, due ${formatDate(chargeDueOn(purchaseDate, BILLED_MONTHS))}`);
    await expect(breakdown.locator('dt:has-text("Equity credited to you") + dd')).toHaveText(
      formatMoneyCents(Math.round(100 * equityCredit(HOME_AGREEMENT, terms, BILLED_MONTHS)) / 100),
    );
    await expect(breakdown.locator('dt:has-text("Property taxes and insurance") + dd')).toHaveText('$490');
    const thisMonthOverdue = isPastGrace(chargeDueOn(purchaseDate, BILLED_MONTHS), today);
    await expect(breakdown.getByText(thisMonthOverdue ? 'Overdue' : 'Due', { exact: true })).toBeVisible();
    await expect(breakdown).toContainText(thisMonthOverdue ? '2 payments are overdue.' : '1 payment is overdue.');
    await expect(breakdown).toContainText(`Next payment: $2,354 due ${formatDate(chargeDueOn(purchaseDate, BILLED_MONTHS + 1))}`);
    await expect(breakdown).toContainText('Balance owed: $4,208');

    // The overdue month comes first, under the heading: which, what is owed of it, the balance, and what to do.
    const overdue = page.getByRole('heading', {
      level: 2,
      name: thisMonthOverdue ? /2 monthly payments are overdue, the oldest for month 5/ : 'Your payment for month 5 is overdue',
    });
    const alert = overdue.locator('xpath=..');
    await expect(alert).toContainText(`$1,854 of month 5 was due on ${formatDate(chargeDueOn(purchaseDate, 5))}.`);
    await expect(alert).toContainText('Please pay the balance owed, $4,208, by bank transfer');
    const headings = await page.getByRole('heading').allTextContents();
    expect(headings.indexOf((await overdue.textContent()) ?? '')).toBe(1); // right after the page's own heading
    await alert.getByRole('link', { name: 'See your payments' }).click();
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await page.goBack();
    await expect(overdue).toBeVisible();
    await expectAccessible(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(ring).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
  });

  test('opens Details: the agreement, payments, valuations with their chart, and a ledger that downloads and verifies', async ({ page }, testInfo) => {
    // File choosers intercepted from the start, long before the click (keyboard-journey.spec.ts says why).
    page.on('filechooser', () => undefined);
    test.slow(); // a download, two verifications and axe at two widths
    await signInOverHttp(page, HOMEOWNER);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Details' }).click();
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My home' })).toBeVisible();
    await expect(page.getByText(HOMEOWNER.address)).toBeVisible();

    const today = ledgerToday();
    const purchaseDate = purchaseDateFor(today);
    // The agreement's own list (the terms' cards below it, for phones, name a column 'Monthly payment' too).
    const agreement = page.getByRole('region', { name: 'Your agreement' });
    await expect(agreement.locator('dt:has-text("Purchase date") + dd')).toHaveText(formatDate(purchaseDate));
    await expect(agreement.locator('dt:has-text("Monthly payment") + dd').filter({ visible: true })).toHaveText('$2,354');
    await expect(page.getByRole('table', { name: 'Terms of your agreement, oldest first' }).getByRole('row')).toHaveCount(2);

    // Six months billed, newest first: four paid, month 5 with $500 of its charge.
    const payments = page.getByRole('table', { name: 'Monthly charges, newest first' });
    await expect(payments.getByRole('row')).toHaveCount(1 + BILLED_MONTHS);
    const month5 = payments.getByRole('row').nth(2);
    await expect(month5).toContainText(formatDate(chargeDueOn(purchaseDate, 5)));
    await expect(month5).toContainText('$500');
    await expect(month5).toContainText('Overdue');
    await expect(payments.getByRole('row').last()).toContainText('Paid');
    // The money received: its date, the bank's reference and the amount.
    const received = page.getByRole('table', { name: 'Payments received, refunds and returned payments, newest first' });
    await expect(received.getByRole('row')).toHaveCount(2);
    await expect(received.getByRole('row').nth(1)).toContainText(formatDate(today));
    await expect(received.getByRole('row').nth(1)).toContainText('Payment received');
    await expect(received.getByRole('row').nth(1)).toContainText('e2e-homeowner-1');
    await expect(received.getByRole('row').nth(1)).toContainText('$9,916');

    // The purchase and the appraisal, with the equity at each: the down payment at the purchase.
    const valuations = page.getByRole('table', { name: 'Valuations and your equity at each, oldest first' });
    await expect(valuations.getByRole('row')).toHaveCount(3);
    await expect(valuations.getByRole('row').nth(1)).toContainText('Purchase price');
    await expect(valuations.getByRole('row').nth(1)).toContainText('$29,400');
    await expect(valuations.getByRole('row').nth(2)).toContainText(money(LATEST_VALUATION));
    await expect(page.getByRole('img', { name: /Home value and your equity at each valuation/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible();
    await expectAccessible(page);

    // Last month's statement (made by the seed as the job runner makes it on the 2nd): a PDF download.
    const period = statementPeriodOf(today);
    const [statement] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Download the statement of ${periodLabel(period)}` }).click(),
    ]);
    expect(statement.suggestedFilename()).toBe(`statement-${period}.pdf`);
    const pdf = readFileSync(await statement.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);

    // Download the ledger: the hashes check out here too.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my ledger' }).click()]);
    const saved = testInfo.outputPath('ledger.json');
    await download.saveAs(saved);
    const file = JSON.parse(readFileSync(saved, 'utf8'));
    expect(await verifyLedgerFile(file)).toMatchObject({ ok: true, count: BILLED_MONTHS + 1 });

    // Verify it in the browser, then a copy with one amount changed.
    const verify = async (path: string) => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Verify my ledger' }).click()]);
      await chooser.setFiles(path);
    };
    await verify(saved);
    await expect(page.getByRole('status').filter({ hasText: 'ledger' })).toHaveText(`The ledger is intact (${BILLED_MONTHS + 1} entries).`);
    file.entries[BILLED_MONTHS].amountCents += 100_00;
    const altered = testInfo.outputPath('ledger-altered.json');
    writeFileSync(altered, JSON.stringify(file));
    await verify(altered);
    await expect(page.getByRole('status').filter({ hasText: 'Entry' })).toHaveText(
      `Entry ${BILLED_MONTHS + 1} does not match its recorded hash; it was changed after it was written.`,
    );
    await expectAccessible(page);

    // On a phone each row is a card: every amount whole, nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('heading', { level: 1, name: 'My home' })).toBeVisible();
    await expect(payments).toBeHidden();
    const charges = page.getByRole('list', { name: 'Monthly charges, newest first' });
    await expect(charges.getByRole('listitem')).toHaveCount(BILLED_MONTHS);
    await expect(charges.getByRole('listitem').nth(1)).toContainText('$500');
    const receivedCards = page.getByRole('list', { name: 'Payments received, refunds and returned payments, newest first' });
    await expect(receivedCards.getByRole('listitem').first()).toContainText('e2e-homeowner-1');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
  });

  test('their chat is about their home', async ({ page }) => {
    await signInOverHttp(page, HOMEOWNER);
    await page.goto('/chat');
    await expect(page.getByText(`Our team answers here about your home at ${HOMEOWNER.address}: payments, your agreement or anything else.`)).toBeVisible();
  });
});
