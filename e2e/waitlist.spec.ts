import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures';

const uniqueEmail = () => `wait.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

async function fillAll(page: Page, email = uniqueEmail()) {
  await page.getByLabel('First Name').fill('Maria');
  await page.getByLabel('Last Name').fill('Lopez');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(214) 555-0134');
  await page.getByLabel('City & State').fill('Dallas, TX');
  await page.getByLabel('Intended State').selectOption('Texas');
  await page.getByLabel('Home Type').selectOption({ label: 'New Home' });
  await page.getByLabel('Buying Timeline').selectOption({ label: 'Within 6 months' });
  await page.getByLabel('Price Range').selectOption('300-400k');
  await page.getByLabel('Down Payment').selectOption('$15K');
  await page.getByLabel('Monthly Payment Range').selectOption('$1,800-$2,000');
  await page.getByLabel('Priority').selectOption({ label: 'Lower down payment & monthly payment' });
  await page.getByLabel('Housing Status').selectOption({ label: 'Renter' });
  await page.getByLabel(/What interests you most/).fill('Lower payments and building equity.');
  return email;
}

test.describe('waitlist', () => {
  test('has the title, the card and every option list of docs/product/waitlist.md#fields', async ({ page }) => {
    await page.goto('/waitlist');
    await expect(page).toHaveTitle('Join Our Waitlist | Ownstead');
    await expect(page.getByRole('heading', { name: 'Join Our Waitlist!' })).toBeVisible();
    // 50 states + the 'Select…' prompt; 9 monthly bands + prompt; 11 down payments + prompt.
    await expect(page.getByLabel('Intended State').locator('option')).toHaveCount(51);
    await expect(page.getByLabel('Monthly Payment Range').locator('option')).toHaveCount(10);
    await expect(page.getByLabel('Down Payment').locator('option')).toHaveCount(12);
    await expect(page.getByLabel('Price Range').locator('option')).toHaveCount(8);
    // The waitlist page's nav variant: calculator, comparison, Home; no Join Waitlist button.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Join Waitlist' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a full submission succeeds, toasts and clears the form', async ({ page }) => {
    await page.goto('/waitlist');
    await fillAll(page);
    await page.getByLabel(/It's ok to contact me/).check();
    const button = page.getByRole('button', { name: 'Join Waitlist' });
    await button.click();
    await expect(page.getByText("You've been added to our waitlist. We'll notify you when we launch!")).toBeVisible();
    await expect(page.getByText('Success!')).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('');
    await expect(page.getByLabel('Intended State')).toHaveValue('');
    await expect(page.getByLabel(/It's ok to contact me/)).not.toBeChecked();
  });

  test('shows "Joining Waitlist..." while the request is in flight', async ({ page }) => {
    await page.goto('/waitlist');
    await fillAll(page);
    await page.getByLabel(/It's ok to contact me/).check();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('/api/waitlist', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByRole('button', { name: 'Joining Waitlist...' })).toBeDisabled();
    release();
    await expect(page.getByText('Success!')).toBeVisible();
  });

  test('a server error keeps every value and shows the error toast', async ({ page }) => {
    await page.goto('/waitlist');
    const email = await fillAll(page);
    await page.getByLabel(/It's ok to contact me/).check();
    await page.route('/api/waitlist', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal_error","message":"x"}}' }),
    );
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText('There was a problem submitting your information. Please try again.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Intended State')).toHaveValue('Texas');
    await expect(page.getByLabel(/It's ok to contact me/)).toBeChecked();
    await expect(page.getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
  });

  test('without consent nothing is sent and the consent toast shows', async ({ page }) => {
    await page.goto('/waitlist');
    await fillAll(page);
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/waitlist') && r.method() === 'POST') posted = true;
    });
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText('Consent Required')).toBeVisible();
    await expect(page.getByText('Please check the consent box to continue.').first()).toBeVisible();
    expect(posted).toBe(false);
  });

  test('missing fields are named next to the fields', async ({ page }) => {
    await page.goto('/waitlist');
    await page.getByLabel(/It's ok to contact me/).check();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Choose the state you intend to buy in')).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('First Name')).toBeFocused();
  });
});

test('leaving the waitlist page for another page works', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/waitlist');
  await page.getByLabel('First Name').fill('Kept');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Own Your Home');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Join Our Waitlist!' })).toBeVisible();
  expect(errors).toEqual([]);
});
