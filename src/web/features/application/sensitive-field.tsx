import { cloneElement, useEffect, useRef, type ReactElement } from 'react';
import { useFormContext } from 'react-hook-form';
import { fieldByName, isFieldRequired, todayIso } from '../../../domain/application';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import type { ApplicationFormValues } from './form-values';
import { useWizard, type SensitiveName } from './wizard-context';

/**
 * The last 4 SSN digits and the date of birth (docs/decisions/007): once stored,
 * they are shown masked ('•••• 1234') with 'Change'; the digits never come back.
 * While changing, an empty input keeps the stored value ('Keep current').
 */
export function SensitiveField({ name }: { name: SensitiveName }) {
  const field = fieldByName(`personal.${name}`)!;
  const { register, setValue } = useFormContext<ApplicationFormValues>();
  const { view, editable, selfEmployed, errorOf, changing, setChanging } = useWizard();
  const masked = view.sensitive[name];
  const showInput = editable && (!masked || changing[name]);
  const input = useRef<HTMLInputElement | null>(null);
  const focusNext = useRef(false);
  useEffect(() => {
    if (showInput && focusNext.current) input.current?.focus();
    focusNext.current = false;
  }, [showInput]);

  const label = field.label;
  const error = errorOf(field.name);
  const required = isFieldRequired(field, selfEmployed);

  const startChanging = () => {
    focusNext.current = true;
    setChanging(name, true);
  };
  if (!showInput) {
    return (
      <Field label={label} required={required} error={error} help={masked ? 'Stored encrypted. Only the last characters are shown.' : undefined}>
        <MaskedValue value={masked ?? 'Not provided'} onChange={editable ? startChanging : undefined} label={label} />
      </Field>
    );
  }

  const { ref, ...rest } = register(`personal.${name}`);
  const props =
    name === 'ssnLast4'
      ? {
          type: 'text',
          inputMode: 'numeric' as const,
          pattern: '[0-9]{4}',
          maxLength: 4,
          placeholder: '1234',
          className: 'max-w-40 font-mono tracking-[0.2em]',
        }
      : { type: 'date', min: '1900-01-01', max: todayIso(), className: 'max-w-56' };
  return (
    <Field label={label} required={required} error={error} help={masked ? `Leave empty to keep ${masked}.` : undefined}>
      <InputWithCancel
        onCancel={
          masked
            ? () => {
                setValue(`personal.${name}`, '', { shouldDirty: true });
                setChanging(name, false);
              }
            : undefined
        }
        label={label}
      >
        <Input
          {...props}
          autoComplete={field.autoComplete}
          {...rest}
          ref={(element) => {
            ref(element);
            input.current = element;
          }}
        />
      </InputWithCancel>
    </Field>
  );
}

function MaskedValue({ value, onChange, label, ...aria }: { value: string; onChange?: () => void; label: string } & Record<string, unknown>) {
  return (
    <div className="flex items-center gap-3">
      <Input readOnly value={value} className="max-w-56 font-mono tracking-[0.15em]" {...aria} />
      {onChange && (
        <Button variant="outline" size="sm" onClick={onChange} aria-label={`Change ${label}`}>
          Change
        </Button>
      )}
    </div>
  );
}

function InputWithCancel({
  children,
  onCancel,
  label,
  ...aria
}: { children: ReactElement<Record<string, unknown>>; onCancel?: () => void; label: string } & Record<string, unknown>) {
  return (
    <div className="flex items-center gap-3">
      {cloneElement(children, aria)}
      {onCancel && (
        <Button variant="ghost" size="sm" onClick={onCancel} aria-label={`Keep the current ${label}`}>
          Keep current
        </Button>
      )}
    </div>
  );
}
