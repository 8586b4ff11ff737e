import { ledgerToday } from '../src/domain/homes/dates';
import { addDays } from '../src/domain/ledger';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { signInOverHttp } from './support/accounts';
import { CLOSED_HOMEOWNER, DUE_HOMEOWNER, QUOTE_HOMEOWNER } from './support/exit-quotes';

/**
 * Exit quotes (docs/decisions/034-exit-quotes.md), both sides: the homeowner seeded with only the purchase's
 * valuation (e2e/support/seed-exit-quotes.ts) asks for a cash-out quote and is told staff are valuing the home;
 * staff record a broker's opinion, the quote is issued; the homeowner disputes it; staff record an appraisal and a
 * new quote is issued, which the homeowner accepts with a move date 60 days away. Completion waits for the move
 * date (tested on the server, src/server/routes/exit-quotes.test.ts); the seeded closed home shows the ended
 * agreement. At 375 px for the homeowner, 1280 px for staff; axe on each new screen.
 */

test.describe('exit quotes', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a quote is valued, disputed, reissued from an appraisal and accepted', async ({ page, admin: _admin, openBrowser }) => {
    test.slow();
    const home = await openBrowser({ viewport: { width: 375, height: 800 } });
    await signInOverHttp(home, QUOTE_HOMEOWNER);

    await home.goto('/dashboard');
    await expect(home.getByText(/sale and transfer costs of 9.6% of your home’s value/)).toBeVisible();
    await home.getByRole('link', { name: /See your three ways out/ }).click();
    const ways = home.getByRole('region', { name: 'What would I get?' });
    await expect(ways.getByText('Estimate', { exact: true })).toHaveCount(3);
    expect(await hasHorizontalScroll(home)).toBe(false);
    await expectAccessible(home);
    await ways.getByRole('button', { name: 'Get a quote: Cash out' }).click();
    await expect(home).toHaveURL(/\/dashboard\/home\/quotes\/[0-9a-f-]{36}$/);
    await expect(home.getByText(/We are valuing your home; expect your quote by/)).toBeVisible();
    const quoteUrl = home.url();

    // Staff record a broker's opinion on the home: the waiting quote is issued from it.
    await page.goto('/admin/homes');
    await page.getByRole('searchbox', { name: 'Search homes' }).fill(QUOTE_HOMEOWNER.email);
    await page.getByRole('button', { name: /Open the home at 7 Quarry Road/ }).click();
    const record = page.getByRole('dialog');
    const quotes = record.getByRole('region', { name: 'Exit quotes' });
    await expect(quotes).toContainText('Cash out — valuing');
    const valuations = record.getByRole('region', { name: 'Valuations' });
    const recordValue = async (value: string, source: string) => {
      await valuations.getByRole('button', { name: 'Record valuation' }).click();
      const form = valuations.getByRole('form', { name: 'Record valuation' });
      await form.getByLabel('Value').fill(value);
      await form.getByLabel('Source').selectOption({ label: source });
      await form.getByRole('button', { name: 'Save valuation' }).click();
      await expect(form).toHaveCount(0);
    };
    await recordValue('480,000', "Broker's price opinion");
    await expect(quotes).toContainText('Cash out — issued');
    await expectAccessible(page);

    // The homeowner sees every line, disputes once.
    await home.goto(quoteUrl);
    await expect(home.getByText(/Broker's price opinion/)).toBeVisible();
    await expect(home.getByRole('table', { name: 'The lines of your quote' })).toContainText('Sale and transfer costs');
    await expect(home.getByRole('heading', { name: 'How to check this' })).toBeVisible();
    // The quote recomputed in this browser from the downloaded ledger, with the server's exitQuote.
    await home.getByRole('button', { name: 'Check this quote in my browser' }).click();
    await expect(home.getByRole('status').getByText(/It matches to the cent/)).toBeVisible();
    await expectAccessible(home);
    const dispute = home.getByRole('form', { name: 'Dispute the valuation' });
    await dispute.getByRole('button', { name: 'Send dispute' }).click();
    await expect(dispute.getByText('A reason is required.')).toBeVisible();
    await dispute.getByLabel('Your reason').fill('Two houses on my street sold for $520,000 this autumn.');
    await dispute
      .getByLabel('Documents (comparable sales, an appraisal)')
      .setInputFiles({ name: 'comparable-sales.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% two sales on my street\n') });
    await dispute.getByRole('button', { name: 'Send dispute' }).click();
    await expect(home.getByText(/You disputed the valuation/)).toBeVisible();
    await expect(home.getByRole('list', { name: 'Documents sent with the dispute' })).toContainText('comparable-sales.pdf');
    await expectAccessible(home);

    // Staff read the document, then answer with an appraisal: a new quote replaces the disputed one.
    await page.reload();
    await expect(quotes).toContainText('Cash out — disputed');
    await expect(quotes.getByRole('link', { name: 'comparable-sales.pdf' })).toBeVisible();
    await recordValue('515,000', 'Appraisal');
    await expect(quotes).toContainText('Cash out — issued');
    await expect(quotes).toContainText('Cash out — superseded');

    await home.goto('/dashboard/home');
    const list = home.getByRole('region', { name: 'What would I get?' });
    await expect(list.getByText('Estimate', { exact: true })).toHaveCount(0);
    await list
      .getByRole('link', { name: /Open the quote: Cash out/ })
      .first()
      .click();
    await expect(home.getByText(/Appraisal/).first()).toBeVisible();
    const accept = home.getByRole('form', { name: 'Accept this quote' });
    await accept.getByLabel('Move date').fill(addDays(ledgerToday(), 30));
    await accept.getByRole('checkbox').check();
    await accept.getByRole('button', { name: 'Accept quote' }).click();
    await expect(accept.getByText(/at least 60 days away/)).toBeVisible();
    await accept.getByLabel('Move date').fill(addDays(ledgerToday(), 61));
    await accept.getByRole('button', { name: 'Accept quote' }).click();
    await expect(home.getByText(/You accepted this quote/)).toBeVisible();
    await page.reload();
    await expect(quotes).toContainText('Cash out — accepted');
  });

  test('a closed home says how and when the agreement ended, with no Transfer or Adjust', async ({ openBrowser }) => {
    for (const width of [375, 1280]) {
      const home = await openBrowser({ viewport: { width, height: 900 } });
      await signInOverHttp(home, CLOSED_HOMEOWNER);
      await home.goto('/dashboard');
      const closed = home.getByTestId('closed-home');
      await expect(closed).toContainText('Your agreement has ended');
      await expect(closed).toContainText('you cashed out');
      await expect(closed).toContainText(/Payout \$[\d,]+\.\d\d: paid on/);
      await expect(home.getByRole('link', { name: 'Adjust Monthly Payment' })).toHaveCount(0);
      await expect(home.getByRole('link', { name: 'Transfer' })).toHaveCount(0);
      await expectAccessible(home);
      await closed.getByRole('link', { name: 'Final statement', exact: true }).click();
      await expect(home.getByRole('heading', { name: /Final statement,/ })).toBeVisible();
      await home.close();
    }
  });

  test('staff complete an accepted quote on its move date; the final statement shows the payout as paid', async ({ page, admin: _admin, openBrowser }) => {
    test.slow();
    await page.goto('/admin/homes');
    await page.getByRole('searchbox', { name: 'Search homes' }).fill(DUE_HOMEOWNER.email);
    await page.getByRole('button', { name: /Open the home at 12 Mill Lane/ }).click();
    const quotes = page.getByRole('dialog').getByRole('region', { name: 'Exit quotes' });
    await expect(quotes).toContainText('Cash out — accepted');
    await quotes.getByRole('button', { name: 'Complete…' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: /Complete: Cash out/ }));
    await expect(confirm.getByText(/Final figures on/)).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Complete and close the home' }).click();
    await expect(quotes).toContainText('Cash out — completed');

    for (const width of [375, 1280]) {
      const home = await openBrowser({ viewport: { width, height: 900 } });
      await signInOverHttp(home, DUE_HOMEOWNER);
      await home.goto('/dashboard');
      const closed = home.getByTestId('closed-home');
      await expect(closed).toContainText(/Payout \$[\d,]+\.\d\d: paid on/);
      await closed.getByRole('link', { name: 'Final statement', exact: true }).click();
      const statement = home.getByTestId('final-statement');
      await expect(statement).toContainText(/Payout \$[\d,]+\.\d\d: paid on/);
      await expect(statement.getByRole('link', { name: 'Download the final statement (PDF)' })).toBeVisible();
      expect(await hasHorizontalScroll(home)).toBe(false);
      await expectAccessible(home);
      await home.close();
    }
  });
});
