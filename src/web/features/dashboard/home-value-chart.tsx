import { useId } from 'react';
import { formatDate, formatMoney, formatMoneyCompact } from '../../../domain/format';
import type { ValuationPoint } from '../../../domain/homes/my-home';
import { useElementWidth } from '../../lib/use-element-width';

const HEIGHT = 260;
const MARGIN = { top: 16, right: 16, bottom: 36, left: 60 };
const TICKS = 4;
const DAY_MS = 86_400_000;

/** A round step so that about `count` steps cover `span` (1, 2, 2.5 or 5 times a power of ten). */
function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const factor = [1, 2, 2.5, 5, 10].find((f) => f * power >= raw) ?? 10;
  return factor * power;
}

const timeOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

const SERIES = [
  { key: 'value', name: 'Home value', color: 'var(--color-chart-mortgage)', swatch: 'bg-chart-mortgage', of: (p: ValuationPoint) => p.valueCents / 100 },
  { key: 'equity', name: 'Your equity', color: 'var(--color-chart-product)', swatch: 'bg-chart-product', of: (p: ValuationPoint) => p.totalEquityCents / 100 },
] as const;

/**
 * The home's value and the homeowner's total equity at each valuation, over time
 * (docs/product/dashboard.md#home-page): two lines on a time axis, drawn at the real
 * pixel width. The drawing is described in words for assistive technology; the table
 * beside it (HomeValuationsTable) holds every figure.
 */
export function HomeValueChart({ points }: { points: ValuationPoint[] }) {
  const id = useId();
  const [ref, width] = useElementWidth<HTMLDivElement>();

  const values = points.flatMap((p) => SERIES.map((s) => s.of(p)));
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const step = niceStep(high - low, TICKS);
  const top = Math.ceil(high / step) * step || step;
  const bottom = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let t = bottom; t <= top + step / 2; t += step) ticks.push(t);

  const times = points.map((p) => timeOf(p.valuedOn));
  const first = Math.min(...times);
  // One valuation still gets a span, so its point sits in the middle.
  const last = Math.max(first + 30 * DAY_MS, ...times);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (time: number) => MARGIN.left + (points.length === 1 ? innerWidth / 2 : ((time - first) / (last - first)) * innerWidth);
  const y = (v: number) => MARGIN.top + ((top - v) / (top - bottom)) * innerHeight;

  const description = points
    .map((p) => `${formatDate(p.valuedOn)}: home value ${formatMoney(p.valueCents / 100)}, your equity ${formatMoney(p.totalEquityCents / 100)}.`)
    .join(' ');
  // The first and last dates label the time axis (and the middle one when there is room).
  const labelled =
    points.length === 1
      ? points
      : points.length === 2 || width < 420
        ? [points[0], points.at(-1)!]
        : [points[0], points[Math.floor(points.length / 2)], points.at(-1)!];

  return (
    <figure>
      <ul className="mb-3 flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-hidden="true">
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <span className={`h-1 w-4 rounded-full ${s.swatch}`} /> {s.name}
          </li>
        ))}
      </ul>
      <div ref={ref} style={{ height: HEIGHT }}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="block overflow-visible">
            <title id={`${id}-title`}>Home value and your equity at each valuation</title>
            <desc id={`${id}-desc`}>{description}</desc>
            {ticks.map((t) => (
              <g key={t}>
                <line
                  x1={MARGIN.left}
                  x2={width - MARGIN.right}
                  y1={y(t)}
                  y2={y(t)}
                  stroke={t === 0 ? 'var(--color-input)' : 'var(--color-border)'}
                  strokeDasharray={t === 0 ? undefined : '3 4'}
                />
                <text x={MARGIN.left - 8} y={y(t)} dy="0.32em" textAnchor="end" className="fill-muted-foreground text-xs tabular">
                  {formatMoneyCompact(t)}
                </text>
              </g>
            ))}
            {SERIES.map((s) => (
              <g key={s.key}>
                {points.length > 1 && (
                  <polyline
                    fill="none"
                    stroke={s.color}
                    strokeWidth={2.5}
                    strokeLinejoin="round"
                    points={points.map((p) => `${x(timeOf(p.valuedOn))},${y(s.of(p))}`).join(' ')}
                  />
                )}
                {points.map((p) => (
                  <circle key={p.valuedOn + s.key} cx={x(timeOf(p.valuedOn))} cy={y(s.of(p))} r={4} fill={s.color}>
                    <title>{`${formatDate(p.valuedOn)}, ${s.name}: ${formatMoney(s.of(p))}`}</title>
                  </circle>
                ))}
              </g>
            ))}
            {labelled.map((p, i) => (
              <text
                key={`${p.valuedOn}-${i}`}
                x={x(timeOf(p.valuedOn))}
                y={HEIGHT - MARGIN.bottom + 22}
                textAnchor={points.length === 1 ? 'middle' : i === 0 ? 'start' : i === labelled.length - 1 ? 'end' : 'middle'}
                className="fill-muted-foreground text-xs tabular"
              >
                {formatDate(p.valuedOn)}
              </text>
            ))}
          </svg>
        )}
      </div>
      <figcaption className="mt-2 text-sm text-muted-foreground">
        Your equity at each valuation: your down payment, the equity credited by the months you paid, and your share of the change in value. Every figure is in
        the table below.
      </figcaption>
    </figure>
  );
}
