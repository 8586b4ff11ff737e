import { useEffect, useState } from 'react';
import { COUNTER_DURATION_MS } from './dashboard-sample';
import { useReducedMotion } from '../../lib/use-reduced-motion';

const easeOut = (t: number) => 1 - (1 - t) ** 3;

/** docs/product/dashboard.md#layout: counters animate up over 0.9 s; none under prefers-reduced-motion (visual.md 'Motion'). */
export function useCountUp(target: number, duration = COUNTER_DURATION_MS): number {
  const reduced = useReducedMotion();
  const [value, setValue] = useState(reduced ? target : 0);
  useEffect(() => {
    if (reduced) {
      setValue(target);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      setValue(target * easeOut(t));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, duration, reduced]);
  return value;
}
