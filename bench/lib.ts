import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface Child {
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a process and resolves once `url` answers 200 (within `timeoutMs`). */
export async function startProcess(command: string, args: string[], env: Record<string, string>, readyUrl: string, timeoutMs = 60_000): Promise<Child> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const response = await fetch(readyUrl);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${readyUrl}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The q-th quantile of sorted figures (nearest rank); NaN for none. */
export const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

function statCpuMs(statText: string): number {
  // Fields after the parenthesised command name: state is the 3rd field, utime the 14th, stime the 15th.
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU time in ms that process `pid` has used so far (Linux /proc); null where there is no /proc. */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * CPU time in ms used so far by every process named `command` on this machine (for
 * example the local PostgreSQL's backends); null where there is no /proc. Processes
 * that exit between two readings take their time with them: compare readings taken
 * while the same connections stay open.
 */
export function commandCpuMs(command: string): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === command) total += statCpuMs(stat);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export interface Reply {
  status: number;
  /** The body as sent (gzip when the server compressed it); `text()` decodes it. */
  body: Buffer;
  text(): string;
}

/** A GET over node:http (keep-alive sockets, gzip accepted as a browser would), the body decoded only on demand. */
export function createGetter(base: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(base);
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const request = http.request({ host: url.hostname, port: url.port, path, agent, headers: { 'accept-encoding': 'gzip', ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const gzipped = response.headers['content-encoding'] === 'gzip';
          resolve({ status: response.statusCode ?? 0, body, text: () => (gzipped ? gunzipSync(body) : body).toString('utf8') });
        });
      });
      request.on('error', reject);
      request.end();
    });
  return { get, close: () => agent.destroy() };
}
