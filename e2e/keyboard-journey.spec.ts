import type { Locator, Page } from '@playwright/test';
import { completeDraft } from '../src/domain/factories/application-draft';
import { expect, test } from './fixtures';
import { latestLink, newAccount, pathOf } from './support/accounts';
import { PERSONAL, SAMPLE_PDF, SAMPLE_PNG, stepHeading } from './support/application';
import { focusedDescription, shiftTabTo, tabTo, typeInto } from './support/focus';

/**
 * The whole way from the landing page to a submitted application, then the account
 * page's dialog, with the keyboard alone (docs/product/public-site.md#messages, docs/product/application.md#keyboard-and-focus).
 * After every key the test says where focus is — the expected control, never <body> — and, where a result or an
 * error appears without a page change, what the focused heading or the live region says. A page change is the one
 * place focus is on the page itself, as on any page the browser loads, until the first Tab (expectNewPage).
 *
 * Only page.keyboard drives the pages. The exceptions, each marked where it is used: page.goto for the first page
 * and for the verification link that arrives by e-mail (a user clicks it in their mail app), and the file chooser
 * that Enter on an upload opens, answered through Playwright's `filechooser` event.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 700 },
] as const;

/** The answers typed into the wizard: the complete draft's (the ones e2e/application.spec.ts types). */
const { employment } = completeDraft();

/** A date input takes the digits of its segments in the locale's order (en-US: month, day, year). */
const dateKeys = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${month}${day}${year}`;
};

/** Signed-in pages, the application and the account page load their code and data: slower on a busy machine. */
const LOAD = { timeout: 30_000 };

/**
 * A new page has opened (a link followed, or an address loaded): its heading is there, and — as on any page the
 * browser loads — focus is on the page itself until the first Tab, which lands at the top of the page ('Skip to
 * content', or the header that stays from page to page) or in the new content, never nowhere.
 */
async function expectNewPage(page: Page, heading: Locator) {
  await expect(heading).toBeVisible(LOAD);
  // The server-drawn pages hold their form until the app has taken them over (ADR 025): wait for that, as a reader would.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: LOAD.timeout });
  expect(await focusedDescription(page), 'focus on a new page').toBe('body');
  await page.keyboard.press('Tab');
  const landed = await page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (active.matches('a[href="#main"]')) return 'skip link';
    return active.closest('main') ? 'main' : active.closest('header') ? 'header' : 'elsewhere';
  });
  expect(['skip link', 'header', 'main'], `the first Tab on ${page.url()} went to ${await focusedDescription(page)}`).toContain(landed);
}

for (const viewport of VIEWPORTS) {
  test.describe(`keyboard only at ${viewport.width} px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, locale: 'en-US' });
    // One long journey: a sign-up, a sign-in, six steps, three uploads and the account page, on a shared machine.
    test.describe.configure({ timeout: 240_000 });

    test('from the landing page to a submitted application, then the account page’s delete dialog', async ({ page }) => {
      const account = newAccount({ firstName: 'Kay', lastName: 'Board' });
      // Playwright intercepts file choosers once a page has a 'filechooser' listener, and turns that on
      // asynchronously: on a busy machine an Enter pressed right after the first waitForEvent('filechooser')
      // could open the chooser before interception was on, and the event never came (found in a CI run).
      // Listening from the start keeps interception on for the whole journey.
      page.on('filechooser', () => undefined);

      // Exception: the first page is opened by address.
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await focusedDescription(page), 'focus on the landing page').toBe('body');

      // The header's 'Sign In': on a phone it is in the menu, which Enter opens with focus staying on its button.
      let signInLink: Locator;
      if (viewport.name === 'phone') {
        const menuButton = page.getByRole('button', { name: 'Open menu' });
        await tabTo(page, menuButton, 5);
        await page.keyboard.press('Enter');
        const closeButton = page.getByRole('button', { name: 'Close menu' });
        await expect(closeButton).toBeFocused();
        await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
        signInLink = page.locator('#mobile-menu').getByRole('link', { name: 'Sign In' });
      } else {
        signInLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' });
      }
      await tabTo(page, signInLink, 8);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/auth\/signin$/);
      await expectNewPage(page, page.getByRole('heading', { level: 1, name: 'Welcome back' }));

      // Sign-in → 'Create an account'.
      await tabTo(page, page.getByRole('link', { name: 'Create an account' }), 12);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/auth\/signup$/);
      await expectNewPage(page, page.getByRole('heading', { level: 1, name: 'Create your account' }));

      // The form, typed field by field with Tab, sent with Enter from the last field.
      const signUp = page.getByRole('form', { name: 'Create your account' });
      await tabTo(page, signUp.getByLabel('First Name'), 6);
      await typeInto(page, signUp.getByLabel('First Name'), account.firstName);
      await page.keyboard.press('Tab');
      await typeInto(page, signUp.getByLabel('Last Name'), account.lastName);
      await page.keyboard.press('Tab');
      await typeInto(page, signUp.getByLabel('Email'), account.email);
      await page.keyboard.press('Tab');
      await typeInto(page, signUp.getByLabel(/^Password/), account.password);
      // The show-password toggle comes between the two password fields.
      await page.keyboard.press('Tab');
      await expect(signUp.getByRole('button', { name: 'Show password', exact: true })).toBeFocused();
      await page.keyboard.press('Tab');
      await typeInto(page, signUp.getByLabel(/^Confirm Password/), account.password);
      await page.keyboard.press('Enter');
      // The answer replaces the form on the same page: focus moves to its heading, which is read out.
      const checkEmail = page.getByRole('heading', { level: 1, name: 'Check your email' });
      await expect(checkEmail).toBeVisible(LOAD);
      await expect(checkEmail).toBeFocused();
      await expect(page.getByText(account.email)).toBeVisible();

      // Exception: the verification link arrives by e-mail; the user opens it from their mail app.
      await page.goto(pathOf(await latestLink(page.request, account.email, '/auth/verify-email')));
      await expectNewPage(page, page.getByRole('heading', { level: 1, name: 'Your email is verified' }));
      await tabTo(page, page.getByRole('link', { name: 'Go to Dashboard' }), 6);
      await page.keyboard.press('Enter');

      // Not signed in yet (sign-up never signs in, ADR 014): the dashboard sends them to sign in first.
      await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=%2Fdashboard$/, LOAD);
      await expectNewPage(page, page.getByRole('heading', { level: 1, name: 'Welcome back' }));
      const signIn = page.getByRole('form', { name: 'Sign in' });
      await tabTo(page, signIn.getByLabel('Email'), 6);
      await typeInto(page, signIn.getByLabel('Email'), account.email);
      await page.keyboard.press('Tab');
      await typeInto(page, signIn.getByLabel(/^Password/), account.password);
      await page.keyboard.press('Enter');

      // The dashboard greets a new user with its pop-up; focus is in it, on its first button.
      await expect(page).toHaveURL(/\/dashboard$/, LOAD);
      const welcome = page.getByRole('dialog', { name: 'Ready to start your journey?' });
      await expect(welcome).toBeVisible(LOAD);
      await expect(welcome.getByRole('button', { name: 'Maybe Later' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(welcome.getByRole('link', { name: 'Fill Out Application' })).toBeFocused();
      await page.keyboard.press('Enter');

      // The application.
      await expect(page).toHaveURL(/\/apply$/, LOAD);
      await expectNewPage(page, stepHeading(page, 'Personal Information'));
      // The account filled in the name and e-mail.
      await expect(page.getByLabel('First Name')).toHaveValue(account.firstName);
      await expect(page.getByLabel('Email Address')).toHaveValue(account.email);

      // Step 1: everything the account did not fill in.
      const dob = page.getByLabel(/^Date of Birth/);
      await tabTo(page, dob, 25);
      await typeInto(page, dob, dateKeys(PERSONAL.dateOfBirth), PERSONAL.dateOfBirth);
      await tabTo(page, page.getByLabel(/^Last 4 of SSN/), 4);
      await typeInto(page, page.getByLabel(/^Last 4 of SSN/), PERSONAL.ssnLast4);
      await page.keyboard.press('Tab');
      await typeInto(page, page.getByLabel('Phone Number'), PERSONAL.phone);
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Email Address')).toBeFocused();
      await page.keyboard.press('Tab');
      await typeInto(page, page.getByLabel(/^Current Address/), PERSONAL.currentAddress);
      await page.keyboard.press('Tab');
      await typeInto(page, page.getByLabel('Years at Current Address'), PERSONAL.yearsAtAddress);
      await continueWithKeyboard(page, 'Employment & Income');

      // Step 2: employed (the self-employed box comes first and stays unticked).
      await tabTo(page, page.getByRole('checkbox', { name: 'I am self-employed' }), 4);
      await page.keyboard.press('Tab');
      await typeInto(page, page.getByLabel('Employer'), employment.employer!);
      await page.keyboard.press('Tab');
      await typeInto(page, page.getByLabel(/^Start Date/), dateKeys(employment.startDate!), employment.startDate!);
      await tabTo(page, page.getByLabel('Job Title'), 4);
      await typeInto(page, page.getByLabel('Job Title'), employment.position!);
      await page.keyboard.press('Tab');
      await typeInto(page, page.getByLabel('Gross Monthly Income'), String(employment.grossMonthlyIncome));
      await continueWithKeyboard(page, 'Assets');

      // Step 3: the assets and their total.
      await tabTo(page, page.getByLabel('Bank Account Balances'), 4);
      await typeInto(page, page.getByLabel('Bank Account Balances'), '42000');
      await page.keyboard.press('Tab');
      await typeInto(page, page.getByLabel('Investments'), '15000.50');
      await page.keyboard.press('Tab');
      await typeInto(page, page.getByLabel('Retirement Accounts'), '60000');
      await expect(page.getByRole('definition').filter({ hasText: '$' }).first()).toHaveText('$117,000.50');
      await continueWithKeyboard(page, 'Debts');

      // Step 4: two monthly payments and their total.
      await tabTo(page, page.getByLabel('Credit Card Payments'), 4);
      await typeInto(page, page.getByLabel('Credit Card Payments'), '150');
      await page.keyboard.press('Tab');
      await typeInto(page, page.getByLabel('Student Loan Payments'), '320');
      await expect(page.getByRole('definition')).toHaveText('$470');
      await continueWithKeyboard(page, 'Consent & Disclosures');

      // Step 5: both consents ticked with Space; the recorded time is said in a status.
      const creditPull = page.getByRole('checkbox', { name: 'I authorize Ownstead to obtain my credit report' });
      const eConsent = page.getByRole('checkbox', { name: 'I agree to receive disclosures and sign documents electronically' });
      await tabTo(page, creditPull, 6);
      await page.keyboard.press('Space');
      await expect(creditPull).toBeChecked();
      await expect(creditPull).toBeFocused();
      await tabTo(page, eConsent, 6);
      await page.keyboard.press('Space');
      await expect(eConsent).toBeChecked();
      await expect(eConsent).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: 'Consents recorded' })).toBeVisible();
      await continueWithKeyboard(page, 'Documents');

      // Step 6: the three required documents, each through the file chooser Enter opens; focus lands on the stored file.
      await expect(page.getByRole('status').filter({ hasText: 'Missing Required Documents' })).toBeVisible();
      await uploadWithKeyboard(page, 'Government ID', SAMPLE_PDF, 'sample.pdf');
      await uploadWithKeyboard(page, 'Bank Statements', SAMPLE_PNG, 'sample.png');
      await uploadWithKeyboard(page, 'Pay Stubs', SAMPLE_PDF, 'sample.pdf');
      await expect(page.getByRole('status').filter({ hasText: 'All Required Documents Uploaded' })).toBeVisible();

      // The certification (Space), then 'Submit Application' (Enter): focus moves to the result's heading.
      const certify = page.getByRole('checkbox', { name: /I certify that the information/ });
      const submit = page.getByRole('button', { name: 'Submit Application' });
      await tabTo(page, certify, 12);
      await expect(submit).toBeDisabled();
      await page.keyboard.press('Space');
      await expect(certify).toBeChecked();
      await expect(certify).toBeFocused();
      await expect(submit).toBeEnabled();
      await tabTo(page, submit, 4);
      await page.keyboard.press('Enter');
      const result = page.getByRole('heading', { level: 2, name: /Thank you! Your application is submitted\./ });
      await expect(result).toBeFocused(LOAD);
      await expect(result).toBeInViewport();
      await expect(page.getByText(/You will receive a decision within 3-5 business days/)).toBeVisible();

      // Back up to the header's account menu: Enter opens it (focus stays on its button), Escape closes it.
      const menuButton = page.getByRole('button', { name: 'Account menu' });
      await shiftTabTo(page, menuButton, 15);
      await page.keyboard.press('Enter');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(menuButton).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await expect(menuButton).toBeFocused();
      // Opened again, Tab goes into it: 'Account settings'.
      await page.keyboard.press('Enter');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      const menu = page.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`);
      await tabTo(page, menu.getByRole('link', { name: 'Account settings' }), 3);
      await page.keyboard.press('Enter');

      // The account page: down to 'Delete my account'.
      await expect(page).toHaveURL(/\/account$/, LOAD);
      await expectNewPage(page, page.getByRole('heading', { level: 1, name: 'Account settings' }));
      const opener = page.getByRole('button', { name: 'Delete my account' });
      await tabTo(page, opener, 80);

      // Enter opens the dialog with focus in it, on its password field.
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      const password = dialog.getByLabel(/^Password/);
      await expect(dialog).toBeVisible();
      await expect(password).toBeFocused();

      // A wrong password sent with Enter: the field keeps focus, its description is the error, and the live region says it.
      await typeInto(page, password, 'not-my-password');
      await page.keyboard.press('Enter');
      await expect(dialog.getByTestId('live-region')).toHaveText('That password is not correct.');
      await expect(password).toHaveAccessibleDescription('That password is not correct.');
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toBeFocused();

      // Escape closes it, and focus is back on 'Delete my account'.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();

      // Opened again and closed with its Cancel button: focus back on the opener too; the account is still there.
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await expect(password).toBeFocused();
      await expect(password).toHaveValue('');
      await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }), 3);
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
      await expect(page).toHaveURL(/\/account$/);
    });
  });
}

/** Tab to the step's Continue and press Enter: the next step opens with focus on its title. */
async function continueWithKeyboard(page: Page, nextTitle: string) {
  await tabTo(page, page.getByRole('button', { name: 'Continue' }), 10);
  await page.keyboard.press('Enter');
  await expect(stepHeading(page, nextTitle)).toBeFocused();
  await expect(page).toHaveURL(/step=\d/);
}

/**
 * Tab to a document's upload control and press Enter: the file chooser opens. Exception: the chooser is the
 * system's own dialog, answered through Playwright. Focus follows the upload to the stored file's link.
 */
async function uploadWithKeyboard(page: Page, title: string, file: string, fileName: string) {
  const card = page.getByRole('listitem', { name: title });
  await tabTo(page, card.getByLabel(`Upload ${title}`), 8);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
  await expect(card.getByRole('link', { name: fileName })).toBeFocused({ timeout: 15_000 });
  await expect(card.getByText('Uploaded', { exact: true })).toBeVisible();
}
