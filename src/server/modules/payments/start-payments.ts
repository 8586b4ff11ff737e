import { randomBytes } from 'node:crypto';
import type { Config } from '../../platform/config';
import type { Logger } from '../../platform/lib/logger';
import type { PaymentProvider } from './provider';
import { SandboxProcessor } from './sandbox-processor';
import { createStripeAdapter } from './stripe-adapter';

/** The webhook's path on our API (src/domain/api/payments.ts). */
export const WEBHOOK_PATH = '/api/payments/webhook';

export interface PaymentsRuntime {
  provider: PaymentProvider;
  /** Set while the stand-in collects: started here, in-process, told the app's URL once it listens. */
  sandbox?: SandboxProcessor;
  /** Once the app listens: where the stand-in sends its events. */
  listening(appUrl: string): void;
  stop(): Promise<void>;
}

/**
 * Which processor collects (docs/decisions/032-processor-payments.md): Stripe with STRIPE_SECRET_KEY
 * (at STRIPE_API_BASE when set); without it the stand-in processor, started here on
 * SANDBOX_PROCESSOR_PORT, reached through the same adapter and SDK.
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
  const sandbox = new SandboxProcessor({
    secretKey,
    webhookSecret,
    settleMs: config.SANDBOX_SETTLE_MS,
    port: config.SANDBOX_PROCESSOR_PORT,
    retryMs: 1_000,
  });
  const url = await sandbox.start();
  logger.info({ url }, 'payments: the stand-in processor (Sandbox) collects; set STRIPE_SECRET_KEY for Stripe');
  return {
    provider: createStripeAdapter({ secretKey, webhookSecret, apiBase: url, sandbox: true }),
    sandbox,
    listening(appUrl) {
      sandbox.webhookUrl = new URL(WEBHOOK_PATH, appUrl).href;
    },
    stop: () => sandbox.stop(),
  };
}
