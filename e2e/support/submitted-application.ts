import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { completeDraft } from '../../src/domain/factories/application-draft';
import { signUpOverHttp, type TestAccount } from './accounts';
import { SAMPLE_PDF, verifyEmail } from './application';
import { APP_URL } from './ports';

/** A surname no other test uses, so a search in the back office finds exactly this applicant (letters only). */
export const uniqueSurname = () =>
  `Tubman${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;

export interface SubmittedApplication {
  account: TestAccount;
  applicationId: string;
  /** The applicant's name as the back office lists it. */
  name: string;
}

/**
 * A user who signs up, verifies the address from the mail, fills in the whole
 * application, uploads the three required documents and submits — over HTTP
 * with `page`'s cookies, so the page stays signed in as that user. For specs
 * about what happens after submission (the wizard itself is e2e/application.spec.ts).
 */
export async function submitApplicationOverHttp(page: Page, overrides: Partial<TestAccount> = {}): Promise<SubmittedApplication> {
  const account = await signUpOverHttp(page, overrides);
  await verifyEmail(page, account);
  const draft = completeDraft();
  const personal = { ...draft.personal, firstName: account.firstName, lastName: account.lastName, email: account.email };
  const headers = { origin: APP_URL };
  const saved = await page.request.put('/api/application', { data: { ...draft, personal }, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  const pdf = readFileSync(SAMPLE_PDF);
  for (const type of ['governmentId', 'bankStatements', 'paystubs']) {
    const uploaded = await page.request.post(`/api/application/documents?type=${type}`, {
      multipart: { file: { name: `${type}.pdf`, mimeType: 'application/pdf', buffer: pdf } },
      headers,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const submitted = await page.request.post('/api/application/submit', { headers });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const { id } = (await submitted.json()) as { id: string };
  return { account, applicationId: id, name: `${account.firstName} ${account.lastName}` };
}
