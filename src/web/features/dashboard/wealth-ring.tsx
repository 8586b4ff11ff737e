import { WEALTH_RING_PX } from './dashboard-sample';
import { formatMoney } from '../../../domain/format';
import { Counter } from './counter';
import { useCountUp } from './use-count-up';

const STROKE = 18;
const RADIUS = (WEALTH_RING_PX - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** docs/product/dashboard.md#layout: the 280 px ring 'My Wealth', current wealth out of a target. */
export function WealthRing({ wealth, target }: { wealth: number; target: number }) {
  const share = useCountUp(target > 0 ? Math.min(1, wealth / target) : 0);
  const size = WEALTH_RING_PX;
  return (
    <figure className="relative mx-auto aspect-square w-full max-w-[280px]" aria-label={`My Wealth: ${formatMoney(wealth)} of a ${formatMoney(target)} target`}>
      <svg viewBox={`0 0 ${size} ${size}`} className="size-full -rotate-90" aria-hidden="true">
        <defs>
          <linearGradient id="wealth-ring-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stopColor="var(--color-ring)" />
            <stop offset="100%" stopColor="var(--color-primary)" />
          </linearGradient>
        </defs>
        <circle cx={size / 2} cy={size / 2} r={RADIUS} fill="none" stroke="var(--color-primary-soft)" strokeWidth={STROKE} />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={RADIUS}
          fill="none"
          stroke="url(#wealth-ring-gradient)"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - share)}
        />
      </svg>
      <figcaption className="absolute inset-0 flex flex-col items-center justify-center text-center">
        <span className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">My Wealth</span>
        <Counter value={wealth} className="mt-1 text-4xl font-bold tracking-tight text-primary" />
        <span className="mt-1 text-sm text-muted-foreground">
          of <span className="tabular font-medium text-foreground">{formatMoney(target)}</span> target
        </span>
      </figcaption>
    </figure>
  );
}
