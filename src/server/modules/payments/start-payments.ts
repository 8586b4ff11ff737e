import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../platform/config';
import type { Logger } from '../../platform/lib/logger';
import type { PaymentProvider } from './provider';
import type { SandboxChildMessage, SandboxParentMessage } from './sandbox-messages';
import { createStripeAdapter } from './stripe-adapter';

/** The webhook's path on our API (src/domain/api/payments.ts). */
export const WEBHOOK_PATH = '/api/payments/webhook';

/** The stand-in processor's own process, as the app holds it (docs/decisions/045-sandbox-processor-process.md). */
export interface SandboxHandle {
  url: string;
  /** Its process (a test checks it is not ours, and gone after stop()). */
  pid: number;
  /** Debits made from now on settle after `ms` (tests steer it); resolves once the stand-in has it. */
  setSettleMs(ms: number): Promise<void>;
  stop(): Promise<void>;
}

export interface PaymentsRuntime {
  provider: PaymentProvider;
  /** Set while the stand-in collects: its own process, started here and told the app's URL once it listens. */
  sandbox?: SandboxHandle;
  /** Once the app listens: where the stand-in sends its events. */
  listening(appUrl: string): void;
  stop(): Promise<void>;
}

/** How long the stand-in may take to say `ready` (a cold tsx cache on a busy machine takes a second or two). */
export const SANDBOX_READY_TIMEOUT_MS = 20_000;
/** After SIGTERM, how long it may take to stop before SIGKILL. */
const SANDBOX_STOP_TIMEOUT_MS = 5_000;

/**
 * Which processor collects (docs/decisions/032-processor-payments.md): Stripe with STRIPE_SECRET_KEY
 * (at STRIPE_API_BASE when set); without it the stand-in processor, forked here as its own process on
 * SANDBOX_PROCESSOR_PORT (docs/decisions/045-sandbox-processor-process.md), reached through the same adapter and SDK.
 */
export async function startPayments(config: Config, logger: Logger): Promise<PaymentsRuntime> {
  if (config.STRIPE_SECRET_KEY) {
    const provider = createStripeAdapter({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiBase: config.STRIPE_API_BASE,
      sandbox: config.STRIPE_SECRET_KEY.startsWith('sk_test_') && Boolean(config.STRIPE_API_BASE),
    });
    return { provider, listening: () => undefined, stop: async () => undefined };
  }
  const secretKey = `sk_test_sandbox${randomBytes(12).toString('hex')}`;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('hex')}`;
  const sandbox = await forkSandbox(
    {
      SANDBOX_CHILD_SECRET_KEY: secretKey,
      SANDBOX_CHILD_WEBHOOK_SECRET: webhookSecret,
      SANDBOX_CHILD_SETTLE_MS: String(config.SANDBOX_SETTLE_MS),
      SANDBOX_CHILD_PORT: String(config.SANDBOX_PROCESSOR_PORT),
      SANDBOX_CHILD_RETRY_MS: '1000',
    },
    logger,
  );
  logger.info({ url: sandbox.url, pid: sandbox.pid }, 'payments: the stand-in processor (Sandbox) collects; set STRIPE_SECRET_KEY for Stripe');
  return {
    provider: createStripeAdapter({ secretKey, webhookSecret, apiBase: sandbox.url, sandbox: true }),
    sandbox,
    listening(appUrl) {
      sandbox.tell({ type: 'webhook', url: new URL(WEBHOOK_PATH, appUrl).href });
    },
    stop: () => sandbox.stop(),
  };
}

/**
 * How the stand-in's process starts (docs/decisions/045-sandbox-processor-process.md 'Starting it fast'). Its entry is
 * TypeScript while the server runs under tsx (or Vitest): a CommonJS launcher, sandbox-main.cjs, with tsx's in-thread
 * require hook preloaded (`tsx/cjs`); tsx's ESM loader starts a loader thread and made every fork half a second
 * slower. `process.execArgv` is not passed on: under tsx it carries tsx's ESM loader, under Vitest no loader at all,
 * and an `--inspect` in it would make the child fight the server for the debugger's port.
 */
function sandboxEntry(): { entry: string; execArgv: string[] } {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return { entry: fileURLToPath(new URL('./sandbox-main.js', self)), execArgv: [] };
  return { entry: fileURLToPath(new URL('./sandbox-main.cjs', self)), execArgv: ['--require', createRequire(self).resolve('tsx/cjs')] };
}

/** Only what node and tsx need, and the stand-in's options: none of the app's secrets or database URLs. */
function sandboxEnvironment(options: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...options };
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'TZ', 'NODE_ENV']) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

async function forkSandbox(options: Record<string, string>, logger: Logger): Promise<SandboxHandle & { tell(message: SandboxParentMessage): void }> {
  const { entry, execArgv } = sandboxEntry();
  const child: ChildProcess = fork(entry, [], { execArgv, env: sandboxEnvironment(options), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // Not events.once: that rejects on 'error', which is handled below.
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));
  const answers = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let stopping = false;

  const ready = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `payments: the stand-in processor (${entry}) did not say it was ready within ${SANDBOX_READY_TIMEOUT_MS / 1000} s; ` +
            'set STRIPE_SECRET_KEY to collect through Stripe instead',
        ),
      );
    }, SANDBOX_READY_TIMEOUT_MS);
    const settle = (then: () => void) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      then();
    };
    const onMessage = (message: SandboxChildMessage) => {
      if (message.type === 'ready') settle(() => resolve(message));
      else if (message.type === 'failed') settle(() => reject(new Error(`payments: the stand-in processor could not start: ${message.message}`)));
    };
    child.on('message', onMessage);
    child.once('error', (error) => settle(() => reject(new Error(`payments: the stand-in processor could not be started: ${error.message}`))));
    // 'close', not 'exit': it comes after the channel's last message (the reason, when it says one).
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) =>
      settle(() => reject(new Error(`payments: the stand-in processor exited before it was ready (${signal ?? `exit code ${code}`})`))),
    );
  });

  child.on('error', (error) => logger.warn({ pid: ready.pid, err: error.message }, 'payments: the stand-in processor: IPC error'));
  child.on('message', (message: SandboxChildMessage) => {
    if (message.type === 'done') {
      answers.get(message.id)?.resolve();
      answers.delete(message.id);
    }
  });
  void exited.then(([code, signal]) => {
    for (const answer of answers.values()) answer.reject(new Error('payments: the stand-in processor exited'));
    answers.clear();
    if (!stopping) logger.error({ pid: ready.pid, code, signal }, 'payments: the stand-in processor exited; debits fail until the server restarts');
  });
  // The child and its channel do not keep this process alive: a server that ends without close() still ends, and the
  // stand-in, its channel closed, follows it.
  child.unref();
  child.channel?.unref();

  let nextId = 1;
  let stopped: Promise<void> | undefined;
  return {
    url: ready.url,
    pid: ready.pid,
    tell(message) {
      if (child.connected) child.send(message);
    },
    setSettleMs(ms) {
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        if (!child.connected) return reject(new Error('payments: the stand-in processor is not running'));
        answers.set(id, { resolve, reject });
        child.send({ type: 'settle', ms, id } satisfies SandboxParentMessage);
      });
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.ref();
        const force = setTimeout(() => child.kill('SIGKILL'), SANDBOX_STOP_TIMEOUT_MS);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(force);
      })();
      return stopped;
    },
  };
}
