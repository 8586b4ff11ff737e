import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { AUTH_TEST_ENV, linkIn, mailsTo, newAccount, signUpAndSignIn, TestBrowser } from '../../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../../test/harness';
import { SIGNED_IN_HINT_COOKIE } from '../../../domain/signed-in-hint';

/** A local SMTP server that keeps every message it receives, parsed. */
async function startSmtp() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: TestServer;
  const logLines: string[] = [];
  const mailTo = (email: string, subjectStart: string) =>
    waitFor(() => smtp.received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === email.toLowerCase() && m.subject?.startsWith(subjectStart)), {
      message: `a mail '${subjectStart}…'`,
    });

  beforeAll(async () => {
    smtp = await startSmtp();
    const logger = createLogger('trace', { write: (line: string) => void logLines.push(line) });
    app = await startTestServer({ ...AUTH_TEST_ENV, SMTP_URL: smtp.url }, { logger });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it('delivers the verification mail, in text and HTML, whose link verifies the address', async () => {
    const b = new TestBrowser(app.url, app.config.APP_URL);
    const account = newAccount();
    await signUpAndSignIn(b, account);
    const mail = await mailTo(account.email, 'Confirm your email');
    expect(mail.from?.text).toBe('"Ownstead" <hello@ownstead.example>');
    expect(mail.text).toContain('Hi Grace,');
    const link = linkIn(mail.text ?? '', '/auth/verify-email');
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link?.toString().replace(/&/g, '&amp;')}"`);
    await mailTo(account.email, 'Welcome to Ownstead');
    expect(await mailsTo(app.db, account.email)).toHaveLength(0); // sent, not kept

    const verified = await b.get(`/api/auth/verify-email?token=${link?.searchParams.get('token')}`);
    expect(verified.status).toBe(200);
    expect((await b.get('/api/me')).body.emailVerified).toBe(true);
  });

  /** The browser's cookies but the 'signed in' hint, which is not a secret (its value is '1'). */
  const secretCookies = (browser: TestBrowser) => [...browser.cookies].filter(([name]) => name !== SIGNED_IN_HINT_COOKIE).map(([, value]) => value);

  it('logs no password, token, session cookie or e-mail address through sign-up, sign-in and reset', async () => {
    const account = newAccount({ password: 'log-canary-password-1' });
    const newPassword = 'log-canary-password-2';
    const secrets: string[] = [account.password, newPassword, account.email.toLowerCase()];
    const b = new TestBrowser(app.url, app.config.APP_URL);
    const signUp = await b.post('/api/auth/sign-up/email', account);
    // Sign-up signs nobody in (ADR 014): no token, no cookie to look for yet.
    expect(signUp.body.token).toBeNull();
    const verify = linkIn((await mailTo(account.email, 'Confirm your email')).text ?? '', '/auth/verify-email');
    secrets.push(verify?.searchParams.get('token') as string);

    expect((await b.post('/api/auth/sign-in/email', { email: account.email, password: 'a-wrong-password' })).status).toBe(401);
    const signIn = await b.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    secrets.push(signIn.body.token, ...secretCookies(b));
    expect((await b.post('/api/auth/request-password-reset', { email: account.email })).status).toBe(200);
    const reset = linkIn((await mailTo(account.email, 'Reset your')).text ?? '', '/auth/reset-password');
    const resetToken = reset?.searchParams.get('token') as string;
    secrets.push(resetToken);
    expect((await b.post('/api/auth/reset-password', { token: resetToken, newPassword })).status).toBe(200);
    expect((await b.post('/api/auth/reset-password', { token: resetToken, newPassword })).status).toBe(400);
    const again = await b.post('/api/auth/sign-in/email', { email: account.email, password: newPassword });
    secrets.push(again.body.token, ...secretCookies(b));
    await app.server.background.settle();

    const output = logLines.join('');
    expect(output).toContain('mail sent'); // the capture works and the flow was logged
    for (const secret of secrets) {
      expect(secret?.length).toBeGreaterThan(8);
      expect(output.includes(secret), `log output contains ${secret.slice(0, 6)}…`).toBe(false);
      expect(output.includes(encodeURIComponent(secret))).toBe(false);
    }
  });
});
