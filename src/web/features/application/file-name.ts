/**
 * A long file name is cut in the middle, not at its end, so the end that tells
 * files apart ('…statement-march.pdf') stays readable (docs/product/application.md#documents).
 * The name is split into a head, which the screen truncates with an ellipsis when it
 * has to, and a tail that is always shown: the last `tail` characters, the extension
 * included. Both are drawn side by side, so the accessible name is the whole name.
 */
export function splitFileName(name: string, tail = 12): { head: string; tail: string } {
  const chars = Array.from(name);
  if (chars.length <= tail * 2) return { head: name, tail: '' };
  return { head: chars.slice(0, -tail).join(''), tail: chars.slice(-tail).join('') };
}
