import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADD_APPLICANT_EMPTY, addApplicantSchema, INTERESTS, type AddApplicantForm } from '../../../../domain/admin/waitlist';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { LiveRegion } from '../../../components/ui/live-region';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { ContactFields, StateSelect } from '../components/contact-fields';
import { useAddApplicant } from './waitlist-api';
import { WAITLIST_TEXTS } from './waitlist-texts';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'interestedIn',
  'downPaymentRange',
  'monthlyPaymentRange',
  'location',
  'timeline',
  'intendedState',
] as const;

/** Add Applicant (docs/product/back-office.md#waitlist): first name, last name and e-mail required; the rest optional. */
export function AddApplicantDialog({ open, onOpenChange, onAdded }: { open: boolean; onOpenChange: (open: boolean) => void; onAdded: () => void }) {
  const { register, handleSubmit, formState, setError, reset, getFieldState } = useForm<AddApplicantForm, unknown, z.output<typeof addApplicantSchema>>({
    resolver: zodResolver(addApplicantSchema),
    defaultValues: ADD_APPLICANT_EMPTY,
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, FIELDS);
  const { errors, isSubmitting } = formState;
  const addApplicant = useAddApplicant();

  const onValid = async (values: z.output<typeof addApplicantSchema>) => {
    try {
      await addApplicant.mutateAsync(values);
      notify.success(WAITLIST_TEXTS.added);
      reset(ADD_APPLICANT_EMPTY);
      onOpenChange(false);
      onAdded();
    } catch (error) {
      // A field's error goes under its field; the toast is for the rest (docs/product/public-site.md#messages).
      if (applyServerFieldErrors(error, setError, FIELDS)) announceErrors();
      else notify.error('Error', failureText(error, WAITLIST_TEXTS.addFailed));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (!next) reset(ADD_APPLICANT_EMPTY);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogTitle>Add Applicant</DialogTitle>
        <DialogDescription>Adds someone to the waitlist by hand. Only the name and email are required.</DialogDescription>
        <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Add applicant">
          <LiveRegion announcer={announcer} />
          <ContactFields register={register} errors={errors} />
          <Field label="Interested In" error={errors.interestedIn?.message}>
            <NativeSelect {...register('interestedIn')}>
              <option value="">Select an interest</option>
              {INTERESTS.map((interest) => (
                <option key={interest.value} value={interest.value}>
                  {interest.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Intended State" error={errors.intendedState?.message}>
            <StateSelect {...register('intendedState')} />
          </Field>
          <Field label="Down Payment Range" help="For example $20K-$30K." error={errors.downPaymentRange?.message}>
            <Input autoComplete="off" {...register('downPaymentRange')} />
          </Field>
          <Field label="Monthly Payment Range" help="For example $1,800-$2,000." error={errors.monthlyPaymentRange?.message}>
            <Input autoComplete="off" {...register('monthlyPaymentRange')} />
          </Field>
          <Field label="Location" help="City and state, e.g. Dallas, TX." error={errors.location?.message}>
            <Input autoComplete="off" {...register('location')} />
          </Field>
          <Field label="Timeline" help="For example Within 6 months." error={errors.timeline?.message}>
            <Input autoComplete="off" maxLength={200} {...register('timeline')} />
          </Field>
          <DialogFooter className="mt-2 sm:col-span-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Adding...' : 'Add Applicant'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
