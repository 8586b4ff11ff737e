import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from './platform/db/client';
import { newAccount } from './test/auth-client';
import { createTestDatabase, sleep, uniqueEmail, waitFor, waitlistSubmission } from './test/harness';

/**
 * SIGTERM drains (docs/decisions/015-embedded-durability.md#also-in-issue-12-faults): the real
 * server in its own process (`tsx src/server/main.ts`, as `npm run serve` starts it) gets SIGTERM in the middle
 * of a waitlist burst, a request whose body is still arriving, mail on its way
 * to a slow SMTP server and a client that keeps sending on a kept-alive
 * connection. Every request is answered (or its connection refused), every
 * acknowledged sign-up is stored, the mail is delivered, and the process exits
 * with 0 on its own, before main.ts's 10 s forced exit.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_URL = 'http://localhost:3000';
/** The SMTP server takes this long to accept each message, so mail is still being sent when SIGTERM arrives. */
const SMTP_DELAY_MS = 1_500;

type Outcome = { status: number; retryAfter?: string; code?: string } | { error: string };

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch(() => undefined);
});

/** One request over `agent` (kept-alive connections), answered or failed, never longer than 8 s. */
function request(port: number, agent: http.Agent | false, method: string, pathname: string, body?: unknown): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent,
        timeout: 8_000,
        headers: { origin: APP_URL, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let code: string | undefined;
          try {
            code = JSON.parse(text)?.error?.code;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], code });
        });
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer within 8 s'), { code: 'HUNG' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(payload);
  });
}

/**
 * A sign-up whose body arrives in two halves: the request is in flight until finish() sends the rest. `started`
 * resolves once the server has taken the request in: it sends `Expect: 100-continue`, and Node answers 100 Continue as
 * it hands the request to the app (whose fetch runs at once), so SIGTERM after it finds the request running, however
 * busy the machine.
 */
function slowSignup(port: number, email: string) {
  const payload = JSON.stringify(waitlistSubmission({ email }));
  let finish!: () => void;
  let taken!: () => void;
  const started = new Promise<void>((resolve) => (taken = resolve));
  const reply = new Promise<Outcome>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/waitlist',
        agent: false,
        headers: { origin: APP_URL, 'content-type': 'application/json', 'transfer-encoding': 'chunked', expect: '100-continue' },
      },
      (res) => {
        taken();
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('continue', () => taken());
    req.on('error', (error: NodeJS.ErrnoException) => {
      taken();
      resolve({ error: error.code ?? error.message });
    });
    req.write(payload.slice(0, 40));
    finish = () => req.end(payload.slice(40));
  });
  return { reply, started, finish: () => finish() };
}

async function startSlowSmtp() {
  const received: { to: string[]; at: number }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), at: Date.now() });
          callback();
        }, SMTP_DELAY_MS),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  return { port, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** `tsx src/server/main.ts` with its own data folder; resolves with its port once it listens. */
async function startServerProcess(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const port = await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output}`);
      const match = /"port":(\d+)[^\n]*listening on/.exec(output);
      return match ? Number(match[1]) : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 50, message: 'the server to listen' },
  );
  return { child, port, exited, output: () => output };
}

describe('SIGTERM', () => {
  it('finishes the requests in flight, stores every acknowledged sign-up, sends the queued mail, turns new requests away, and exits 0', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.dispose());
    const smtp = await startSlowSmtp();
    cleanups.push(() => smtp.close());
    const staticDir = path.join(database.dataDir, 'empty-static');
    mkdirSync(staticDir, { recursive: true });
    const server = await startServerProcess({
      ...database.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      APP_URL,
      LOG_LEVEL: 'info',
      STATIC_DIR: staticDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      WAITLIST_RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_IP_MAX: '10000',
      AUTH_RATE_LIMIT_EMAIL_MAX: '10000',
    });
    const { port } = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    cleanups.push(() => agent.destroy());
    expect(await request(port, agent, 'GET', '/api/health')).toMatchObject({ status: 200 });

    // Mail on its way: sign-up answers at once and sends its mail in the background.
    const account = newAccount();
    expect(await request(port, agent, 'POST', '/api/auth/sign-up/email', account)).toMatchObject({ status: 200 });
    const slowEmail = uniqueEmail('slow');
    const slow = slowSignup(port, slowEmail);
    const burstEmails = Array.from({ length: 80 }, () => uniqueEmail('burst'));
    const burst = burstEmails.map((email) => request(port, agent, 'POST', '/api/waitlist', waitlistSubmission({ email })));
    await slow.started;
    await sleep(15);

    const sigtermAt = Date.now();
    server.child.kill('SIGTERM');
    // A client that keeps sending on its kept-alive connections: it must be turned away, not keep the server up.
    let stopped = false;
    const late: Outcome[] = [];
    const pest = (async () => {
      while (!stopped) {
        late.push(await request(port, agent, 'GET', '/api/health'));
        await sleep(20);
      }
    })();
    await sleep(700);
    slow.finish();

    const exit = await Promise.race([server.exited, sleep(20_000).then(() => ({ code: 'still running after 20 s', at: 0 }))]);
    stopped = true;
    await pest;
    const burstOutcomes = await Promise.all(burst);

    expect(exit.code, server.output().slice(-2_000)).toBe(0);
    // On its own, not by main.ts's forced exit after 10 s.
    expect(exit.at - sigtermAt).toBeLessThan(9_000);
    expect(await slow.reply).toEqual({ status: 200 });
    // Every request got an answer: a success, a 503 with Retry-After, or a refused/closed connection — none hung.
    const refused = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'socket hang up']);
    const wrong = [...burstOutcomes, ...late].filter((o) =>
      'error' in o ? !refused.has(o.error) : o.status !== 200 && !(o.status === 503 && Number(o.retryAfter) > 0),
    );
    expect(wrong).toEqual([]);
    expect(late.some((o) => 'error' in o || o.status === 503)).toBe(true);
    const acknowledged = [slowEmail, ...burstEmails.filter((_, i) => 'status' in burstOutcomes[i]! && burstOutcomes[i]!.status === 200)];
    expect(acknowledged.length).toBeGreaterThan(1);
    // The mail was delivered before the process ended.
    const mailed = smtp.received.filter((m) => m.to.includes(account.email.toLowerCase()));
    expect(mailed.length).toBeGreaterThan(0);
    expect(Math.max(...mailed.map((m) => m.at))).toBeLessThanOrEqual(exit.at);

    const check = await database.open();
    cleanups.push(() => check.close());
    const stored = await queryRows<{ email_key: string }>(
      check.db,
      sql`SELECT email_key FROM waitlist_entries WHERE email_key IN (${sql.join(
        acknowledged.map((e) => sql`${e.toLowerCase()}`),
        sql`, `,
      )})`,
    );
    expect(acknowledged.filter((email) => !stored.some((row) => row.email_key === email.toLowerCase()))).toEqual([]);
  }, 90_000);
});
