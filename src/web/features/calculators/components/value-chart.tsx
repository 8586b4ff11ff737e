import { useId } from 'react';
import { formatMoney, formatMoneyCompact } from '../../../../domain/format';
import { useElementWidth } from '../../../lib/use-element-width';

export interface ValuePoint {
  year: number;
  product: number;
  mortgage: number;
}

const HEIGHT = 280;
const MARGIN = { top: 16, right: 8, bottom: 32, left: 60 };
const TICKS = 4;

/** A round step so that about `count` steps cover `span` (1, 2, 2.5 or 5 times a power of ten). */
function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const factor = [1, 2, 2.5, 5, 10].find((f) => f * power >= raw) ?? 10;
  return factor * power;
}

/**
 * A figure by year for both options as grouped bars (visual.md: evergreen for the
 * product, slate for the mortgage, in every chart). Drawn at the real pixel width so
 * labels stay legible on a phone. The drawing is described in words for assistive
 * technology, and the table below it holds every figure.
 */
export function ValueChart({ points, productName, title, caption }: { points: ValuePoint[]; productName: string; title: string; caption: string }) {
  const id = useId();
  const [ref, width] = useElementWidth<HTMLDivElement>();

  const values = points.flatMap((p) => [p.product, p.mortgage]);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const step = niceStep(high - low, TICKS);
  const top = Math.ceil(high / step) * step || step;
  const bottom = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let t = bottom; t <= top + step / 2; t += step) ticks.push(t);

  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (v: number) => MARGIN.top + ((top - v) / (top - bottom)) * innerHeight;
  const group = points.length > 0 ? innerWidth / points.length : 0;
  const bar = Math.max(4, Math.min(32, group * 0.34));
  const gap = Math.min(4, bar / 4);

  const description = points.map((p) => `Year ${p.year}: ${productName} ${formatMoney(p.product)}, mortgage ${formatMoney(p.mortgage)}.`).join(' ');

  return (
    <figure>
      <ul className="mb-3 flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="size-3 rounded-sm bg-chart-product" /> {productName}
        </li>
        <li className="flex items-center gap-2">
          <span className="size-3 rounded-sm bg-chart-mortgage" /> Mortgage
        </li>
      </ul>
      <div ref={ref} style={{ height: HEIGHT }}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="block overflow-visible">
            <title id={`${id}-title`}>{`${title}, ${productName} and mortgage`}</title>
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
            {points.map((p, i) => {
              const center = MARGIN.left + group * i + group / 2;
              const bars = [
                { key: 'product', value: p.product, x: center - gap / 2 - bar, fill: 'var(--color-chart-product)', name: productName },
                { key: 'mortgage', value: p.mortgage, x: center + gap / 2, fill: 'var(--color-chart-mortgage)', name: 'Mortgage' },
              ];
              return (
                <g key={p.year}>
                  {bars.map((b) => (
                    <rect
                      key={b.key}
                      x={b.x}
                      width={bar}
                      y={Math.min(y(b.value), y(0))}
                      height={Math.abs(y(b.value) - y(0))}
                      rx={Math.min(3, bar / 4)}
                      fill={b.fill}
                    >
                      <title>{`Year ${p.year}, ${b.name}: ${formatMoney(b.value)}`}</title>
                    </rect>
                  ))}
                  <text x={center} y={HEIGHT - MARGIN.bottom + 20} textAnchor="middle" className="fill-muted-foreground text-xs tabular">
                    {points.length > 6 && width < 480 ? p.year : `Year ${p.year}`}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
      </div>
      <figcaption className="mt-2 text-sm text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
