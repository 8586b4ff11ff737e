import { useEffect, type RefObject } from 'react';

/** Room left between a focused control and a sticky bar (px). */
const GAP = 16;

/**
 * WCAG 2.4.11 (docs/product/application.md#keyboard-and-focus): while the wizard's
 * Previous/Submit bar sticks to the bottom of a phone screen, the page's
 * scroll-padding-bottom is at least its height and a margin, and its
 * scroll-padding-top at least the sticky header's, so the browser scrolls a control
 * that gets focus clear of both. It only ever raises what the stylesheet says
 * (src/web/styles.css may set a page-wide rule), measures again when the bar or the
 * window changes size, and puts the page back as it was when the wizard goes.
 */
export function useStickyBarPadding(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = document.documentElement;
    const header = document.querySelector<HTMLElement>('body header');
    const update = () => {
      root.style.removeProperty('scroll-padding-bottom');
      root.style.removeProperty('scroll-padding-top');
      const css = getComputedStyle(root);
      const element = bar.current;
      if (element && getComputedStyle(element).position === 'sticky') {
        const needed = element.getBoundingClientRect().height + GAP;
        if ((parseFloat(css.scrollPaddingBottom) || 0) < needed) root.style.setProperty('scroll-padding-bottom', `${Math.ceil(needed)}px`);
      }
      if (header && ['sticky', 'fixed'].includes(getComputedStyle(header).position)) {
        const needed = header.getBoundingClientRect().height + GAP;
        if ((parseFloat(css.scrollPaddingTop) || 0) < needed) root.style.setProperty('scroll-padding-top', `${Math.ceil(needed)}px`);
      }
    };
    update();
    const observer = new ResizeObserver(update);
    if (bar.current) observer.observe(bar.current);
    if (header) observer.observe(header);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty('scroll-padding-bottom');
      root.style.removeProperty('scroll-padding-top');
    };
  }, [bar]);
}
