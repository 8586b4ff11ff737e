import { useId, type CSSProperties } from 'react';
import { formatMoney } from '../../../domain/format';
import { cn } from '../../lib/cn';

interface PaymentSliderProps {
  min: number;
  max: number;
  step: number;
  /** The total monthly payment at the slider's position (taxes and insurance included). */
  value: number;
  /** The product's own payment at this position, without taxes and insurance. */
  productPayment: number;
  productName: string;
  /** The slider's label; the public comparison speaks to the buyer. */
  label?: string;
  disabled?: boolean;
  onChange: (value: number) => void;
}

// Written out in full: Tailwind only generates classes it finds literally in the source.
const webkitThumb =
  '[&::-webkit-slider-thumb]:-mt-[9px] [&::-webkit-slider-thumb]:size-7 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-[3px] [&::-webkit-slider-thumb]:border-primary [&::-webkit-slider-thumb]:bg-card [&::-webkit-slider-thumb]:shadow-[var(--shadow-raised)]';
const mozThumb =
  '[&::-moz-range-thumb]:size-7 [&::-moz-range-thumb]:appearance-none [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-[3px] [&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-card [&::-moz-range-thumb]:shadow-[var(--shadow-raised)]';

/**
 * The comparison's payment slider (docs/product/calculators.md#slider): a native range
 * input, so arrows move one $5 step, Page Up/Down ten, Home/End the ends, on every
 * device and screen reader, and `aria-valuetext` reads dollars.
 */
export function PaymentSlider({
  min,
  max,
  step,
  value,
  productPayment,
  productName,
  label = 'Your total monthly payment',
  disabled,
  onChange,
}: PaymentSliderProps) {
  const id = useId();
  const span = max - min;
  const fill = span > 0 ? ((value - min) / span) * 100 : 100;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p className="text-3xl font-bold tracking-tight text-primary tabular" data-testid="slider-total">
          {formatMoney(value)}
          <span className="text-base font-medium text-muted-foreground">/mo</span>
        </p>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={`${formatMoney(value)} per month`}
        aria-describedby={`${id}-ends ${id}-hint`}
        onChange={(e) => onChange(Number(e.target.value))}
        style={{ '--fill': `${fill}%` } as CSSProperties}
        className={cn(
          'mt-3 block h-11 w-full cursor-pointer appearance-none rounded-full bg-transparent disabled:cursor-not-allowed disabled:opacity-60',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          '[&::-webkit-slider-runnable-track]:h-2.5 [&::-webkit-slider-runnable-track]:rounded-full',
          '[&::-webkit-slider-runnable-track]:bg-[linear-gradient(to_right,var(--color-primary)_var(--fill),var(--color-input)_var(--fill))]',
          '[&::-moz-range-track]:h-2.5 [&::-moz-range-track]:rounded-full [&::-moz-range-track]:bg-[var(--color-input)]',
          '[&::-moz-range-progress]:h-2.5 [&::-moz-range-progress]:rounded-full [&::-moz-range-progress]:bg-primary',
          webkitThumb,
          mozThumb,
        )}
      />
      <div id={`${id}-ends`} className="mt-1 flex justify-between text-sm text-muted-foreground tabular">
        <span>
          Lowest{' '}
          <span className="font-semibold text-foreground" data-testid="slider-min">
            {formatMoney(min)}
          </span>
        </span>
        <span>
          Highest{' '}
          <span className="font-semibold text-foreground" data-testid="slider-max">
            {formatMoney(max)}
          </span>
        </span>
      </div>
      <p id={`${id}-hint`} className="mt-3 text-sm text-muted-foreground">
        Your {productName} payment is <span className="font-semibold text-foreground tabular">{formatMoney(productPayment)}</span> of this, plus property taxes
        and insurance. Pay less each month and you earn less equity and a smaller share of the appreciation.
      </p>
    </div>
  );
}
