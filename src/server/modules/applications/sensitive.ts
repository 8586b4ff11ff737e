import { maskDateOfBirth, maskSsnLast4, type FieldCipher } from '../../platform/lib/crypto';
import type { ApplicationRow } from './repository';

/**
 * The two encrypted fields (docs/product/application.md#sensitive-fields). Each ciphertext is
 * bound to its column and application id, so it cannot be moved to another row.
 */
export type SensitiveField = 'ssnLast4' | 'dateOfBirth';

const COLUMN: Record<SensitiveField, string> = { ssnLast4: 'ssn_last4', dateOfBirth: 'date_of_birth' };
const context = (applicationId: string, field: SensitiveField) => `applications.${COLUMN[field]}:${applicationId}`;

export function seal(cipher: FieldCipher, applicationId: string, field: SensitiveField, value: string): string {
  return cipher.encrypt(value, context(applicationId, field));
}

/** The plaintext values, for the server's own checks (and, later, the admin's review). */
export function openSensitive(cipher: FieldCipher, row: Pick<ApplicationRow, 'id' | 'ssnLast4' | 'dateOfBirth'>) {
  return {
    ssnLast4: row.ssnLast4 ? cipher.decrypt(row.ssnLast4, context(row.id, 'ssnLast4')) : undefined,
    dateOfBirth: row.dateOfBirth ? cipher.decrypt(row.dateOfBirth, context(row.id, 'dateOfBirth')) : undefined,
  };
}

/** What the owner sees: `•••• 1234` and `••/••/1990`, or null when nothing is stored. */
export function maskedSensitive(cipher: FieldCipher, row: Pick<ApplicationRow, 'id' | 'ssnLast4' | 'dateOfBirth'> | undefined) {
  if (!row) return { ssnLast4: null, dateOfBirth: null };
  const open = openSensitive(cipher, row);
  return {
    ssnLast4: open.ssnLast4 ? maskSsnLast4(open.ssnLast4) : null,
    dateOfBirth: open.dateOfBirth ? maskDateOfBirth(open.dateOfBirth) : null,
  };
}

/**
 * A draft's sensitive value as PUT sends it: absent keeps what is stored, '' or
 * null clears it, anything else replaces it.
 */
export function nextSealed(
  cipher: FieldCipher,
  applicationId: string,
  field: SensitiveField,
  sent: string | null | undefined,
  stored: string | null,
): string | null {
  if (sent === undefined) return stored;
  if (sent === null || sent === '') return null;
  return seal(cipher, applicationId, field, sent);
}
