import { useEffect, useSyncExternalStore } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_LIFT_VARIABLE, updateToastLift } from '../../lib/toast-placement';

/** Below this width the screen is a phone's: the bottom navigation shows (md) and one toast at a time. */
const PHONE = '(max-width: 767.98px)';

function subscribePhone(listener: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
const isPhone = () => window.matchMedia(PHONE).matches;

/** Keeps the toasts above the bars at the bottom of the screen while the page scrolls, resizes or changes. */
function useToastLift() {
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        updateToastLift();
      });
    };
    updateToastLift();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // A bar that comes or goes with a route change or a wizard step.
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, []);
}

const bottom = (gap: number) => `calc(var(${TOAST_LIFT_VARIABLE}, 0px) + ${gap}px)`;

/**
 * Toasts (docs/product/public-site.md#messages, ADR 023): bottom-right, Alt+T, about 4 s;
 * three visible on larger screens, one on phones, always above the bars stuck to the
 * bottom of the screen. The close button is 32 px, inside the toast's corner (WCAG 2.5.8).
 * Styled with our tokens rather than sonner's rich colors, whose light-green success
 * text fails WCAG AA.
 */
export default function Toaster({ onReady }: { onReady: () => void }) {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  useToastLift();
  // Runs after sonner's own effects, i.e. once it listens for toasts.
  useEffect(() => onReady(), [onReady]);
  return (
    <Sonner
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      visibleToasts={phone ? 1 : 3}
      duration={4000}
      closeButton
      offset={{ bottom: bottom(24), right: 24 }}
      mobileOffset={{ bottom: bottom(12), left: 12, right: 12 }}
      toastOptions={{
        classNames: {
          toast: '!bg-card !text-foreground !border-border !shadow-[var(--shadow-raised)] !font-sans !pr-12',
          title: '!text-[0.9375rem] !font-semibold',
          description: '!text-sm !text-muted-foreground',
          closeButton:
            '!top-2 !right-2 !left-auto !size-8 !transform-none !border-0 !bg-transparent !text-muted-foreground hover:!bg-muted hover:!text-foreground [&_svg]:!size-4',
          success: '[&_[data-icon]]:!text-success',
          error: '!border-destructive/40 [&_[data-title]]:!text-destructive [&_[data-icon]]:!text-destructive',
        },
      }}
    />
  );
}
