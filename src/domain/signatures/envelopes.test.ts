import { describe, expect, it } from 'vitest';
import { envelopeStatus, expiresAtFrom, signRefusal, type SignCheck } from './envelopes';
import { DEFAULT_FEE_TERMS, feeTermsOf } from './fees';

const HASH = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);
const open: SignCheck = { status: 'sent', documentSha256: HASH, storedSha256: HASH, step: { state: 'pending', openedSha256: HASH }, shownSha256: HASH };

describe('envelope states', () => {
  it('expires 30 days after it is sent, and reads as expired only while still waiting', () => {
    const sent = new Date('2026-11-01T12:00:00Z');
    const expiresAt = expiresAtFrom(sent);
    expect(expiresAt.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(envelopeStatus({ state: 'sent', expiresAt }, new Date('2026-12-01T11:59:59Z'))).toBe('sent');
    expect(envelopeStatus({ state: 'sent', expiresAt }, expiresAt)).toBe('expired');
    expect(envelopeStatus({ state: 'completed', expiresAt }, new Date('2027-01-01'))).toBe('completed');
  });

  it('lets the signer whose turn it is sign the document they opened, and no one else', () => {
    expect(signRefusal(open, 'sign')).toBeUndefined();
    expect(signRefusal({ ...open, step: undefined }, 'sign')?.code).toBe('not_yours');
    expect(signRefusal({ ...open, step: { state: 'waiting', openedSha256: null } }, 'open')?.code).toBe('not_your_turn');
    expect(signRefusal({ ...open, step: { state: 'signed', openedSha256: HASH } }, 'sign')?.code).toBe('already_signed');
    for (const status of ['expired', 'declined', 'voided', 'completed'] as const)
      expect(signRefusal({ ...open, status }, 'sign')?.code).toBe('envelope_closed');
  });

  it('refuses to sign when the bytes changed after the signer opened them (the hash rule)', () => {
    expect(signRefusal({ ...open, storedSha256: OTHER }, 'sign')?.code).toBe('document_changed');
    expect(signRefusal({ ...open, shownSha256: OTHER }, 'sign')?.code).toBe('document_changed');
    expect(signRefusal({ ...open, step: { state: 'pending', openedSha256: OTHER } }, 'sign')?.code).toBe('document_changed');
    expect(signRefusal({ ...open, step: { state: 'pending', openedSha256: null } }, 'sign')?.code).toBe('document_changed');
    // Opening is what records the hash: it is not refused for a missing one.
    expect(signRefusal({ ...open, step: { state: 'pending', openedSha256: null } }, 'open')).toBeUndefined();
  });
});

describe('feeTermsOf', () => {
  it("uses settings' grace days and late fee when they exist, the defaults of calculators.md 'Fees' otherwise", () => {
    expect(feeTermsOf({})).toEqual(DEFAULT_FEE_TERMS);
    expect(DEFAULT_FEE_TERMS).toEqual({ graceDays: 10, lateFee: { type: 'percentage', amount: 5 } });
    expect(feeTermsOf({ graceDays: 5, lateFee: { type: 'fixed', amount: 25 } })).toEqual({ graceDays: 5, lateFee: { type: 'fixed', amount: 25 } });
    expect(feeTermsOf({ graceDays: -1, lateFee: { type: 'other', amount: 1 } })).toEqual(DEFAULT_FEE_TERMS);
  });
});
