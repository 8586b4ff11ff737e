import type { Page } from '@playwright/test';
import { TOTP, URI } from 'otpauth';

/**
 * Starts two-factor enrolment on the account page (password step) and returns
 * the authenticator the server configured, read from its reply, plus the backup codes.
 */
export async function startTotpEnrolment(page: Page, password: string): Promise<{ totp: TOTP; backupCodes: string[] }> {
  await page.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
  await page.getByLabel(/^Your Password/).fill(password);
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/auth/two-factor/enable') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continue' }).click();
  const body = (await (await reply).json()) as { totpURI: string; backupCodes: string[] };
  return { totp: URI.parse(body.totpURI) as TOTP, backupCodes: body.backupCodes };
}
