import { cn } from '../../lib/cn';

/** A determinate progress bar (0–100) with its accessible name and value text. */
export function Progress({ value, label, valueText, className }: { value: number; label: string; valueText?: string; className?: string }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className="h-full rounded-full bg-primary transition-[width] duration-200 ease-out" style={{ width: `${clamped}%` }} />
    </div>
  );
}
