import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';

export type Tone = 'good' | 'fair' | 'poor';

export interface RatioTile {
  key: string;
  label: string;
  value: string;
  /** null when the figure has no data behind it: no badge then (docs/product/calculators.md#variant-a-page). */
  verdict: string | null;
  tone: Tone;
  hint: string;
}

const badgeFor: Record<Tone, 'success' | 'warning' | 'destructive'> = { good: 'success', fair: 'warning', poor: 'destructive' };
const railFor: Record<Tone, string> = { good: 'bg-success', fair: 'bg-warning', poor: 'bg-destructive' };

/** Variant A's three ratio badges (docs/product/calculators.md#variant-a-formulas, item 5), each with its figure and what it means. */
export function RatioTiles({ tiles }: { tiles: RatioTile[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {tiles.map((tile) => (
        <li
          key={tile.key}
          data-testid={`ratio-${tile.key}`}
          className="relative overflow-hidden rounded-[var(--radius-control)] border border-border bg-card p-4 pl-5"
        >
          <span aria-hidden="true" className={cn('absolute inset-y-0 left-0 w-1', tile.verdict ? railFor[tile.tone] : 'bg-border')} />
          <p className="text-sm font-medium text-muted-foreground">{tile.label}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <span className="text-2xl font-semibold tabular">{tile.value}</span>
            {tile.verdict && <Badge variant={badgeFor[tile.tone]}>{tile.verdict}</Badge>}
          </p>
          <p className="mt-2 text-sm text-muted-foreground">{tile.hint}</p>
        </li>
      ))}
    </ul>
  );
}
