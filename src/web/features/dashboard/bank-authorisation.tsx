import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PaymentsOverview } from '../../../domain/payments/bank-account';

/** The ACH debit authorisation, its text and version, and the box that agrees to it: the same on both ways to add an account. */
export function Authorisation({ overview, checkbox, error }: { overview: PaymentsOverview; checkbox: UseFormRegisterReturn<'agreed'>; error?: string }) {
  const textId = useId();
  return (
    <div className="flex flex-col gap-2">
      <h3 id={textId} className="text-base font-semibold">
        ACH debit authorisation
      </h3>
      <p aria-labelledby={textId} className="rounded-[var(--radius-control)] border border-border bg-muted/40 p-3 text-sm leading-relaxed">
        {overview.authorisation.text}
      </p>
      <label className="flex min-h-11 cursor-pointer items-start gap-3 text-[0.9375rem]">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-[var(--color-primary)]"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${textId}-agreed` : undefined}
          {...checkbox}
        />
        <span>I have read and agree to this authorisation (version {overview.authorisation.version}).</span>
      </label>
      {error && (
        <p id={`${textId}-agreed`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
