import { cloneElement, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { useFormContext } from 'react-hook-form';
import { fieldByName, isFieldRequired, todayIso } from '../../../domain/application';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import type { ApplicationFormValues } from './form-values';
import { opensAsInput } from './sensitive-display';
import { useWizard, type SensitiveName } from './wizard-context';

/**
 * The last 4 SSN digits and the date of birth (docs/decisions/007,
 * docs/product/application.md#sensitive-fields): once stored, they are shown masked
 * ('•••• 1234') with 'Change'; the digits never come back. Whether the field is an
 * input or its masked copy is decided when it appears and held while it is on
 * screen (sensitive-display.ts): a save never swaps the field the user is typing in.
 * While changing a stored value, an empty input keeps it ('Keep current').
 */
export function SensitiveField({ name }: { name: SensitiveName }) {
  const field = fieldByName(`personal.${name}`)!;
  const path = `personal.${name}` as const;
  const { register, setValue } = useFormContext<ApplicationFormValues>();
  const { view, editable, selfEmployed, errorOf, problemOf } = useWizard();
  const masked = view.sensitive[name];
  // Decided once, when the field appears; 'Change' and 'Keep current' are the only switches while it is on screen.
  const [open, setOpen] = useState(() => opensAsInput({ editable, stored: masked, problem: problemOf(path) }));
  // The stored value when the input opened over it ('Leave empty to keep …'); null for a first value.
  const [over, setOver] = useState(() => (open ? masked : null));
  const showInput = editable && open;
  const input = useRef<HTMLInputElement | null>(null);
  const changeButton = useRef<HTMLButtonElement | null>(null);
  const focusNext = useRef<'input' | 'change' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'input') input.current?.focus();
    if (focusNext.current === 'change') changeButton.current?.focus();
    focusNext.current = null;
  }, [showInput]);

  const label = field.label;
  const error = errorOf(field.name);
  const required = isFieldRequired(field, selfEmployed);

  if (!showInput) {
    return (
      <Field label={label} required={required} error={error} help={masked ? 'Stored encrypted. Only the last characters are shown.' : undefined}>
        <MaskedValue
          value={masked ?? 'Not provided'}
          buttonRef={changeButton}
          onChange={
            editable
              ? () => {
                  focusNext.current = 'input';
                  setOver(masked);
                  setOpen(true);
                }
              : undefined
          }
          label={label}
        />
      </Field>
    );
  }

  const { ref, ...rest } = register(path);
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
  const keep = over && masked;
  return (
    <Field label={label} required={required} error={error} help={keep ? `Leave empty to keep ${masked}.` : undefined}>
      <InputWithCancel
        onCancel={
          keep
            ? () => {
                setValue(path, '', { shouldDirty: true });
                focusNext.current = 'change';
                setOpen(false);
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

function MaskedValue({
  value,
  onChange,
  label,
  buttonRef,
  ...aria
}: { value: string; onChange?: () => void; label: string; buttonRef: Ref<HTMLButtonElement> } & Record<string, unknown>) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Input readOnly value={value} className="max-w-56 font-mono tracking-[0.15em]" {...aria} />
      {onChange && (
        <Button ref={buttonRef} variant="outline" size="sm" onClick={onChange} aria-label={`Change ${label}`}>
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
    <div className="flex flex-wrap items-center gap-3">
      {cloneElement(children, aria)}
      {onCancel && (
        <Button variant="ghost" size="sm" onClick={onCancel} aria-label={`Keep the current ${label}`}>
          Keep current
        </Button>
      )}
    </div>
  );
}
