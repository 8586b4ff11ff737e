import { stripeSignatureHeader } from './stripe-signature';

/**
 * The stand-in processor's timers and its webhooks (docs/decisions/032-processor-payments.md): every delay it waits
 * (a debit settling, an event resent) is one of these timers, so stopping it leaves nothing behind; and every event
 * is signed exactly as Stripe signs one and resent, with a doubling delay, until the endpoint answers 2xx.
 */

/** The API version the stand-in answers with and stamps on its events. */
export const API_VERSION = '2026-10-28.endive';

export class SandboxTimers {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  /** Runs `work` after `ms`, unless the stand-in stopped meanwhile. */
  later(ms: number, work: () => void): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) work();
    }, ms);
    timer.unref?.();
    this.timers.add(timer);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

interface PendingEvent {
  id: string;
  body: string;
  attempts: number;
  delivered: boolean;
}

export interface SandboxWebhookOptions {
  webhookSecret: string;
  /** First resend after this; doubling, at most `maxDeliveries` tries. */
  retryMs?: number;
  maxDeliveries?: number;
}

export class SandboxWebhooks {
  private readonly events: PendingEvent[] = [];

  constructor(
    private readonly timers: SandboxTimers,
    private readonly options: SandboxWebhookOptions,
    /** Where events go; known once the app listens. */
    private readonly endpoint: () => string | undefined,
    private readonly id: (prefix: string) => string,
  ) {}

  /** Events not yet acknowledged with a 2xx (tests and the back office's sandbox note read it). */
  undelivered(): number {
    return this.events.filter((event) => !event.delivered).length;
  }

  /** An event, signed and sent as Stripe sends one; resent until the endpoint answers 2xx. */
  emit(type: string, object: unknown): void {
    const event = {
      id: this.id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const pending: PendingEvent = { id: event.id, body: JSON.stringify(event, null, 2), attempts: 0, delivered: false };
    this.events.push(pending);
    this.timers.later(0, () => void this.deliver(pending));
  }

  private async deliver(event: PendingEvent) {
    const max = this.options.maxDeliveries ?? 8;
    if (event.delivered || event.attempts >= max) return;
    event.attempts += 1;
    try {
      const url = this.endpoint();
      if (!url) throw new Error('no endpoint yet');
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripeSignatureHeader(this.options.webhookSecret, event.body),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: event.body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) {
        event.delivered = true;
        return;
      }
    } catch {
      // unreachable endpoint: try again below
    }
    this.timers.later((this.options.retryMs ?? 1_000) * 2 ** (event.attempts - 1), () => void this.deliver(event));
  }
}
