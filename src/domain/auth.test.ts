import { describe, expect, it } from 'vitest';
import {
  backupCodeSchema,
  changePasswordSchema,
  confirmPasswordSchema,
  profileSchema,
  resetPasswordSchema,
  signInSchema,
  signUpRequestSchema,
  signUpSchema,
  totpCodeSchema,
} from './auth';

const form = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'analytical-engine', confirmPassword: 'analytical-engine' };
const firstMessage = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;

describe('signUpSchema', () => {
  it('accepts a complete form and trims names and e-mail', () => {
    const parsed = signUpSchema.parse({ ...form, firstName: ' Ada ', email: ' ada@example.com ' });
    expect(parsed).toMatchObject({ firstName: 'Ada', email: 'ada@example.com' });
  });

  it("says 'Passwords do not match' on confirmPassword (docs/product/accounts.md#sign-up)", () => {
    const result = signUpSchema.safeParse({ ...form, confirmPassword: 'analytical-engines' });
    expect(result.success).toBe(false);
    expect(firstMessage(result, 'confirmPassword')).toBe('Passwords do not match');
  });

  it('requires every field', () => {
    const result = signUpSchema.safeParse({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
    expect(firstMessage(result, 'firstName')).toBe('First name is required');
    expect(firstMessage(result, 'lastName')).toBe('Last name is required');
    expect(firstMessage(result, 'email')).toBe('Email is required');
    expect(firstMessage(result, 'password')).toBe('Password is required');
  });

  it('wants 8 to 128 characters of password, so passphrases fit', () => {
    expect(firstMessage(signUpRequestSchema.safeParse({ ...form, password: 'short' }), 'password')).toBe('Password must be at least 8 characters');
    expect(signUpRequestSchema.safeParse({ ...form, password: 'x'.repeat(128) }).success).toBe(true);
    expect(firstMessage(signUpRequestSchema.safeParse({ ...form, password: 'x'.repeat(129) }), 'password')).toBe('Password must be at most 128 characters');
  });

  it('refuses an address that is not one', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...form, email: 'ada-at-example' }), 'email')).toBe('Enter a valid email address');
  });
});

describe('the other account forms', () => {
  it('sign-in needs an e-mail and any password', () => {
    expect(signInSchema.safeParse({ email: 'ada@example.com', password: 'x' }).success).toBe(true);
    expect(firstMessage(signInSchema.safeParse({ email: 'ada@example.com', password: '' }), 'password')).toBe('Password is required');
  });

  it('reset and change compare the new password with its confirmation', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ password: 'new-passphrase', confirmPassword: 'other' }), 'confirmPassword')).toBe(
      'Passwords do not match',
    );
    const change = changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: 'new-passphrase', confirmPassword: 'new-passphrase' });
    expect(change.success).toBe(true);
    expect(firstMessage(changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'short', confirmPassword: 'short' }), 'newPassword')).toBe(
      'Password must be at least 8 characters',
    );
  });

  it('profile: names required, phone optional and checked when given', () => {
    expect(profileSchema.parse({ firstName: 'Ada', lastName: 'Lovelace' })).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(profileSchema.safeParse({ firstName: 'Ada', lastName: 'Lovelace', phone: '' }).success).toBe(true);
    expect(profileSchema.safeParse({ firstName: 'Ada', lastName: 'Lovelace', phone: '(214) 555-0187' }).success).toBe(true);
    expect(firstMessage(profileSchema.safeParse({ firstName: 'Ada', lastName: 'Lovelace', phone: 'call me' }), 'phone')).toBe('Enter a valid phone number');
  });
});

describe('two-factor codes', () => {
  it('takes a 6-digit code, with the spaces people paste', () => {
    expect(totpCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(totpCodeSchema.safeParse({ code: '12345' }).success).toBe(false);
    expect(totpCodeSchema.safeParse({ code: 'abcdef' }).error?.issues[0].message).toBe('Enter the 6-digit code from your authenticator app');
  });

  it('takes a backup code as shown, trimmed', () => {
    expect(backupCodeSchema.parse({ code: ' abcde-12345 ' })).toEqual({ code: 'abcde-12345' });
    expect(backupCodeSchema.safeParse({ code: '' }).error?.issues[0].message).toBe('Enter a backup code');
  });

  it('asks for the password before a two-factor change', () => {
    expect(confirmPasswordSchema.safeParse({ password: '' }).error?.issues[0].message).toBe('Password is required');
    expect(confirmPasswordSchema.parse({ password: 'any length' })).toEqual({ password: 'any length' });
  });
});
