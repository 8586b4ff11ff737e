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
 * How far toasts must rise so they clear every bar in the lower half of a viewport
 * `viewportHeight` tall: the phone bottom navigation, a sticky bar stuck to the
 * bottom edge, or one that has reached its place in the page just above it (the
 * application's Previous/Submit bar at the end of a step). Taller than half the
 * screen is not a bar (an overlay, a sidebar).
 */
export function liftAboveBars(boxes: readonly Box[], viewportHeight: number): number {
  let top = viewportHeight;
  for (const box of boxes) {
    if (box.height <= 0 || box.height >= viewportHeight / 2) continue;
    if (box.top < viewportHeight / 2 || box.top >= viewportHeight) continue;
    top = Math.min(top, box.top);
  }
  return Math.max(0, Math.round(viewportHeight - top));
}

/** The fixed or sticky elements in the lower half of the window, outside the toaster (sampled every 32 px). */
export function bottomBars(doc: Document = document): Box[] {
  const view = doc.defaultView;
  if (!view) return [];
  const width = view.innerWidth;
  const height = view.innerHeight;
  const seen = new Set<Element>();
  const boxes: Box[] = [];
  for (let y = height - 1; y > height / 2; y -= 32) {
    for (const x of [8, width / 2, width - 8]) {
      for (const element of doc.elementsFromPoint(x, y)) {
        if (seen.has(element)) continue;
        seen.add(element);
        if (element.closest('[data-sonner-toaster]')) continue;
        const position = view.getComputedStyle(element).position;
        if (position !== 'fixed' && position !== 'sticky') continue;
        const rect = element.getBoundingClientRect();
        boxes.push({ top: rect.top, bottom: rect.bottom, height: rect.height });
      }
    }
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
