/**
 * When a sensitive field (the last 4 SSN digits, the date of birth) is shown as an
 * input and when masked (docs/product/application.md#sensitive-fields).
 *
 * The choice is made when the field appears (its step opens or the page loads)
 * and then held while it stays on screen: a save that lands while the user types
 * never swaps the input for its masked copy under the cursor. So a new value is
 * masked only once its step is left or the page reloaded, and a value with a
 * problem (typed or stored) opens as an input again, with its error.
 */
export interface SensitiveFacts {
  /** The form can be changed (a draft). */
  editable: boolean;
  /** The stored value, masked ('•••• 1234'), or null when nothing is stored. */
  stored: string | null;
  /** The field's problem now (a typed value that cannot be saved, or the submit check's message), shown yet or not. */
  problem: string | undefined;
}

/** Whether the field opens as an input (true) or as its masked copy with 'Change' (false). */
export function opensAsInput({ editable, stored, problem }: SensitiveFacts): boolean {
  if (!editable) return false;
  // Nothing stored yet: an input. Something stored with a problem (a typed value not right yet, or one the server
  // refuses): an input too, so it can be read and fixed. A stored value that is fine: masked.
  return !stored || Boolean(problem);
}
