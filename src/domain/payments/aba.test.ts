import { describe, expect, it } from 'vitest';
import { accountNumberProblem, isValidRoutingNumber, maskAccountNumber, routingNumberProblem } from './aba';

describe('ABA routing number check digit', () => {
  it('accepts real routing numbers', () => {
    // Stripe's test bank, JPMorgan Chase (NY), Bank of America (CA), Wells Fargo (MN).
    for (const number of ['110000000', '021000021', '121000358', '091000019']) expect(isValidRoutingNumber(number), number).toBe(true);
  });

  it('refuses a wrong check digit, a swap of two digits, wrong lengths and non-digits', () => {
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('012000021')).toBe(false);
    expect(isValidRoutingNumber('02100002')).toBe(false);
    expect(isValidRoutingNumber('0210000210')).toBe(false);
    expect(isValidRoutingNumber('02100002a')).toBe(false);
    expect(isValidRoutingNumber('')).toBe(false);
  });

  it('says what is wrong in words', () => {
    expect(routingNumberProblem('')).toMatch(/required/);
    expect(routingNumberProblem('12-345678')).toMatch(/digits only/);
    expect(routingNumberProblem('1234')).toMatch(/nine digits/);
    expect(routingNumberProblem('021000022')).toMatch(/not a valid routing number/);
    expect(routingNumberProblem('021000021')).toBeUndefined();
  });

  it('takes account numbers of 4 to 17 digits and masks them to the last four', () => {
    expect(accountNumberProblem('123')).toMatch(/4 to 17/);
    expect(accountNumberProblem('1'.repeat(18))).toMatch(/4 to 17/);
    expect(accountNumberProblem('00012345678x')).toMatch(/digits only/);
    expect(accountNumberProblem('000123456789')).toBeUndefined();
    expect(maskAccountNumber('6789')).toBe('•••• 6789');
  });
});
