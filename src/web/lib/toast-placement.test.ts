import { describe, expect, it } from 'vitest';
import { liftAboveBars } from './toast-placement';

const box = (top: number, bottom: number) => ({ top, bottom, height: bottom - top });

describe('liftAboveBars', () => {
  it('is 0 without bars', () => {
    expect(liftAboveBars([], 800)).toBe(0);
  });

  it('clears the phone bottom navigation (56 px at the bottom edge)', () => {
    expect(liftAboveBars([box(744, 800)], 800)).toBe(56);
  });

  it('clears the tallest of several stacked bars', () => {
    // The application's Previous/Submit bar sits above the bottom navigation.
    expect(liftAboveBars([box(744, 800), box(672, 744.4)], 800)).toBe(128);
    expect(liftAboveBars([box(672, 744.4), box(744, 800)], 800)).toBe(128);
  });

  it('ignores overlays, tall sidebars and boxes that do not reach the bottom edge', () => {
    expect(liftAboveBars([box(0, 800)], 800)).toBe(0); // a dialog overlay
    expect(liftAboveBars([box(96, 800)], 800)).toBe(0); // a sticky sidebar
    expect(liftAboveBars([box(0, 64)], 800)).toBe(0); // the sticky header
    expect(liftAboveBars([box(700, 760)], 800)).toBe(0); // floating above the edge
    expect(liftAboveBars([box(760, 799)], 800)).toBe(40); // within 2 px of the edge
  });
});
