import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After Calculate, the results are revealed the same way on every calculator
 * (docs/product/calculators.md#after-calculate, the app's rule in
 * docs/product/public-site.md#messages): once React has drawn them, focus moves to
 * their heading (tabindex -1; its description is a one-line summary, so a screen
 * reader reads the outcome) and the page scrolls so the heading is at the top, clear
 * of the sticky header — on a phone the results sit below the form, out of sight.
 * Smooth scrolling only when the visitor has not asked for reduced motion.
 */
export function useRevealResults<T extends HTMLElement>(): [React.RefObject<T | null>, () => void] {
  const heading = useRef<T | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    const element = heading.current;
    if (!request || !element) return;
    element.focus({ preventScroll: true });
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'start', behavior: reduce ? 'instant' : 'smooth' });
  }, [request]);
  const reveal = useCallback(() => setRequest((n) => n + 1), []);
  return [heading, reveal];
}
