import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { newAccount, signInOverHttp, waitForToastsToGo } from './support/accounts';
import {
  continueTo,
  expectSaved,
  fillEmployment,
  fillPersonal,
  PERSONAL,
  progress,
  SAMPLE_PDF,
  SAMPLE_PNG,
  stepHeading,
  uploadRequiredDocuments,
  verifyEmail,
} from './support/application';
import { APP_URL } from './support/ports';

test.describe('home application', () => {
  test('the full journey: sign up, verify, apply from the calculator, upload, submit, under review', async ({ page }) => {
    test.slow();
    const account = newAccount({ firstName: 'Rosa', lastName: 'Parks' });
    await page.goto('/auth/signup');
    await page.getByLabel('First Name').fill(account.firstName);
    await page.getByLabel('Last Name').fill(account.lastName);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByLabel(/^Confirm Password/).fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Ready to start your journey?' })).toBeVisible();
    await verifyEmail(page, account);

    // The calculator's 'Start Application' carries the price and down payment.
    await page.goto('/how-much-home-can-i-afford');
    const start = page.getByRole('link', { name: 'Start Application' });
    const href = new URL((await start.getAttribute('href'))!, APP_URL);
    const price = href.searchParams.get('price')!;
    const down = href.searchParams.get('down')!;
    await start.click();
    await expect(page).toHaveURL(/\/apply/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home Application' })).toBeVisible();
    await expect(page).toHaveTitle('Home Application | Ownstead');

    // Step 1: the account pre-filled name and e-mail.
    await expect(stepHeading(page, 'Personal Information')).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('Rosa');
    await expect(page.getByLabel('Email Address')).toHaveValue(account.email);
    await fillPersonal(page);
    await continueTo(page, 'Employment & Income');
    await fillEmployment(page);
    await continueTo(page, 'Assets');
    await expect(page.getByLabel('Desired Home Value')).toHaveValue(price);
    await expect(page.getByLabel('Down Payment')).toHaveValue(down);
    await page.getByLabel('Bank Account Balances').fill('42000');
    await page.getByLabel('Investments').fill('15000.50');
    await page.getByLabel('Retirement Accounts').fill('60000');
    await expect(page.getByRole('definition').filter({ hasText: '$' })).toHaveText('$117,000.50');
    await continueTo(page, 'Debts');
    await page.getByLabel('Credit Card Payments').fill('150');
    await page.getByLabel('Student Loan Payments').fill('320');
    await expect(page.getByRole('definition')).toHaveText('$470');
    await continueTo(page, 'Consent & Disclosures');
    await page.getByRole('checkbox', { name: 'I authorize Ownstead to obtain my credit report' }).check();
    await page.getByRole('checkbox', { name: 'I agree to receive disclosures and sign documents electronically' }).check();
    await expect(page.getByText('Consents recorded')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Consents recorded' })).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
    await continueTo(page, 'Documents');

    // Step 6: badges, an invalid file, the two real files.
    const card = (title: string) => page.getByRole('listitem', { name: title });
    await expect(card('Government ID').getByText('Required', { exact: true })).toBeVisible();
    await expect(card('Tax Returns').getByText('Optional', { exact: true })).toBeVisible();
    await expect(page.getByText('Missing Required Documents')).toBeVisible();
    await page.getByLabel('Upload Government ID').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
    await expect(page.getByText('Invalid File Type')).toBeVisible();
    // The reason is said in the toast and stays on the card (docs/product/application.md#documents).
    await expect(card('Government ID').getByText('notes.txt was not uploaded: Please upload PDF, JPG, or PNG files only.')).toBeVisible();
    await page.getByLabel('Upload Government ID').setInputFiles(SAMPLE_PDF);
    await expect(page.getByText('Government ID uploaded successfully.')).toBeVisible();
    await expect(card('Government ID').getByText('Uploaded', { exact: true })).toBeVisible();
    await expect(card('Government ID').getByRole('link', { name: 'sample.pdf' })).toBeVisible();
    await page.getByLabel('Upload Bank Statements').setInputFiles(SAMPLE_PNG);
    await expect(card('Bank Statements').getByText('Uploaded', { exact: true })).toBeVisible();
    await page.getByLabel('Upload Pay Stubs').setInputFiles(SAMPLE_PDF);
    await expect(card('Pay Stubs').getByText('Uploaded', { exact: true })).toBeVisible();
    await expect(page.getByText('All Required Documents Uploaded')).toBeVisible();
    await expect(card('Tax Returns').getByText('Optional', { exact: true })).toBeVisible();

    // Remove, then upload again.
    await card('Pay Stubs').getByRole('button', { name: 'Remove Pay Stubs' }).click();
    await card('Pay Stubs').getByRole('button', { name: 'Yes, remove Pay Stubs' }).click();
    await expect(page.getByText('Document Removed')).toBeVisible();
    await expect(page.getByText('Missing Required Documents')).toBeVisible();
    await page.getByLabel('Upload Pay Stubs').setInputFiles(SAMPLE_PDF);
    await expect(page.getByText('All Required Documents Uploaded')).toBeVisible();

    // The certification enables 'Submit Application'.
    const submit = page.getByRole('button', { name: 'Submit Application' });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /I certify that the information/ }).check();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Your application has been submitted successfully.')).toBeVisible();
    await expect(page.getByText(/decision within 3-5 business days/)).toBeVisible();
    // Read-only now; documents can still be added, not removed.
    await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(page.getByLabel('Upload Tax Returns')).toBeEnabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('checkbox', { name: 'I authorize Ownstead to obtain my credit report' })).toBeDisabled();

    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await expect(page.getByRole('dialog', { name: 'Your application is under review.' })).toBeVisible();
    await page.getByRole('button', { name: 'View Example Dashboard' }).click();
    await expect(page.getByRole('region', { name: /Home application/ }).getByText('Submitted', { exact: true })).toBeVisible();
  });

  test('steps, Previous/Continue, the progress bar, the URL and axe on every step', async ({ page, user: _user }) => {
    test.slow();
    await page.goto('/apply');
    const titles = ['Personal Information', 'Employment & Income', 'Assets', 'Debts', 'Consent & Disclosures', 'Documents'];
    // A new user leaves every step but Debts (nothing required) with items missing: a warning and the count, not a check.
    const passed = [/\(\d+ items? missing\)/, /\(\d+ items? missing\)/, /\(1 item missing\)/, /\(done\)/, /\(2 items missing\)/];
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    for (const [index, title] of titles.entries()) {
      await expect(stepHeading(page, title)).toBeVisible();
      await expect(progress(page)).toHaveAttribute('aria-valuenow', String(Math.round(((index + 1) / 6) * 100)));
      await expect(progress(page)).toHaveAttribute('aria-valuetext', `Step ${index + 1} of 6`);
      await expect(page.getByRole('button', { name: `Step ${index + 1}: ${title}` })).toHaveAttribute('aria-current', 'step');
      if (index > 0) await expect(page.getByRole('button', { name: `Step ${index}: ${titles[index - 1]}` })).toHaveAccessibleName(passed[index - 1]);
      await waitForToastsToGo(page);
      await expectAccessible(page);
      if (index < titles.length - 1) {
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page).toHaveURL(new RegExp(`step=${index + 2}`));
      }
    }
    // Last step: 'Submit Application' instead of Continue; an unverified user is told why submitting waits.
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    await expect(page.getByText('Submitting needs a verified email address.')).toBeVisible();
    // Back and forward move between steps; Previous goes one back.
    await page.goBack();
    await expect(stepHeading(page, 'Consent & Disclosures')).toBeVisible();
    await page.goForward();
    await expect(stepHeading(page, 'Documents')).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(stepHeading(page, 'Consent & Disclosures')).toBeVisible();
    // Each step says what is still missing (Continue never blocks).
    await page.getByRole('button', { name: 'Step 1: Personal Information' }).click();
    await expect(page.getByText('Still needed to submit')).toBeVisible();
    await expect(page.getByText('Date of birth is required')).toBeVisible(); // the step was visited before
    // Phones: sticky footer, no sideways scroll.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeInViewport();
  });

  test('a reload loses nothing, and a new browser resumes with the same values', async ({ page, user: account, openBrowser }) => {
    test.slow();
    await page.goto('/apply');
    await fillPersonal(page);
    await expectSaved(page);
    await page.reload();
    await expect(page.getByLabel('Phone Number')).toHaveValue(PERSONAL.phone);
    await expect(page.getByLabel('Years at Current Address')).toHaveValue(PERSONAL.yearsAtAddress);
    // The SSN digits and birth date come back masked, with 'Change'.
    await expect(page.getByRole('textbox', { name: 'Last 4 of SSN' })).toHaveValue('•••• 6789');
    await expect(page.getByRole('button', { name: 'Change Last 4 of SSN' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('••/••/1990');

    await page.getByRole('button', { name: 'Continue' }).click();
    await fillEmployment(page);
    await page.getByRole('checkbox', { name: 'I am self-employed' }).check();
    await page.getByLabel('Business Name').fill('Hopper Consulting');
    await expectSaved(page);

    const laptop = await openBrowser();
    await signInOverHttp(laptop, account);
    await laptop.goto('/apply?step=2');
    await expect(laptop.getByLabel('Employer')).toHaveValue('Babbage & Co');
    await expect(laptop.getByRole('checkbox', { name: 'I am self-employed' })).toBeChecked();
    await expect(laptop.getByLabel('Business Name')).toHaveValue('Hopper Consulting');
    await laptop.goto('/apply?step=1');
    await expect(laptop.getByLabel(/^Current Address/)).toHaveValue(PERSONAL.currentAddress);
    await expect(laptop.getByRole('textbox', { name: 'Last 4 of SSN' })).toHaveValue('•••• 6789');
    // Self-employed: tax returns are required.
    await laptop.goto('/apply?step=6');
    await expect(laptop.getByRole('listitem', { name: 'Tax Returns' }).getByText('Required', { exact: true })).toBeVisible();
  });

  test("a network failure shows 'Not saved — retrying' and saves when the server is back; signing out keeps the last change", async ({
    page,
    user: account,
  }) => {
    await page.goto('/apply');
    await expect(stepHeading(page, 'Personal Information')).toBeVisible();
    await page.route('**/api/application', (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback()));
    await page.getByLabel('Phone Number').fill('(415) 555-0100');
    await expect(page.getByText('Not saved — retrying')).toBeVisible();
    await page.unroute('**/api/application');
    await page.getByRole('button', { name: 'Retry now' }).click();
    await expectSaved(page);
    await page.reload();
    await expect(page.getByLabel('Phone Number')).toHaveValue('(415) 555-0100');

    // Typed and signed out at once (within the save delay): the change is on the server all the same.
    await page.getByLabel(/^Current Address/).fill('1 Infinite Loop, Cupertino, CA');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await signInOverHttp(page, account);
    await page.goto('/apply');
    await expect(page.getByLabel(/^Current Address/)).toHaveValue('1 Infinite Loop, Cupertino, CA');
  });

  test('submitting with gaps opens the first step with a problem and shows what is missing', async ({ page, user: account }) => {
    await verifyEmail(page, account);
    // Submit waits for the required documents (docs/product/application.md#submission): with them there, the server names the other gaps.
    await uploadRequiredDocuments(page);
    await page.goto('/apply?step=6');
    await page.getByRole('checkbox', { name: /I certify that the information/ }).check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application incomplete')).toBeVisible();
    await expect(stepHeading(page, 'Personal Information')).toBeVisible();
    await expect(page).toHaveURL(/step=1/);
    await expect(page.getByText('Date of birth is required')).toBeVisible();
    await expect(page.getByLabel(/^Phone Number/)).toHaveAttribute('aria-invalid', 'true');
  });

  test('an anonymous visitor is sent to sign in and comes back to the application', async ({ page, existingAccount: account }) => {
    await page.goto('/apply?price=400000&down=40000');
    await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=/);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home Application' })).toBeVisible();
    await page.getByRole('button', { name: 'Step 3: Assets' }).click();
    await expect(page.getByLabel('Desired Home Value')).toHaveValue('400000');
  });
});
