import { z } from 'zod';
import { notificationKindSchema, type NotificationKind } from '../../../domain/notifications';
import { safeString } from '../../../domain/safe-text';
import type { FieldCipher } from '../lib/crypto';

/**
 * The one-click unsubscribe token (RFC 8058; docs/decisions/021-requests-and-messages.md
 * 'Notification preferences'): the address's key and the kind, sealed with the data key
 * (AES-256-GCM, its own context). Not stored anywhere, cannot be forged or enumerated,
 * and shows no address; it is URL-safe as it is (base64url parts joined by dots).
 */

const CONTEXT = 'unsubscribe';

const tokenSchema = z.object({ e: safeString().min(1), k: notificationKindSchema });

export interface UnsubscribeTarget {
  emailKey: string;
  kind: NotificationKind;
}

export function sealUnsubscribe(cipher: FieldCipher, { emailKey, kind }: UnsubscribeTarget): string {
  return cipher.encrypt(JSON.stringify({ e: emailKey, k: kind }), CONTEXT);
}

/** The address and kind a token names, or undefined for anything that is not a token we sealed. */
export function openUnsubscribe(cipher: FieldCipher, token: string): UnsubscribeTarget | undefined {
  try {
    const parsed = tokenSchema.safeParse(JSON.parse(cipher.decrypt(token, CONTEXT)));
    return parsed.success ? { emailKey: parsed.data.e, kind: parsed.data.k } : undefined;
  } catch {
    return undefined;
  }
}
