import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '../../../domain/application';
import type { ApplicationFormValues } from './form-values';

const amount = (text: string | null) => {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 && value <= LIMITS.money ? String(Math.round(value)) : undefined;
};

/**
 * docs/product/application.md#home-you-want: the 'Home you want' block is pre-filled from
 * the calculator's `?price=&down=` when the draft has no values of its own.
 * The parameters are then dropped from the URL, so a reload does not bring back
 * a value the user cleared. Answers whether it filled anything.
 */
export function useCalculatorPrefill({
  enabled,
  values,
  apply,
}: {
  enabled: boolean;
  values: ApplicationFormValues;
  apply: (filled: { desiredPropertyValue?: string; downPayment?: string }) => void;
}) {
  const [params, setParams] = useSearchParams();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const price = amount(params.get('price'));
    const down = amount(params.get('down'));
    if (price === undefined && down === undefined) return;
    const filled: { desiredPropertyValue?: string; downPayment?: string } = {};
    if (enabled && price && values.assets.desiredPropertyValue === '') filled.desiredPropertyValue = price;
    if (enabled && down && values.assets.downPayment === '') filled.downPayment = down;
    if (filled.desiredPropertyValue || filled.downPayment) apply(filled);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('price');
        next.delete('down');
        return next;
      },
      { replace: true },
    );
  }, [enabled, values, apply, params, setParams]);
}
