import { describe, expect, it } from 'vitest';
import { COMPANY_TIME_ZONE, companyDayEnd, LEDGER_TIME_ZONE, ledgerToday } from './dates';

describe("the ledger's today", () => {
  it("is the date in the company's time zone, Los Angeles: 11:30 pm on the 31st there is still the 31st, though it is the 1st in UTC and in New York", () => {
    expect(COMPANY_TIME_ZONE).toBe('America/Los_Angeles');
    expect(LEDGER_TIME_ZONE).toBe(COMPANY_TIME_ZONE);
    // 2026-08-01T06:30Z is 11:30 pm PDT on Jul 31 (2:30 am on Aug 1 in New York).
    expect(ledgerToday(new Date('2026-08-01T06:30:00Z'))).toBe('2026-07-31');
    expect(ledgerToday(new Date('2026-08-01T07:30:00Z'))).toBe('2026-08-01');
    // Winter: PST is UTC−8.
    expect(ledgerToday(new Date('2026-01-01T07:59:00Z'))).toBe('2025-12-31');
    expect(ledgerToday(new Date('2026-01-01T08:00:00Z'))).toBe('2026-01-01');
  });

  it('ends a company day at midnight in Los Angeles, summer and winter time', () => {
    expect(companyDayEnd('2026-07-31').toISOString()).toBe('2026-08-01T07:00:00.000Z');
    expect(companyDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T08:00:00.000Z');
    // The days daylight saving starts and ends (at 2 a.m.): midnight after them is in the new time.
    expect(companyDayEnd('2026-03-08').toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(companyDayEnd('2026-11-01').toISOString()).toBe('2026-11-02T08:00:00.000Z');
    const end = companyDayEnd('2026-05-20');
    expect([ledgerToday(new Date(end.getTime() - 1)), ledgerToday(end)]).toEqual(['2026-05-20', '2026-05-21']);
  });
});
