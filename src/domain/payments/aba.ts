/**
 * The ABA routing number's check digit (the American Bankers Association's rule, as every US bank
 * and the ACH network apply it): nine digits d1…d9 with
 * 3·(d1 + d4 + d7) + 7·(d2 + d5 + d8) + (d3 + d6 + d9) ≡ 0 (mod 10). Pure: the form and the server share it.
 */
export function isValidRoutingNumber(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const d = [...text].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** The message under the routing number field, or undefined when it is a valid one. */
export function routingNumberProblem(text: string): string | undefined {
  if (text === '') return 'Routing number is required.';
  if (!/^\d+$/.test(text)) return 'Routing number: digits only.';
  if (text.length !== 9) return 'Routing number: nine digits.';
  if (!isValidRoutingNumber(text)) return 'This is not a valid routing number: check the nine digits on your check or with your bank.';
  return undefined;
}

/** A US bank account number: 4 to 17 digits (the NACHA entry's DFI account number field holds 17). */
export function accountNumberProblem(text: string): string | undefined {
  if (text === '') return 'Account number is required.';
  if (!/^\d+$/.test(text)) return 'Account number: digits only.';
  if (text.length < 4 || text.length > 17) return 'Account number: 4 to 17 digits.';
  return undefined;
}

/** How an account number is shown everywhere: its last four digits only. */
export const maskAccountNumber = (last4: string) => `•••• ${last4}`;
