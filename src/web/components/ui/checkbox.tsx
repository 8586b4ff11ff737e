import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A native checkbox in the brand color, 20 px (24 px hit area with its label). */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cn('size-5 shrink-0 cursor-pointer rounded border-input accent-primary', className)} {...props} />;
}
