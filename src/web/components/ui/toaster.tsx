import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * Toasts (docs/product/public-site.md#general-constants): bottom-right, Alt+T, about 3 visible, about 4 s. Styled with our tokens
 * rather than sonner's rich colors, whose light-green success text fails WCAG AA.
 */
export default function Toaster({ onReady }: { onReady: () => void }) {
  // Runs after sonner's own effects, i.e. once it listens for toasts.
  useEffect(() => onReady(), [onReady]);
  return (
    <Sonner
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      visibleToasts={3}
      duration={4000}
      closeButton
      toastOptions={{
        classNames: {
          toast: '!bg-card !text-foreground !border-border !shadow-[var(--shadow-raised)] !font-sans',
          title: '!text-[15px] !font-semibold',
          description: '!text-sm !text-muted-foreground',
          success: '[&_[data-icon]]:!text-success',
          error: '!border-destructive/40 [&_[data-title]]:!text-destructive [&_[data-icon]]:!text-destructive',
        },
      }}
    />
  );
}
