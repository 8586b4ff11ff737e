import { describe, expect, it } from 'vitest';
import { waitingAge } from './waiting';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();

/** docs/product/back-office.md#waiting-for-us: the age in the Waiting column. */
describe('waitingAge', () => {
  it('says under an hour, then hours up to two days, then whole days, rounded down', () => {
    expect(waitingAge(ago(0), now)).toBe('Under an hour');
    expect(waitingAge(ago(0.99), now)).toBe('Under an hour');
    expect(waitingAge(ago(1), now)).toBe('1 hour');
    expect(waitingAge(ago(5.5), now)).toBe('5 hours');
    expect(waitingAge(ago(47.9), now)).toBe('47 hours');
    expect(waitingAge(ago(48), now)).toBe('2 days');
    expect(waitingAge(ago(24 * 3 + 23), now)).toBe('3 days');
    expect(waitingAge(ago(24 * 1200), now)).toBe('1,200 days');
  });

  it('treats a time a little ahead of the clock as just now', () => {
    expect(waitingAge(ago(-0.1), now)).toBe('Under an hour');
  });
});
