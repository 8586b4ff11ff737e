/**
 * A mail sink for the browser tests: an SMTP server that keeps every message it
 * receives (parsed with mailparser) and serves them over HTTP.
 *
 *   GET /messages?to=<address>  → [{ subject, text, html, to, date }], oldest first
 *   GET /health                 → { ok: true }
 *
 * Started by Playwright's `webServer` (npx tsx e2e/support/mail-sink.ts); the
 * app's SMTP_URL points at it. Ports come from ports.ts.
 */
import { createServer } from 'node:http';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAIL_HTTP_PORT, MAIL_SMTP_PORT } from './ports';

interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
}

const messages: StoredMail[] = [];
const MAX_MESSAGES = 5000;

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase())).filter(Boolean);

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const envelope = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({
          to: [...new Set([...addressesOf(mail.to), ...envelope])],
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          date: (mail.date ?? new Date()).toISOString(),
        });
        if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES);
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://mail-sink');
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && url.pathname === '/health') return send(200, { ok: true });
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return send(200, to ? messages.filter((m) => m.to.includes(to)) : messages);
  }
  return send(404, { error: 'not found' });
});

smtp.on('error', (error) => console.error('mail sink (smtp):', error.message));
smtp.listen(MAIL_SMTP_PORT, '127.0.0.1', () => {
  http.listen(MAIL_HTTP_PORT, '127.0.0.1', () => {
    console.log(`mail sink: smtp://127.0.0.1:${MAIL_SMTP_PORT}, http://127.0.0.1:${MAIL_HTTP_PORT}/messages`);
  });
});

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
