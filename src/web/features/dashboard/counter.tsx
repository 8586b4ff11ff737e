import { formatMoney, formatPercent } from '../../../domain/format';
import { useCountUp } from './use-count-up';

/**
 * A figure that counts up. Screen readers get the final figure only (the
 * moving digits are hidden from them).
 */
export function Counter({ value, kind = 'money', className }: { value: number; kind?: 'money' | 'percent'; className?: string }) {
  const shown = useCountUp(value);
  const format = kind === 'money' ? formatMoney : (v: number) => formatPercent(v);
  return (
    <span className={className}>
      <span aria-hidden="true" className="tabular">
        {format(shown)}
      </span>
      <span className="sr-only">{format(value)}</span>
    </span>
  );
}
