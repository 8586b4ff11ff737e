import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const controlClass =
  'block w-full rounded-[var(--radius-control)] border border-input bg-card px-3 text-base text-foreground placeholder:text-muted-foreground/80 transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:bg-muted aria-[invalid=true]:border-destructive [&[readonly]]:bg-muted';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClass, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClass, 'min-h-24 py-2', className)} {...props} />;
}

/**
 * A native select: keyboard, screen readers and phone pickers work as people expect. `containerClassName` sizes its box
 * as a flex item: a least width there can be `min-w-[min(10rem,100%)]`, which gives way to a narrow row (text at 200 %).
 */
export function NativeSelect({ className, containerClassName, children, ...props }: ComponentProps<'select'> & { containerClassName?: string }) {
  return (
    <div className={cn('relative', containerClassName)}>
      <select className={cn(controlClass, 'h-11 cursor-pointer appearance-none pr-10', className)} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}
