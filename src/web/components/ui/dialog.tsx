import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * visual.md 'Components': a modal dialog on Radix (focus trap, Escape, the rest of the page inert).
 * Closing it (Escape, Cancel, ×, or the page closing it) returns focus to the control that opened it
 * (WCAG 2.4.3; ADR 023), also when the dialog is opened from state rather than a DialogTrigger.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Dialogs are drawn inside #root, the `app` size container (styles.css), not at the end of <body>: so the
 * `tight:` variant holds in them as on the page behind, and with text enlarged on a phone the dialog gives its
 * margin and padding back to its content (docs/product/public-site.md#reflow).
 */
const portalContainer = () => (typeof document === 'undefined' ? undefined : (document.getElementById('root') ?? undefined));

export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  onOpenAutoFocus,
  onCloseAutoFocus,
  onPointerDownOutside,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  // The element that had focus when the dialog opened (Radix fires onOpenAutoFocus before it moves focus in).
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal container={portalContainer()}>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md tight:w-[calc(100vw-1rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] border border-border bg-card p-6 shadow-[var(--shadow-raised)] focus-visible:outline-none sm:p-8 tight:p-4',
          className,
        )}
        {...props}
        onPointerDownOutside={(event) => {
          // A press that reaches <html> met no overlay: the dialog's first frame, before pointer events are back on. A
          // click outside lands on the overlay; this one would close the dialog the instant it opened.
          if (event.detail.originalEvent.target === document.documentElement) event.preventDefault();
          onPointerDownOutside?.(event);
        }}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // Radix focuses a DialogTrigger; without one focus would fall to <body>.
          const target = opener.current;
          opener.current = null;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-3 right-3 flex size-10 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('pr-8 tight:pr-10 text-xl font-semibold tracking-tight text-foreground', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('mt-2 text-[0.9375rem] leading-relaxed text-muted-foreground', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)} {...props} />;
}
