import { z } from 'zod';

/**
 * A figure typed as text (dollars, a rate) for an API field that takes a number: `read` turns the text into the
 * number (null when it is not one), then the contract's own field schema checks it, so the form and the server
 * refuse the same values in the same words (style.md 'One schema per form, used on both sides'). `empty` is what a
 * blank field says when it differs from `invalid`.
 */
export function typedNumber<T extends z.ZodType<unknown, number>>(
  read: (text: string) => number | null,
  messages: { invalid: string; empty?: string },
  field: T,
) {
  return z
    .string()
    .transform((text, ctx) => {
      const value = read(text);
      if (value !== null) return value;
      ctx.addIssue({ code: 'custom', message: !text.trim() && messages.empty ? messages.empty : messages.invalid });
      return z.NEVER;
    })
    .pipe(field);
}
