import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toNumber } from './parse';
import { formatNumber } from '../format';

describe('toNumber (docs/product/calculators.md#input-parsing: empty or non-numeric input counts as 0)', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['abc', 0],
    ['12abc', 0],
    ['1,2', 0],
    ['$', 0],
    ['.', 0],
    ['-', 0],
    ['1e400', 0],
    [null, 0],
    [undefined, 0],
    [true, 0],
    [{}, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [Number.NEGATIVE_INFINITY, 0],
  ])('%j → %d', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });

  it.each([
    ['1200', 1200],
    ['1,200', 1200],
    ['$1,200', 1200],
    ['$1,234,567.89', 1234567.89],
    [' 6.4 ', 6.4],
    ['6.4%', 6.4],
    ['.5', 0.5],
    ['12.', 12],
    ['-500', -500],
    ['-$1,200', -1200],
    ['$-1,200', -1200],
    ['1e3', 1000],
    [2200, 2200],
    [-3.5, -3.5],
  ])('%j → %d', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });

  it('reads back any finite number it is given, as a number or as its text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(toNumber(x)).toBe(x);
        expect(toNumber(String(x))).toBe(Object.is(x, -0) ? 0 : x);
      }),
    );
  });

  it('reads thousands separators and a dollar sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(toNumber(`$${formatNumber(n)}`)).toBe(n);
      }),
    );
  });

  it('never returns NaN or an infinity, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.anything()), (v) => {
        expect(Number.isFinite(toNumber(v))).toBe(true);
      }),
    );
  });
});
