import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { AUTH_TEST_ENV, linkIn, mailsTo, newAccount, TestBrowser } from '../../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../../test/harness';
import { escapeHtml } from './layout';
import { appLink, describeDuration, verificationMail } from './templates';

describe('mail without SMTP: the outbox and its one log line', () => {
  let app: TestServer;
  const lines: { msg: string; mailId?: number }[] = [];

  beforeAll(async () => {
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    app = await startTestServer({ ...AUTH_TEST_ENV, APP_URL: 'https://homes.example.com/' }, { logger });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('keeps each message in mail_outbox and prints its link once, so sign-up works on a laptop', async () => {
    const account = newAccount({ firstName: 'Ada <script>' });
    expect((await new TestBrowser(app.url, app.config.APP_URL).post('/api/auth/sign-up/email', account)).status).toBe(200);
    const mails = await waitFor(async () => {
      const rows = await mailsTo(app.db, account.email);
      return rows.length === 2 && rows;
    });
    const verification = mails.find((m) => m.subject.startsWith('Confirm')) ?? mails[0];
    const link = linkIn(verification.text, '/auth/verify-email');
    expect(link?.origin).toBe('https://homes.example.com');
    expect(verification.html).toContain('Hi Ada &lt;script&gt;,');
    expect(verification.html).not.toContain('<script>');

    // The line is printed once the row is stored: wait for it as for the row (then check there is only one).
    await waitFor(() => lines.some((l) => l.mailId === verification.id));
    const printed = lines.filter((l) => l.mailId === verification.id);
    expect(printed).toHaveLength(1);
    // The line names a link to the message, not the message's own link: no token, no address in the log.
    const opener = /open its link: (https:\/\/homes\.example\.com\/api\/mail-outbox\/\d+\?key=[\w-]+)$/.exec(printed[0].msg)?.[1];
    expect(opener).toBeDefined();
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(account.email);
    expect(logged).not.toContain(link!.searchParams.get('token'));
    expect(logged).not.toContain(Buffer.from(account.email).toString('base64').slice(0, 12));

    // Opened (on this server, whatever APP_URL says), it shows the message: to, subject, its text, its link first.
    const path = new URL(opener!).pathname + new URL(opener!).search;
    const opened = await fetch(`${app.url}${path}`, { redirect: 'manual' });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^text\/html/);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    const page = await opened.text();
    expect(page).toContain('<meta name="referrer" content="no-referrer">');
    const escapedLink = link!.toString().replaceAll('&', '&#38;');
    expect(page).toContain(`<h1>${verification.subject}</h1>`);
    expect(page).toContain(`<dd>${account.email}</dd>`);
    expect(page).toContain(`<p><a href="${escapedLink}">Open the message&#39;s link</a></p>`);
    // The whole text, escaped (the name typed at sign-up is markup), with its links working.
    expect(page).toContain('Hi Ada &#60;script&#62;,');
    expect(page).not.toContain('<script>');
    expect(page).toContain(`<a href="${escapedLink}">${escapedLink}</a>`);
    // Another message's id with this key, or a made-up key, leads nowhere.
    const otherId = path.replace(/\/(\d+)\?/, (_, id: string) => `/${Number(id) + 1}?`);
    expect((await fetch(`${app.url}${otherId}`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${app.url}${path.replace(/key=[\w-]+/, 'key=forged')}`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('mail templates', () => {
  const ctx = { brand: { name: 'Ownstead', contactEmail: 'hello@ownstead.example' }, appUrl: 'https://homes.example.com' };

  it('builds links on APP_URL with the token as a query parameter', () => {
    expect(appLink(ctx, '/auth/reset-password', { token: 'a b/c' })).toBe('https://homes.example.com/auth/reset-password?token=a+b%2Fc');
    const mail = verificationMail(ctx, { firstName: 'Ada', token: 'tok', validForSeconds: 86_400 });
    expect(mail.actionUrl).toBe('https://homes.example.com/auth/verify-email?token=tok');
    expect(mail.text).toContain('stops working after 24 hours');
    expect(mail.html).toContain('href="https://homes.example.com/auth/verify-email?token=tok"');
  });

  it('says durations the way people do and escapes HTML', () => {
    expect([3600, 86_400, 172_800, 1800, 1].map(describeDuration)).toEqual(['1 hour', '24 hours', '2 days', '30 minutes', '1 second']);
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
