import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import {
  checkLetterPdf,
  EMPTY_LETTER_FORM,
  LETTER_FORM_FIELDS,
  LETTER_STATUS_LABELS,
  LETTER_STATUSES,
  letterSchema,
  type LetterForm,
  type LetterInput,
} from '../../../../domain/admin/letters';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { LiveRegion } from '../../../components/ui/live-region';
import { applyServerFieldErrors, failureText, isErrorOf, useErrorAnnouncer } from '../../../lib/form-errors';
import { Alert } from '../../../components/ui/alert';
import { adminLettersApi } from '../../../../domain/api/admin-letters';
import { notify } from '../../../lib/toast';
import { ContactFields, StateSelect } from '../components/contact-fields';
import { useAddLetter } from './letters-api';
import { LETTER_TEXTS } from './letter-texts';

/** Money fields take numbers in steps of 0.01 (docs/product/back-office.md#letters-of-intent). */
export function MoneyInput(props: ComponentProps<'input'>) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
        $
      </span>
      <Input type="number" inputMode="decimal" step="0.01" min="0" className="pl-7 tabular" {...props} />
    </div>
  );
}

/**
 * Add Letter of Intent (docs/product/back-office.md#letters-of-intent): first name,
 * last name and e-mail required; money as decimals or empty; move-in as free text;
 * status chosen here (default Pending); an optional PDF. On failure the dialog keeps
 * what was typed. The list refreshes when the letter is added.
 */
export function AddLetterDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { register, handleSubmit, formState, setError, reset, getValues, getFieldState } = useForm<LetterForm, unknown, LetterInput>({
    resolver: zodResolver(letterSchema),
    defaultValues: EMPTY_LETTER_FORM,
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, LETTER_FORM_FIELDS);
  const { errors, isSubmitting } = formState;
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  /** The server's refusal of the same letter twice: stays in the dialog until the next try. */
  const [duplicate, setDuplicate] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const addLetter = useAddLetter();

  const clear = () => {
    reset(EMPTY_LETTER_FORM);
    setFile(undefined);
    setFileError(undefined);
    setDuplicate(undefined);
  };

  const pick = (picked: File | undefined) => {
    const problem = picked ? checkLetterPdf(picked) : undefined;
    setFileError(problem);
    setFile(problem ? undefined : picked);
    if (problem && fileInput.current) fileInput.current.value = '';
  };

  const onValid = async () => {
    if (fileError) return;
    setDuplicate(undefined);
    try {
      // The raw texts go to the server, which validates them with the same schema.
      await addLetter.mutateAsync({ form: getValues(), file });
      notify.success(LETTER_TEXTS.added);
      clear();
      onOpenChange(false);
    } catch (error) {
      if (isErrorOf(adminLettersApi.add, error, 'duplicate_letter')) {
        setDuplicate(error.message);
        announcer.announce(error.message);
        return;
      }
      // A field's error goes under its field; the toast is for the rest (docs/product/public-site.md#messages).
      const underFields = applyServerFieldErrors(error, setError, LETTER_FORM_FIELDS);
      const fileMessage = error instanceof ApiError ? error.fields?.file : undefined;
      if (fileMessage) setFileError(fileMessage);
      if (underFields) announceErrors();
      else if (fileMessage) announcer.announce(fileMessage);
      else notify.error('Error', failureText(error, LETTER_TEXTS.addFailed));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (!next) clear();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogTitle>Add Letter of Intent</DialogTitle>
        <DialogDescription>Record a letter of intent and attach its signed PDF.</DialogDescription>
        <form
          noValidate
          onSubmit={handleSubmit(onValid, announceErrors)}
          className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2"
          aria-label="Add letter of intent"
        >
          <LiveRegion announcer={announcer} />
          <ContactFields register={register} errors={errors} />
          <Field label="Property Address" error={errors.propertyAddress?.message} className="sm:col-span-2">
            <Input autoComplete="off" {...register('propertyAddress')} />
          </Field>
          <Field label="Property Value" error={errors.propertyValue?.message}>
            <MoneyInput {...register('propertyValue')} />
          </Field>
          <Field label="Down Payment Amount" error={errors.downPaymentAmount?.message}>
            <MoneyInput {...register('downPaymentAmount')} />
          </Field>
          <Field label="Desired Monthly Payment" error={errors.desiredMonthlyPayment?.message}>
            <MoneyInput {...register('desiredMonthlyPayment')} />
          </Field>
          <Field label="Move-in Date" help="A quarter, a season or 'Flexible'." error={errors.moveInDate?.message}>
            <Input autoComplete="off" maxLength={100} placeholder="e.g. Q3 2025, Spring or Flexible" {...register('moveInDate')} />
          </Field>
          <Field label="Intended State" error={errors.intendedState?.message}>
            <StateSelect {...register('intendedState')} />
          </Field>
          <Field label="Status" error={errors.status?.message}>
            <NativeSelect {...register('status')}>
              {LETTER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {LETTER_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            <Textarea rows={3} {...register('notes')} />
          </Field>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <label htmlFor={fileId} className="text-sm font-medium">
              Letter of Intent PDF
            </label>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept="application/pdf"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${fileId}-help${fileError ? ` ${fileId}-error` : ''}`}
              onChange={(event) => pick(event.target.files?.[0])}
              className="block w-full cursor-pointer rounded-[var(--radius-control)] border border-input bg-card p-2 text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:font-semibold file:text-primary focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
            />
            <p id={`${fileId}-help`} className="text-sm text-muted-foreground">
              Optional. PDF only, up to 25 MB.
            </p>
            {fileError && (
              <p id={`${fileId}-error`} className="text-sm font-medium text-destructive">
                {fileError}
              </p>
            )}
          </div>
          {duplicate && (
            <Alert variant="destructive" className="sm:col-span-2">
              <p>{duplicate}</p>
            </Alert>
          )}
          <DialogFooter className="mt-2 sm:col-span-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Adding...' : 'Add Letter of Intent'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
