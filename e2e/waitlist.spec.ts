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
    // 50 states and DC + the 'Select…' prompt; 11 monthly bands + prompt; 12 down payments + prompt.
    await expect(page.getByLabel('Intended State').locator('option')).toHaveCount(52);
    await expect(page.getByLabel('Monthly Payment Range').locator('option')).toHaveCount(12);
    await expect(page.getByLabel('Down Payment').locator('option')).toHaveCount(13);
    await expect(page.getByLabel('Price Range').locator('option')).toHaveCount(8);
    // The waitlist page's nav variant: calculator, comparison, Home; no Join Waitlist button.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Join Waitlist' })).toHaveCount(0);
    await expectAccessible(page);
  });

  for (const width of [375, 1280]) {
    test(`a full submission shows the success panel in the form's place, and 'Add Another Person' brings back an empty form (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/waitlist');
      const email = await fillAll(page);
      await page.getByLabel(/It's ok to contact me/).check();
      await page.getByRole('button', { name: 'Join Waitlist' }).click();

      // docs/product/waitlist.md#success: no toast, no silently emptied form.
      const heading = page.getByRole('heading', { level: 1, name: "You're on the list, Maria!" });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      const panel = page.getByTestId('waitlist-success');
      await expect(panel).toContainText("You've been added to our waitlist. We'll notify you when we launch!");
      await expect(panel.getByRole('heading', { name: 'What happens next' })).toBeVisible();
      await expect(panel).toContainText(email);
      await expect(panel).toContainText('when early access opens in Texas');
      await expect(page.getByRole('form', { name: 'Waitlist form' })).toHaveCount(0);
      await expect(page.getByText('Success!')).toHaveCount(0);
      await expect(panel.getByRole('link', { name: 'Try Our Calculators' })).toHaveAttribute('href', '/how-much-home-can-i-afford');
      await expectAccessible(page);

      await panel.getByRole('button', { name: 'Add Another Person' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Join Our Waitlist!' })).toBeVisible();
      await expect(page.getByLabel('First Name')).toBeFocused();
      await expect(page.getByLabel('First Name')).toHaveValue('');
      await expect(page.getByLabel('Intended State')).toHaveValue('');
      await expect(page.getByLabel(/It's ok to contact me/)).not.toBeChecked();
    });
  }

  test('the success panel links to the calculators', async ({ page }) => {
    await page.goto('/waitlist');
    await fillAll(page);
    await page.getByLabel(/It's ok to contact me/).check();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await page.getByRole('link', { name: 'Try Our Calculators' }).click();
    await expect(page).toHaveURL(/\/how-much-home-can-i-afford$/);
    await expect(page.getByRole('heading', { level: 1, name: 'How Much Home Can I Afford?' })).toBeVisible();
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
    await expect(page.getByTestId('waitlist-success')).toBeVisible();
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

  test('without consent nothing is sent and the consent box says why, with focus on it', async ({ page }) => {
    await page.goto('/waitlist');
    await fillAll(page);
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/waitlist') && r.method() === 'POST') posted = true;
    });
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    const consent = page.getByLabel(/It's ok to contact me/);
    await expect(consent).toHaveAccessibleDescription('Please check the consent box to continue.');
    await expect(consent).toBeFocused();
    await expect(page.getByTestId('missing-fields')).toHaveText('One field needs your attention: the consent box.');
    expect(posted).toBe(false);
  });

  for (const width of [375, 1280]) {
    test(`an all-empty submit names every missing field, under its field and above the form (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/waitlist');
      await page.getByRole('button', { name: 'Join Waitlist' }).click();
      await expect(page.getByTestId('missing-fields')).toHaveText(
        '15 fields need your attention: First Name, Last Name, Email, Phone, City & State, Intended State, Home Type, Buying Timeline, Price Range, Down Payment, Monthly Payment Range, Priority, Housing Status, What interests you most, the consent box.',
      );
      for (const [label, message] of [
        ['First Name', 'First name is required'],
        ['Email', 'Email is required'],
        ['Intended State', 'Choose the state you intend to buy in'],
        ['Housing Status', 'Choose your housing status'],
      ] as const) {
        await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
      }
      await expect(page.getByLabel(/It's ok to contact me/)).toHaveAccessibleDescription('Please check the consent box to continue.');
      await expect(page.getByLabel('First Name')).toBeFocused();
      // Field errors are not toasts (docs/product/public-site.md#messages).
      await expect(page.getByText('Consent Required')).toHaveCount(0);
      await expectAccessible(page);
    });
  }

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

for (const width of [375, 1280]) {
  test.describe(`waitlist at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('offers every $200 band, a down payment under $5K and the District of Columbia, and the server takes them', async ({ page }) => {
      await page.goto('/waitlist');
      const bands = await page.getByLabel('Monthly Payment Range').locator('option').allInnerTexts();
      expect(bands.slice(1)).toEqual([
        '<$1,200',
        '$1,200-$1,400',
        '$1,400-$1,600',
        '$1,600-$1,800',
        '$1,800-$2,000',
        '$2,000-$2,200',
        '$2,200-$2,400',
        '$2,400-$2,600',
        '$2,600-$2,800',
        '$2,800-$3,000',
        '$3,000+',
      ]);
      await expect(page.getByLabel('Down Payment').locator('option').nth(1)).toHaveText('Under $5K');
      await fillAll(page);
      await page.getByLabel('Intended State').selectOption('District of Columbia');
      await page.getByLabel('Down Payment').selectOption('Under $5K');
      await page.getByLabel('Monthly Payment Range').selectOption('$2,400-$2,600');
      await page.getByLabel(/It's ok to contact me/).check();
      await page.getByRole('button', { name: 'Join Waitlist' }).click();
      await expect(page.getByTestId('waitlist-success')).toContainText('when early access opens in the District of Columbia');
    });

    test('the line naming the fields to fix shrinks as each is fixed and goes when none is left', async ({ page }) => {
      await page.goto('/waitlist');
      await fillAll(page);
      await page.getByLabel('First Name').fill('');
      await page.getByLabel('Monthly Payment Range').selectOption('');
      await page.getByRole('button', { name: 'Join Waitlist' }).click();
      const summary = page.getByTestId('missing-fields');
      await expect(summary).toHaveText('3 fields need your attention: First Name, Monthly Payment Range, the consent box.');
      await page.getByLabel('First Name').fill('Maria');
      await expect(summary).toHaveText('2 fields need your attention: Monthly Payment Range, the consent box.');
      await page.getByLabel('Monthly Payment Range').selectOption('$2,800-$3,000');
      await expect(summary).toHaveText('One field needs your attention: the consent box.');
      await page.getByLabel(/It's ok to contact me/).check();
      await expect(summary).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}

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
