import { describe, expect, it } from 'vitest';
import { US_STATES } from '../waitlist';
import { stateCode, stateName, US_STATE_CODES } from './states';

describe('one way to write a state (docs/product/back-office.md#states)', () => {
  it('has a distinct two-letter code for each of the 50 states and the District of Columbia', () => {
    expect(Object.keys(US_STATE_CODES).sort()).toEqual([...US_STATES].sort());
    const codes = Object.values(US_STATE_CODES);
    expect(new Set(codes).size).toBe(51);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('lists show the full name whether the row holds the name or the code', () => {
    expect(stateName('TX')).toBe('Texas');
    expect(stateName('tx')).toBe('Texas');
    expect(stateName('Texas')).toBe('Texas');
    expect(stateName('new york')).toBe('New York');
    expect(stateName(null)).toBeNull();
    expect(stateName('  ')).toBeNull();
    expect(stateName('Atlantis')).toBe('Atlantis');
  });

  it('CSV writes the code', () => {
    expect(stateCode('Texas')).toBe('TX');
    expect(stateCode('TX')).toBe('TX');
    expect(stateCode('North Carolina')).toBe('NC');
    expect(stateCode(null)).toBeNull();
    expect(stateCode('Atlantis')).toBe('Atlantis');
  });
});
