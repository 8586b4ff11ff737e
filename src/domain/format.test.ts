import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatDateTime, formatMoney, formatMoneyCents, formatMoneyCompact, formatNumber, formatPercent, MINUS } from './format';

describe('formatMoney', () => {
  it('shows whole dollars with thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,235');
    expect(formatMoney(450000)).toBe('$450,000');
    expect(formatMoney(1234567.49)).toBe('$1,234,567');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(357.1764705882353)).toBe('$357');
    expect(formatMoney(148.8235294117647)).toBe('$149');
  });

  it('puts a typographic minus in front of negative figures and rounds them like positive ones', () => {
    expect(formatMoney(-1299.9999999999998)).toBe(`${MINUS}$1,300`);
    expect(formatMoney(-1300)).toBe('−$1,300');
    expect(formatMoney(-0.5)).toBe('−$1');
  });

  it('never shows minus zero', () => {
    expect(formatMoney(-0)).toBe('$0');
    expect(formatMoney(-0.4)).toBe('$0');
  });

  it('shows a dash for figures that are not numbers', () => {
    expect(formatMoney(Number.NaN)).toBe('—');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatMoneyCompact', () => {
  it('shortens large figures for chart axes', () => {
    expect(formatMoneyCompact(140879)).toBe('$140.9K');
    expect(formatMoneyCompact(1_200_000)).toBe('$1.2M');
    expect(formatMoneyCompact(0)).toBe('$0');
    expect(formatMoneyCompact(-50000)).toBe('−$50K');
  });
});

describe('formatPercent', () => {
  it('shows a ratio to one decimal', () => {
    expect(formatPercent(0.3854)).toBe('38.5%');
    expect(formatPercent(0.27033278805800703)).toBe('27.0%');
    expect(formatPercent(0.54)).toBe('54.0%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatPercent(-0.02)).toBe('−2.0%');
    expect(formatPercent(-0.0001)).toBe('0.0%');
  });

  it('shows stated constants with as many decimals as they need', () => {
    expect(formatPercent(0.21906, { digits: 3, trim: true })).toBe('21.906%');
    expect(formatPercent(0.01, { digits: 3, trim: true })).toBe('1%');
    expect(formatPercent(0.0085, { digits: 3, trim: true })).toBe('0.85%');
  });
});

describe('formatDate', () => {
  it("writes 'MMM d, yyyy'", () => {
    expect(formatDate(new Date(Date.UTC(2025, 2, 7, 15, 4)))).toBe('Mar 7, 2025');
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('Dec 31, 2024');
  });

  it('uses the given time zone', () => {
    expect(formatDate('2024-12-31T23:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('Jan 1, 2025');
    expect(formatDate('2025-01-01T03:00:00Z', { timeZone: 'America/Los_Angeles' })).toBe('Dec 31, 2024');
  });

  it('shows a dash for an invalid date', () => {
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('formatDateTime', () => {
  it("writes 'MMM d, yyyy h:mm a'", () => {
    expect(formatDateTime('2025-03-07T15:04:00Z')).toBe('Mar 7, 2025 3:04 PM');
    expect(formatDateTime('2025-03-07T00:05:00Z')).toBe('Mar 7, 2025 12:05 AM');
    expect(formatDateTime('2025-03-07T12:00:00Z')).toBe('Mar 7, 2025 12:00 PM');
    expect(formatDateTime('2025-07-04T16:30:00Z', { timeZone: 'America/New_York' })).toBe('Jul 4, 2025 12:30 PM');
  });
});

describe('formatMoneyCents', () => {
  it('shows cents only when there are any', () => {
    expect(formatMoneyCents(1234)).toBe('$1,234');
    expect(formatMoneyCents(1234.5)).toBe('$1,234.50');
    expect(formatMoneyCents(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoneyCents(-12.05)).toBe(`${MINUS}$12.05`);
    expect(formatMoneyCents(0)).toBe('$0');
  });
});

describe('formatCents', () => {
  it('shows whole cents as dollars, cents only when there are any', () => {
    expect(formatCents(123400)).toBe('$1,234');
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(235403)).toBe('$2,354.03');
    expect(formatCents(7)).toBe('$0.07');
    expect(formatCents(0)).toBe('$0');
    expect(formatCents(-1205)).toBe(`${MINUS}$12.05`);
    expect(formatCents(42_000_000)).toBe('$420,000');
  });
});

describe('formatNumber', () => {
  it('writes counts with thousands separators', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(5000)).toBe('5,000');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
  });

  it('keeps up to three decimals, as the rates typed in a form', () => {
    expect(formatNumber(6.5)).toBe('6.5');
    expect(formatNumber(3.125)).toBe('3.125');
    expect(formatNumber(2.12345)).toBe('2.123');
    expect(formatNumber(-2)).toBe('-2');
  });

  it('gives the text toLocaleString gave before it (the e2e tests and the readers know it)', () => {
    for (const value of [0, 7, 1000, 12_345.678, 1e9, -1500, 0.0005, Number.NaN]) {
      expect(formatNumber(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
