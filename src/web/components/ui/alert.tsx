import { cva, type VariantProps } from 'class-variance-authority';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const alertVariants = cva('flex gap-3 rounded-[var(--radius-control)] border p-4 text-sm leading-relaxed text-foreground', {
  variants: {
    variant: {
      info: 'border-primary/25 bg-primary-soft',
      success: 'border-success/30 bg-primary-soft',
      warning: 'border-warning/30 bg-warning-soft',
      destructive: 'border-destructive/30 bg-accent-soft',
    },
  },
  defaultVariants: { variant: 'info' },
});

const ICONS = { info: Info, success: CheckCircle2, warning: AlertTriangle, destructive: XCircle } as const;
const ICON_COLORS = { info: 'text-primary', success: 'text-success', warning: 'text-warning', destructive: 'text-destructive' } as const;

/** A message inside the page (not a toast): form-level errors, notices, results that must stay visible. */
export function Alert({ className, variant, children, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  const kind = variant ?? 'info';
  const Icon = ICONS[kind];
  return (
    <div className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', ICON_COLORS[kind])} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
