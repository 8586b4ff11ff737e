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

  it('clears the highest of several bars', () => {
    // A sticky bar stacked on the bottom navigation.
    expect(liftAboveBars([box(744, 800), box(672, 744.4)], 800)).toBe(128);
    expect(liftAboveBars([box(672, 744.4), box(744, 800)], 800)).toBe(128);
  });

  it('clears a sticky bar that rests at its place in the page just above the bottom edge', () => {
    // The application's Previous/Submit bar at the end of a short step (375 × 740 screen).
    expect(liftAboveBars([box(639, 708)], 740)).toBe(101);
  });

  it('ignores overlays, tall sidebars, the header and anything in the upper half or below the screen', () => {
    expect(liftAboveBars([box(0, 800)], 800)).toBe(0); // a dialog overlay
    expect(liftAboveBars([box(96, 800)], 800)).toBe(0); // a sticky sidebar
    expect(liftAboveBars([box(0, 64)], 800)).toBe(0); // the sticky header
    expect(liftAboveBars([box(300, 360)], 800)).toBe(0); // a sticky thing in the upper half
    expect(liftAboveBars([box(800, 860)], 800)).toBe(0); // below the screen
  });
});
