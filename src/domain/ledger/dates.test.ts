import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, chargeDueOn, isPastGrace, monthsDueBy } from './index';

describe('chargeDueOn', () => {
  it('puts month 1 on the 1st of the first calendar month after the purchase, then one a month', () => {
    expect(chargeDueOn('2026-01-15', 1)).toBe('2026-02-01');
    expect(chargeDueOn('2026-01-01', 1)).toBe('2026-02-01');
    expect(chargeDueOn('2026-01-31', 2)).toBe('2026-03-01');
    expect(chargeDueOn('2026-01-15', 12)).toBe('2027-01-01');
    expect(chargeDueOn('2026-01-15', 13)).toBe('2027-02-01');
    expect(chargeDueOn('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('refuses a date that is not real and a month that is not 1, 2, 3…', () => {
    expect(() => chargeDueOn('2026-02-30', 1)).toThrow(RangeError);
    expect(() => chargeDueOn('2026-1-5', 1)).toThrow(RangeError);
    expect(() => chargeDueOn('2026-01-15', 0)).toThrow(RangeError);
    expect(() => chargeDueOn('2026-01-15', 1.5)).toThrow(RangeError);
  });
});

describe('addDays, isPastGrace and monthsDueBy', () => {
  it('count calendar days across month ends and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-02-01', 10)).toBe('2026-02-11');
  });

  it('treat a charge as late only from the 11th day after its due date', () => {
    expect(isPastGrace('2026-02-01', '2026-01-20')).toBe(false);
    expect(isPastGrace('2026-02-01', '2026-02-11')).toBe(false);
    expect(isPastGrace('2026-02-01', '2026-02-12')).toBe(true);
    expect(isPastGrace('2026-12-01', '2027-01-05')).toBe(true);
  });

  it('count the months fallen due by a day', () => {
    expect(monthsDueBy('2026-01-15', '2026-01-31')).toBe(0);
    expect(monthsDueBy('2026-01-15', '2026-02-01')).toBe(1);
    expect(monthsDueBy('2026-01-15', '2027-01-01')).toBe(12);
    expect(monthsDueBy('2026-01-15', '2025-06-01')).toBe(0);
  });

  it('agree: the last month due by a day falls due on or before it, the next one after it', () => {
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 3000 }), (purchase, later) => {
        const today = addDays(purchase, later);
        const months = monthsDueBy(purchase, today);
        if (months > 0) expect(chargeDueOn(purchase, months) <= today).toBe(true);
        expect(chargeDueOn(purchase, months + 1) > today).toBe(true);
      }),
    );
  });
});
