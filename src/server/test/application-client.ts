import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { completeDraft } from '../../domain/factories/application-draft';
import type { DocumentType } from '../../domain/application';
import { users } from '../platform/db/schema';
import { linkIn, mailsTo, newAccount, signUpAndSignIn, TestBrowser, type NewAccount } from './auth-client';
import { waitFor, type HttpReply, type TestServer, readReply } from './harness';

/** Tiny real files for upload tests (the browser tests can use them too). */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const fixture = (name: 'sample.pdf' | 'sample.png') => readFileSync(path.join(FIXTURES, name));

export { completeDraft };

export interface Member {
  browser: TestBrowser;
  account: NewAccount;
  userId: string;
}

/** A new account, signed in through the real sign-up endpoint; `verified` marks its address confirmed. */
export async function signUp(app: TestServer, { verified = true }: { verified?: boolean } = {}): Promise<Member> {
  const browser = new TestBrowser(app.url, app.config.APP_URL);
  const account = newAccount();
  const reply = await signUpAndSignIn(browser, account);
  if (verified) await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, reply.body.user.id));
  return { browser, account, userId: reply.body.user.id };
}

/** Verifies the address the way a person does: the link in the mail. */
export async function verifyByMail(app: TestServer, member: Member): Promise<void> {
  const link = await waitFor(async () => (await mailsTo(app.db, member.account.email)).map((m) => linkIn(m.text, '/auth/verify-email')).find(Boolean), {
    message: 'the verification mail',
  });
  const reply = await member.browser.get(`/api/auth/verify-email?token=${encodeURIComponent(link.searchParams.get('token')!)}`);
  if (reply.status !== 200) throw new Error(`verification failed: ${reply.status}`);
}

/** Uploads like the wizard: multipart/form-data, one `file` field (more files when given). */
export async function upload(
  browser: TestBrowser,
  type: DocumentType | string,
  files: { bytes: Uint8Array; name: string; contentType?: string }[] | { bytes: Uint8Array; name: string; contentType?: string },
): Promise<HttpReply> {
  const form = new FormData();
  for (const file of Array.isArray(files) ? files : [files]) {
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType ?? 'application/octet-stream' }), file.name);
  }
  const response = await fetch(`${browser.baseUrl}/api/application/documents?type=${encodeURIComponent(type)}`, {
    method: 'POST',
    headers: { origin: browser.origin, cookie: browser.cookieHeader },
    body: form,
  });
  return readReply(response);
}

/**
 * Uploads a body of `size` bytes starting with `head`, streamed in chunks WITHOUT
 * a Content-Length (chunked transfer): the server can only count as it reads.
 */
export async function uploadChunked(browser: TestBrowser, type: DocumentType, head: Uint8Array, size: number): Promise<HttpReply> {
  const boundary = `----test${Date.now()}`;
  const encoder = new TextEncoder();
  const opening = encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const closing = encoder.encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(1024 * 1024);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(opening);
      if (sent >= size) {
        controller.enqueue(closing);
        controller.close();
        return;
      }
      const part = sent === 0 ? new Uint8Array([...head, ...chunk.subarray(head.length)]) : chunk;
      const piece = part.subarray(0, Math.min(part.length, size - sent));
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
  try {
    const response = await fetch(`${browser.baseUrl}/api/application/documents?type=${type}`, {
      method: 'POST',
      headers: { origin: browser.origin, cookie: browser.cookieHeader, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    return await readReply(response);
  } catch (error) {
    // The server may close the connection once it has answered; the answer is what counts.
    return { status: 0, headers: new Headers(), body: String((error as Error).cause ?? error) };
  }
}

/** Every file (not folder) under the server's uploads folder. */
export function storedFiles(app: TestServer): string[] {
  const root = path.join(app.config.DATA_DIR, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** Saves a complete draft and uploads the three always-required documents. */
export async function fillApplication(member: Member): Promise<void> {
  const saved = await member.browser.request('PUT', '/api/application', completeDraft());
  if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  for (const type of ['governmentId', 'bankStatements', 'paystubs'] as const) {
    const reply = await upload(member.browser, type, { bytes: fixture('sample.pdf'), name: `${type}.pdf`, contentType: 'application/pdf' });
    if (reply.status !== 201) throw new Error(`upload failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}
