import type { Page } from '@playwright/test';
import { expect, test, shownText } from './fixtures';
import { latestLink, mailsTo, newAccount, pathOf, type TestAccount } from './support/accounts';

const VERIFY_ERROR = 'The verification link is invalid or has expired. Please request a new one.';

async function fillSignUp(page: Page, account: TestAccount, confirm = account.password) {
  await page.getByLabel('First Name').fill(account.firstName);
  await page.getByLabel('Last Name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel(/^Confirm Password/).fill(confirm);
}

/** How many verification mails `email` has had: counted, not compared, since two links made in the same second are the same link. */
async function verificationMailCount(page: Page, email: string) {
  return (await mailsTo(page.request, email)).filter((mail) => mail.text.includes('/auth/verify-email')).length;
}

test.describe('sign-up and email verification', () => {
  test('sign up, check your email, sign in, open the link from the mail, Go to Dashboard: the banner is gone', async ({ page }) => {
    const account = newAccount({ firstName: 'Maya' });
    await page.goto('/auth/signup');
    await fillSignUp(page, account);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Sign-up signs nobody in and answers every address alike (ADR 014).
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // A new user is greeted by the dashboard's pop-up (docs/product/dashboard.md#dialogs).
    await page.getByRole('dialog', { name: 'Ready to start your journey?' }).getByRole('button', { name: 'Maybe Later' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Maya' })).toBeVisible();
    await expect(page.getByText('Please verify your email address')).toBeVisible();

    const link = await latestLink(page.request, account.email, '/auth/verify-email');
    await page.goto(pathOf(link));
    await expect(page.getByText('Email verified successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Maya' })).toBeVisible();
    await expect(page.getByText('Please verify your email address')).toHaveCount(0);

    // The link works once: opening it again says the address is already verified.
    await page.goto(pathOf(link));
    await expect(page.getByRole('heading', { name: 'Your email is already verified' })).toBeVisible();
  });

  test("'Passwords do not match' is shown and nothing is sent", async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-up')) posted = true;
    });
    await page.goto('/auth/signup');
    await fillSignUp(page, newAccount(), 'a-different-passphrase');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByLabel(/^Confirm Password/)).toHaveAttribute('aria-invalid', 'true');
    // A field's error lives under its field, not in a toast (docs/product/public-site.md#messages).
    await expect(page.getByLabel(/^Confirm Password/)).toHaveAccessibleDescription('Passwords do not match');
    await expect(page.getByLabel(/^Confirm Password/)).toBeFocused();
    // The toaster's code loads when a toast is first asked for: once the network is quiet, a toast sent with the error would be up.
    await page.waitForLoadState('networkidle');
    await expect(shownText(page, 'Passwords do not match')).toHaveCount(1);
    // Said to screen readers too: focus moved to the field, which may have had it already (ADR 023).
    await expect(page.getByTestId('live-region')).toHaveText('Passwords do not match');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    expect(posted).toBe(false);
    await expect(page).toHaveURL(/\/auth\/signup$/);
  });

  test('an address that already has an account: the same check-your-email answer, no session, and its owner is told', async ({
    page,
    existingAccount: existing,
  }) => {
    await page.goto('/auth/signup');
    await fillSignUp(page, { ...existing, firstName: 'Someone', password: 'harbour-violet-sextant-88' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(existing.email)).toBeVisible();
    await expect(page.getByText('Failed to create account')).toHaveCount(0);
    // Nobody was signed in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=%2Fdashboard$/);
    // The owner of the address is told by email.
    await expect.poll(async () => (await mailsTo(page.request, existing.email)).some((m) => m.subject.startsWith('Someone tried to sign up'))).toBe(true);
  });

  test('a guessable password is refused with the reason under the field', async ({ page }) => {
    await page.goto('/auth/signup');
    await fillSignUp(page, newAccount({ password: 'Welcome1!' }));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(shownText(page, 'This is similar to a commonly used password. Add more words that are less common.')).toBeVisible();
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/auth\/signup$/);
  });

  test('a server field error lands under its field (a too-common password)', async ({ page }) => {
    await page.goto('/auth/signup');
    await fillSignUp(page, newAccount({ password: 'password123' }));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(shownText(page, 'This password is too common. Please choose a less common one.')).toBeVisible();
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(/^Password/)).toBeFocused();
  });

  test("the banner's 'Resend Verification Email' sends a new link", async ({ page, user: account }) => {
    await latestLink(page.request, account.email, '/auth/verify-email');
    // A link is a token signed with the second it was made: two mails in one second carry the same link. Count the mails.
    const verificationMails = () => verificationMailCount(page, account.email);
    expect(await verificationMails()).toBe(1);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Maybe Later' }).click();
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Verification email sent')).toBeVisible();
    await expect.poll(verificationMails, { message: 'a second verification mail', timeout: 15_000 }).toBe(2);
    const link = await latestLink(page.request, account.email, '/auth/verify-email');
    await page.goto(pathOf(link));
    await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  });

  test('a bad link shows the error, and a visitor can resend to an address they type', async ({ page, existingAccount: account }) => {
    await latestLink(page.request, account.email, '/auth/verify-email');
    const verificationMails = () => verificationMailCount(page, account.email);
    expect(await verificationMails()).toBe(1);

    await page.goto('/auth/verify-email?token=not-a-real-token');
    await expect(page.getByText(VERIFY_ERROR)).toBeVisible();
    await expect(page.getByText('Failed to verify email')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Verification email sent')).toBeVisible();
    // Counted, not compared: two links made in the same second are the same link.
    await expect.poll(verificationMails, { message: 'a second verification mail', timeout: 15_000 }).toBe(2);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });

  test('without a token the verify page goes straight to the error', async ({ page }) => {
    await page.goto('/auth/verify-email');
    await expect(page.getByText(VERIFY_ERROR)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
  });
});

test('a form refuses a name on two lines under its field, and the page files no Content-Security-Policy violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto('/auth/signup');
  const account = newAccount();
  await fillSignUp(page, { ...account, firstName: 'Maya\tApproved' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(shownText(page, 'First name can only have letters, spaces and punctuation on one line.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);
  // Zod parses in the page (the form's schema); with its JIT it would try `new Function` and file a script-src report.
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
