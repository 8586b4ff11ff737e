import { formatMoney, formatPercent } from '../../../../domain/format';

export interface BreakdownPart {
  key: string;
  label: string;
  hint?: string;
  value: number;
  /** A CSS color; the legend and the ring use the same one. */
  color: string;
}

const SIZE = 176;
const STROKE = 26;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** White space between two segments, in px along the ring. */
const GAP = 2;

/**
 * The monthly payment split into its parts (docs/product/calculators.md#variant-a-formulas, item 4): a ring
 * chart for the shape and a legend with every figure. The legend carries the
 * information, so the drawing is hidden from assistive technology.
 */
export function BreakdownChart({ parts, total }: { parts: BreakdownPart[]; total: number }) {
  const sum = parts.reduce((acc, p) => acc + Math.max(0, p.value), 0);
  let offset = 0;
  const segments = parts.map((part) => {
    const length = sum > 0 ? (Math.max(0, part.value) / sum) * CIRCUMFERENCE : 0;
    const segment = { ...part, length, offset };
    offset += length;
    return segment;
  });
  const visible = segments.filter((s) => s.length > 0);

  return (
    <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-center">
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true" className="shrink-0">
        <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" stroke="var(--color-muted)" strokeWidth={STROKE} />
        <g transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}>
          {visible.map((s) => (
            <circle
              key={s.key}
              cx={SIZE / 2}
              cy={SIZE / 2}
              r={RADIUS}
              fill="none"
              stroke={s.color}
              strokeWidth={STROKE}
              strokeDasharray={`${Math.max(0, s.length - (visible.length > 1 ? GAP : 0))} ${CIRCUMFERENCE}`}
              strokeDashoffset={-s.offset}
            />
          ))}
        </g>
        <text x="50%" y="47%" textAnchor="middle" className="fill-foreground text-xl font-bold tabular">
          {formatMoney(total)}
        </text>
        <text x="50%" y="60%" textAnchor="middle" className="fill-muted-foreground text-xs">
          per month
        </text>
      </svg>
      <dl className="grid w-full grid-cols-1 gap-2.5">
        {parts.map((part) => (
          <div
            key={part.key}
            data-testid={`breakdown-${part.key}`}
            className="flex items-start justify-between gap-3 border-b border-border/70 pb-2 last:border-0 last:pb-0"
          >
            <dt className="flex min-w-0 items-start gap-2.5 wrap-anywhere">
              <span aria-hidden="true" className="mt-1 size-3 shrink-0 rounded-sm" style={{ background: part.color }} />
              <span>
                <span className="block font-medium">{part.label}</span>
                {part.hint && <span className="block text-sm text-muted-foreground">{part.hint}</span>}
              </span>
            </dt>
            <dd className="text-right tabular">
              <span className="block font-semibold">{formatMoney(part.value)}</span>
              <span className="block text-sm text-muted-foreground">{formatPercent(sum > 0 ? part.value / sum : 0, { digits: 0 })}</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
