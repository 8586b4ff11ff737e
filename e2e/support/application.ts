import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { completeDraft } from '../../src/domain/factories/application-draft';
import { latestLink, pathOf, type TestAccount } from './accounts';
import { APP_URL } from './ports';

/** The small real files the server tests use too. */
export const SAMPLE_PDF = path.resolve('src/server/test/fixtures/sample.pdf');
export const SAMPLE_PNG = path.resolve('src/server/test/fixtures/sample.png');

/**
 * Opens the verification link from the mail sink in this page (the account is then verified). Waits for the page's
 * own title for a link used now, not the toast: a toast is gone after a few seconds, which a loaded machine can miss
 * (sign-up.spec checks the toast).
 */
export async function verifyEmail(page: Page, account: Pick<TestAccount, 'email'>) {
  const link = await latestLink(page.request, account.email, '/auth/verify-email');
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'Your email is verified', exact: true })).toBeVisible();
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

/** The wizard is filled in with the complete draft's answers (the ones submitApplicationOverHttp saves), as typed. */
const { personal, employment } = completeDraft();

export const PERSONAL = {
  dateOfBirth: personal.dateOfBirth!,
  ssnLast4: personal.ssnLast4!,
  phone: personal.phone!,
  currentAddress: personal.currentAddress!,
  yearsAtAddress: String(personal.yearsAtAddress),
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
  await page.getByLabel('Employer').fill(employment.employer!);
  await page.getByLabel(/^Start Date/).fill(employment.startDate!);
  await page.getByLabel('Job Title').fill(employment.position!);
  await page.getByLabel('Gross Monthly Income').fill(String(employment.grossMonthlyIncome));
}

/**
 * Uploads the three always-required documents over HTTP, as the signed-in user of `page`: 'Submit Application'
 * waits for them (docs/product/application.md#submission), so a test of what a submit refuses for other gaps needs them.
 */
export async function uploadRequiredDocuments(page: Page) {
  for (const type of ['governmentId', 'bankStatements', 'paystubs']) {
    const uploaded = await page.request.post(`/api/application/documents?type=${type}`, {
      multipart: { file: { name: `${type}.pdf`, mimeType: 'application/pdf', buffer: readFileSync(SAMPLE_PDF) } },
      headers: { origin: APP_URL },
    });
    expect(uploaded.status()).toBe(201);
  }
}
