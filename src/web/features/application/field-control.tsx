import { cloneElement, useId, type ReactElement } from 'react';
import { useFormContext } from 'react-hook-form';
import { isFieldRequired, todayIso, type ApplicationField } from '../../../domain/application';
import { Checkbox } from '../../components/ui/checkbox';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import type { ApplicationFormValues } from './form-values';
import { useWizard } from './wizard-context';

type Name = Parameters<ReturnType<typeof useFormContext<ApplicationFormValues>>['register']>[0];

/** The input attributes of a field kind: type, keyboard, bounds (docs/product/application.md#fields). */
function inputProps(field: ApplicationField) {
  switch (field.kind) {
    case 'email':
      return { type: 'email', inputMode: 'email' as const, maxLength: field.maxLength };
    case 'tel':
      return { type: 'tel', inputMode: 'tel' as const, maxLength: field.maxLength };
    case 'date':
      // Birth and start dates are in the past.
      return { type: 'date', min: '1900-01-01', max: todayIso() };
    case 'money':
    case 'number':
      return { type: 'number', inputMode: 'decimal' as const, min: field.min, max: field.max, step: field.step };
    default:
      return { type: 'text', maxLength: field.maxLength };
  }
}

/** One field of the application, rendered from its domain description: label, required mark, type, bounds, error. */
export function FieldControl({ field, className, help }: { field: ApplicationField; className?: string; help?: string }) {
  const { register } = useFormContext<ApplicationFormValues>();
  const { editable, selfEmployed, errorOf } = useWizard();
  const name = field.name as Name;
  const required = isFieldRequired(field, selfEmployed);
  const error = errorOf(field.name);
  const errorId = useId();

  if (field.kind === 'checkbox') {
    return (
      <div className={cn('flex flex-col gap-1.5', className)}>
        <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2.5 text-[0.9375rem] leading-snug font-medium">
          <Checkbox
            className="mt-px"
            disabled={!editable}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            aria-required={required || undefined}
            {...register(name)}
          />
          <span>
            {field.label}
            {required && (
              <span aria-hidden="true" className="text-destructive">
                {' '}
                *
              </span>
            )}
          </span>
        </label>
        {error && (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  }

  const input = (
    <Input
      {...inputProps(field)}
      autoComplete={field.autoComplete}
      readOnly={!editable}
      className={cn(field.kind === 'money' && 'pl-7 tabular')}
      {...register(name)}
    />
  );
  return (
    <Field label={field.label} required={required} error={error} help={help} className={className}>
      {field.kind === 'money' ? <MoneyAdornment>{input}</MoneyAdornment> : input}
    </Field>
  );
}

/** A '$' before the amount; the input inside gets the id and aria-* the Field hands over. */
function MoneyAdornment({ children, ...props }: { children: ReactElement<Record<string, unknown>> } & Record<string, unknown>) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
        $
      </span>
      {cloneElement(children, props)}
    </div>
  );
}
