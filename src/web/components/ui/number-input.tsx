import type { ComponentProps } from 'react';
import { Input } from './input';
import { cn } from '../../lib/cn';

interface NumberInputProps extends Omit<ComponentProps<'input'>, 'type' | 'prefix'> {
  /** Shown inside the field before the number, e.g. '$'. */
  prefix?: string;
  /** Shown inside the field after the number, e.g. '%'. */
  suffix?: string;
}

/**
 * A text field for figures: phones show the decimal keypad, and '$50,000' or
 * '6.4 %' are read as typed (domain `toNumber`; empty counts as 0). The unit is drawn
 * inside the field but is not part of its value or of its accessible name.
 * Field passes id and aria-* straight through to the input.
 */
export function NumberInput({ prefix, suffix, className, inputMode = 'decimal', ...props }: NumberInputProps) {
  return (
    <div className="relative">
      {prefix && (
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
          {prefix}
        </span>
      )}
      <Input
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={false}
        className={cn('tabular', prefix && 'pl-7', suffix && 'pr-9', className)}
        {...props}
      />
      {suffix && (
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-foreground">
          {suffix}
        </span>
      )}
    </div>
  );
}
