import { SandboxProcessor } from './sandbox-processor';
import type { SandboxChildMessage, SandboxParentMessage } from './sandbox-messages';

/**
 * The stand-in processor as its own process (docs/decisions/045-sandbox-processor-process.md): `startPayments`
 * forks this file with the options in the environment (SANDBOX_CHILD_*), never in the arguments, which `ps` shows.
 * It imports only the stand-in's own files, so it starts fast. It answers `ready` with its URL; the parent then
 * tells it the webhook URL and, in tests, a new settle delay. It leaves when the parent goes: the IPC channel closes
 * (`disconnect`) when the parent exits, is killed, even with SIGKILL, or lets go of it; and on SIGTERM. Ctrl-C in a
 * terminal reaches the whole process group: the server drains first and then stops this, so SIGINT is ignored here.
 * Its log lines carry no personal data: a port, a PID, an error's message.
 */

const send = (message: SandboxChildMessage, then?: () => void) => {
  if (process.connected) process.send!(message, undefined, {}, () => then?.());
  else then?.();
};

function numberFrom(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not '${value}'`);
  return n;
}

async function main() {
  if (!process.send) {
    console.error('sandbox-main: started without an IPC channel; startPayments forks it (src/server/modules/payments/start-payments.ts)');
    process.exit(2);
  }
  const secretKey = process.env.SANDBOX_CHILD_SECRET_KEY;
  const webhookSecret = process.env.SANDBOX_CHILD_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) throw new Error('SANDBOX_CHILD_SECRET_KEY and SANDBOX_CHILD_WEBHOOK_SECRET are required');
  const sandbox = new SandboxProcessor({
    secretKey,
    webhookSecret,
    settleMs: numberFrom('SANDBOX_CHILD_SETTLE_MS'),
    retryMs: numberFrom('SANDBOX_CHILD_RETRY_MS'),
    port: numberFrom('SANDBOX_CHILD_PORT'),
    host: process.env.SANDBOX_CHILD_HOST || undefined,
  });
  // Nothing but the options: the secrets stay out of anything this process passes on or prints.
  delete process.env.SANDBOX_CHILD_SECRET_KEY;
  delete process.env.SANDBOX_CHILD_WEBHOOK_SECRET;

  let stopping: Promise<void> | undefined;
  const stop = (code: number) => {
    stopping ??= sandbox
      .stop()
      .catch(() => undefined)
      .then(() => process.exit(code));
    return stopping;
  };
  process.on('disconnect', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => undefined);
  // The parent may have gone while this was loading.
  if (!process.connected) return void stop(0);
  process.on('message', (message: SandboxParentMessage) => {
    if (message.type === 'webhook') sandbox.webhookUrl = message.url;
    else if (message.type === 'settle') {
      sandbox.settleMs = message.ms;
      send({ type: 'done', id: message.id });
    }
  });

  const url = await sandbox.start();
  send({ type: 'ready', url, pid: process.pid });
}

/** Says why to the parent (which, before `ready`, makes it startPayments' error) and leaves. */
function fail(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`sandbox-main: the stand-in processor stopped: ${message}`);
  // Leaves once the message reached the parent.
  send({ type: 'failed', message }, () => process.exit(1));
}

// A listen error (its port taken) comes as the server's 'error' event, not as start()'s rejection.
process.on('uncaughtException', fail);
main().catch(fail);
