/**
 * What the stand-in processor (sandbox-processor.ts) shares about Stripe's wire format: form-encoded bodies with
 * Stripe's nesting, and its error shape (docs/decisions/032-processor-payments.md).
 */

export type Params = Record<string, unknown>;

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** Decodes `a[b][c]=1&list[]=x&list[]=y` as Stripe's form bodies nest, into plain objects and arrays. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey!.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const parts = key.split('[').map((part, i) => (i === 0 ? part : part.replace(/\]$/, '')));
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i]!;
      const last = i === parts.length - 1;
      const nextIsList = !last && (parts[i + 1] === '' || /^\d+$/.test(parts[i + 1]!));
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsList ? [] : {}) as typeof node;
      } else if (last) {
        node[part] = value;
      } else {
        node = (node[part] ??= nextIsList ? [] : {}) as typeof node;
      }
    }
  }
  return root;
}

export const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
export const obj = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Params) : {});
