import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { latestLink, pathOf, type TestAccount } from './accounts';

/** The small real files the server tests use too. */
export const SAMPLE_PDF = path.resolve('src/server/test/fixtures/sample.pdf');
export const SAMPLE_PNG = path.resolve('src/server/test/fixtures/sample.png');

/** Opens the verification link from the mail sink in this page (the account is then verified). */
export async function verifyEmail(page: Page, account: Pick<TestAccount, 'email'>) {
  const link = await latestLink(page.request, account.email, '/auth/verify-email');
  await page.goto(pathOf(link));
  await expect(page.getByText('Email verified successfully')).toBeVisible();
}

/** The wizard's step title (the h2 of the step card). */
export const stepHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });

/** The save state beside the step title has reached 'Saved'. */
export async function expectSaved(page: Page) {
  await expect(page.locator('[data-save-state="saved"]')).toBeVisible({ timeout: 10_000 });
}

export const progress = (page: Page) => page.getByRole('progressbar', { name: 'Application progress' });

export async function continueTo(page: Page, title: string) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, title)).toBeVisible();
}

export const PERSONAL = {
  dateOfBirth: '1990-12-10',
  ssnLast4: '6789',
  phone: '(214) 555-0187',
  currentAddress: '12 Elm Street, Dallas, TX 75201',
  yearsAtAddress: '3.5',
};

/** Step 1: everything the account did not pre-fill. */
export async function fillPersonal(page: Page) {
  await page.getByLabel(/^Date of Birth/).fill(PERSONAL.dateOfBirth);
  await page.getByLabel(/^Last 4 of SSN/).fill(PERSONAL.ssnLast4);
  await page.getByLabel('Phone Number').fill(PERSONAL.phone);
  await page.getByLabel(/^Current Address/).fill(PERSONAL.currentAddress);
  await page.getByLabel('Years at Current Address').fill(PERSONAL.yearsAtAddress);
}

export async function fillEmployment(page: Page) {
  await page.getByLabel('Employer').fill('Babbage & Co');
  await page.getByLabel(/^Start Date/).fill('2019-06-01');
  await page.getByLabel('Job Title').fill('Engineer');
  await page.getByLabel('Gross Monthly Income').fill('8500');
}
