import { describe, expect, it } from 'vitest';
import { ledgerToday } from './dates';

describe("the ledger's today", () => {
  it('is the date in New York: 11:30 pm on the 31st there is still the 31st, though it is the 1st in UTC', () => {
    expect(ledgerToday(new Date('2026-08-01T03:30:00Z'))).toBe('2026-07-31');
    expect(ledgerToday(new Date('2026-08-01T04:30:00Z'))).toBe('2026-08-01');
    expect(ledgerToday(new Date('2026-01-01T04:30:00Z'))).toBe('2025-12-31');
  });
});
