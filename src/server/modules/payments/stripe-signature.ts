import { createHmac } from 'node:crypto';

/**
 * Stripe's webhook signature scheme, as the stand-in processor signs (and as Stripe documents it):
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret>`.
 * The receiving side checks it with the SDK's own `webhooks.constructEvent` (stripe-adapter.ts).
 */
export function stripeSignatureHeader(secret: string, payload: string, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
