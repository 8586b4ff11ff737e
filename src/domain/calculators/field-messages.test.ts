import { describe, expect, it } from 'vitest';
import { downPaymentMessage, incomeMessage, minimumDownPayment, numberMessage } from './field-messages';
import { parseNumber, toNumber } from './parse';

describe('parseNumber', () => {
  it('is null where toNumber counts 0 for an empty or non-numeric field, and the number otherwise', () => {
    for (const text of ['', '  ', 'abc', '12abc', '1,2', '$', '-']) {
      expect(parseNumber(text)).toBeNull();
      expect(toNumber(text)).toBe(0);
    }
    expect(parseNumber('0')).toBe(0);
    expect(parseNumber('$5,000')).toBe(5000);
    expect(parseNumber('-20')).toBe(-20);
  });
});

describe('incomeMessage', () => {
  it('asks for an income when it is empty, zero, negative or not a number', () => {
    expect(incomeMessage('')).toBe('Enter your monthly gross income to see what it supports.');
    expect(incomeMessage('0')).toBe('Enter your monthly gross income (more than $0) to see what it supports.');
    expect(incomeMessage('-5')).toBe('Income can’t be negative.');
    expect(incomeMessage('five thousand')).toBe('Enter your income as a number of dollars, like 5,000.');
    expect(incomeMessage('5,000')).toBeUndefined();
  });
});

describe('downPaymentMessage', () => {
  it('refuses a negative or non-numeric down payment', () => {
    expect(downPaymentMessage('-1000', 0)).toBe('Your down payment can’t be negative. Enter 0 if you haven’t saved one yet.');
    expect(downPaymentMessage('lots', 0)).toBe('Enter your down payment as a number of dollars, like 50,000.');
  });

  it('asks for at least 2 % of the price, in whole dollars rounded up', () => {
    expect(minimumDownPayment(450_000)).toBe(9000);
    expect(minimumDownPayment(342_559.36)).toBe(6852);
    expect(downPaymentMessage('8,999', 450_000)).toBe('That’s below our 2% minimum down payment: at least $9,000 for a $450,000 home.');
    expect(downPaymentMessage('9000', 450_000)).toBeUndefined();
    expect(downPaymentMessage('', 0)).toBe('Enter a down payment: we ask for at least 2% of the home’s price.');
    expect(downPaymentMessage('0', 0)).toBe('Enter a down payment: we ask for at least 2% of the home’s price.');
  });

  it('says when the down payment is more than the price', () => {
    expect(downPaymentMessage('1,000,000', 450_000)).toBe(
      'That’s more than the $450,000 home your monthly payment buys: a down payment can’t be more than the price.',
    );
    expect(downPaymentMessage('450000', 450_000)).toBeUndefined();
  });
});

describe('numberMessage', () => {
  it('lets an empty field be (it counts as 0) and refuses text and negatives', () => {
    expect(numberMessage('', 'your debt payments', '500')).toBeUndefined();
    expect(numberMessage('x', 'your debt payments', '500')).toBe('Enter your debt payments as a number, like 500.');
    expect(numberMessage('-1', 'your debt payments', '500')).toBe('Your debt payments can’t be negative.');
    expect(numberMessage('1.2', 'the tax rate', '1.2')).toBeUndefined();
  });
});
