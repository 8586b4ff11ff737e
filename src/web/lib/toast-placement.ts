/**
 * Where toasts sit (docs/product/public-site.md#messages): above whatever bar is stuck
 * to the bottom of the screen (the phone bottom navigation, the application's
 * Previous/Submit bar, a calculator's result bar), never over it.
 */

/** A box on screen, as getBoundingClientRect gives it. */
export interface Box {
  top: number;
  bottom: number;
  height: number;
}

/**
 * How far toasts must rise so they clear every bar at the bottom of a viewport
 * `viewportHeight` tall. A bar counts when it reaches the bottom edge, or the top of
 * a bar that does (within 2 px: bars stack), and is shorter than half the screen: an
 * overlay or a tall sidebar is not a bar.
 */
export function liftAboveBars(boxes: readonly Box[], viewportHeight: number): number {
  const bars = boxes.filter((box) => box.height > 0 && box.height < viewportHeight / 2 && box.top < viewportHeight);
  let top = viewportHeight;
  for (let changed = true; changed;) {
    changed = false;
    for (const box of bars) {
      if (box.top < top && box.bottom >= top - 2) {
        top = box.top;
        changed = true;
      }
    }
  }
  return Math.max(0, Math.round(viewportHeight - top));
}

/** The fixed or sticky elements along the bottom edge of the window (and stacked on one another there), outside the toaster. */
export function bottomBars(doc: Document = document): Box[] {
  const view = doc.defaultView;
  if (!view) return [];
  const width = view.innerWidth;
  const seen = new Set<Element>();
  const boxes: Box[] = [];
  let y = view.innerHeight - 1;
  // Each round looks just above the bars found so far, for a bar stacked on them.
  for (let round = 0; round < 3 && y > 0; round++) {
    let top = y + 1;
    for (const x of [8, width / 2, width - 8]) {
      for (const element of doc.elementsFromPoint(x, y)) {
        if (seen.has(element)) continue;
        seen.add(element);
        if (element.closest('[data-sonner-toaster]')) continue;
        const position = view.getComputedStyle(element).position;
        if (position !== 'fixed' && position !== 'sticky') continue;
        const rect = element.getBoundingClientRect();
        if (rect.height >= view.innerHeight / 2) continue;
        boxes.push({ top: rect.top, bottom: rect.bottom, height: rect.height });
        top = Math.min(top, rect.top);
      }
    }
    if (top > y) break;
    y = top - 1;
  }
  return boxes;
}

/** The CSS variable the toaster's bottom offset adds (src/web/components/ui/toaster.tsx). */
export const TOAST_LIFT_VARIABLE = '--toast-lift';

/** Measures the bars now and sets the lift on the root element. */
export function updateToastLift(doc: Document = document): void {
  const view = doc.defaultView;
  if (!view) return;
  const lift = liftAboveBars(bottomBars(doc), view.innerHeight);
  doc.documentElement.style.setProperty(TOAST_LIFT_VARIABLE, `${lift}px`);
}
