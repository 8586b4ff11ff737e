import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { clampStep } from '../../../domain/application';

/**
 * The wizard's step lives in the URL (`?step=2`, counted from 1), so back and
 * forward move between steps and a reload opens the same one.
 */
export function useWizardStep() {
  const [params, setParams] = useSearchParams();
  const step = clampStep(Number(params.get('step') ?? '1') - 1);
  const goTo = useCallback(
    (index: number) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('step', String(clampStep(index) + 1));
          return next;
        },
        { preventScrollReset: false },
      );
    },
    [setParams],
  );
  return { step, goTo };
}
