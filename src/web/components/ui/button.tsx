import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A label wraps rather than pushing its page sideways (text at 200 %, docs/product/public-site.md#reflow): heights are minimums, and on a screen
 * tight for its text (the `tight:` variant, src/web/styles.css) the side padding gives way to the words.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 text-center rounded-[var(--radius-control)] font-semibold transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary-hover shadow-[var(--shadow-card)]',
        accent: 'bg-accent text-accent-foreground hover:bg-accent-hover shadow-[var(--shadow-card)]',
        outline: 'border border-primary/40 bg-card text-primary hover:bg-primary-soft',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-primary-soft',
        ghost: 'text-foreground hover:bg-muted',
        link: 'text-primary underline underline-offset-4 hover:text-primary-hover px-0 h-auto',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
      },
      size: {
        sm: 'min-h-9 px-3 py-1.5 text-sm tight:px-2',
        default: 'min-h-11 px-5 py-2 text-base tight:px-3',
        lg: 'min-h-12 px-7 py-2.5 text-base tight:px-4',
        icon: 'size-11',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...(asChild ? {} : { type: type ?? 'button' })} {...props} />;
}
