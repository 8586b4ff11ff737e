/**
 * What a calculator says under a field whose value it cannot take at face value
 * (docs/product/calculators.md#field-messages). The figures still follow the model
 * where it is defined (empty or non-numeric counts as 0); these messages only tell
 * the visitor why a figure looks the way it does. Pure, shared by the pages and tests.
 */
import { formatMoney } from '../format';
import { parseNumber } from './parse';

// docs/product/calculators.md#field-messages: the least down payment we plan to accept, 2 % of the price.
export const MIN_DOWN_PAYMENT_SHARE = 0.02;

/** The least down payment for a home of `price`: 2 % of it, in whole dollars rounded up. */
export const minimumDownPayment = (price: number): number => Math.ceil(MIN_DOWN_PAYMENT_SHARE * Math.max(0, price) - 1e-9);

/**
 * A field (dollars or a rate) that must hold a number of zero or more: a message when it
 * is not a number or is negative; undefined when it is fine or empty (counted as 0).
 */
export function numberMessage(text: string, what: string, example: string): string | undefined {
  if (text.trim() === '') return undefined;
  const value = parseNumber(text);
  if (value === null) return `Enter ${what} as a number, like ${example}.`;
  if (value < 0) return `${capitalize(what)} can’t be negative.`;
  return undefined;
}

/** Income: required, a number above zero. */
export function incomeMessage(text: string): string | undefined {
  if (text.trim() === '') return 'Enter your monthly gross income to see what it supports.';
  const value = parseNumber(text);
  if (value === null) return 'Enter your income as a number of dollars, like 5,000.';
  if (value < 0) return 'Income can’t be negative.';
  if (value === 0) return 'Enter your monthly gross income (more than $0) to see what it supports.';
  return undefined;
}

/**
 * The down payment against the price it buys: a number, not negative, at least 2 % of
 * the price and not more than it. `price` is the calculator's price for this down payment.
 */
export function downPaymentMessage(text: string, price: number): string | undefined {
  const value = parseNumber(text);
  if (text.trim() !== '' && value === null) return 'Enter your down payment as a number of dollars, like 50,000.';
  const down = value ?? 0;
  if (down < 0) return 'Your down payment can’t be negative. Enter 0 if you haven’t saved one yet.';
  if (price <= 0) return down > 0 ? undefined : 'Enter a down payment: we ask for at least 2% of the home’s price.';
  if (down < MIN_DOWN_PAYMENT_SHARE * price) {
    return `That’s below our 2% minimum down payment: at least ${formatMoney(minimumDownPayment(price))} for a ${formatMoney(price)} home.`;
  }
  if (down > price) {
    return `That’s more than the ${formatMoney(price)} home your monthly payment buys: a down payment can’t be more than the price.`;
  }
  return undefined;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
