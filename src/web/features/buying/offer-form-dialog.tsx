import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { homeAddress, monthlyRangeFor, type ConsideredHome, type MyHomes } from '../../../domain/buying/homes';
import { OFFER_FIELDS, offerProblems, offerSchema, type OfferForm, type OfferInput } from '../../../domain/buying/offers';
import { formatCents } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { LiveRegion } from '../../components/ui/live-region';
import { ApiError } from '../../lib/api';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { useMakeOffer } from './buying-api';
import { FIND_TEXTS } from './find-texts';

type Terms = NonNullable<MyHomes['terms']>;

/**
 * 'Make an offer' (docs/product/dashboard.md#your-offer): price, down payment, desired monthly payment,
 * move-in date and notes, checked here against the approval as the server checks them again.
 */
export function OfferFormDialog({
  home,
  terms,
  open,
  onOpenChange,
}: {
  home: ConsideredHome;
  terms: Terms;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const start = Math.min(home.listPriceCents, terms.maxPriceCents);
  const range = monthlyRangeFor(start, terms.downPaymentCents, terms.mortgageRate);
  const { register, handleSubmit, formState, setError, getValues, getFieldState, watch } = useForm<OfferForm, unknown, OfferInput>({
    resolver: zodResolver(offerSchema),
    defaultValues: {
      offerPrice: String(start / 100),
      downPayment: String(terms.downPaymentCents / 100),
      monthlyPayment: range ? String(Math.round(range.maxCents) / 100) : '',
      moveInDate: 'Flexible',
      notes: '',
    },
  });
  const fields = OFFER_FIELDS;
  const [stateError, setStateError] = useState<string | undefined>();
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, fields);
  const make = useMakeOffer();
  const { errors, isSubmitting } = formState;
  const parsed = offerSchema.safeParse(watch());
  const live = parsed.success ? monthlyRangeFor(parsed.data.offerPrice, parsed.data.downPayment, terms.mortgageRate) : null;

  const onValid = async (input: OfferInput) => {
    const problems = offerProblems(input, terms);
    const names = Object.keys(problems) as (keyof OfferForm)[];
    if (names.length > 0) {
      for (const name of names) setError(name, { message: problems[name] });
      announceErrors();
      return;
    }
    try {
      await make.mutateAsync({ homeId: home.id, form: getValues() });
      notify.success(FIND_TEXTS.offerSent, FIND_TEXTS.offerSentText);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.fields?.state) setStateError(error.fields.state);
      else if (applyServerFieldErrors(error, setError, fields)) announceErrors();
      else notify.error('Error', failureText(error, FIND_TEXTS.offerFailed));
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogTitle>Make an offer</DialogTitle>
        <DialogDescription>
          {homeAddress(home)}. You’re approved up to {formatCents(terms.maxPriceCents)}. We review your letter of intent before the offer goes to the seller.
        </DialogDescription>
        {stateError && (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive">
            {stateError}
          </p>
        )}
        <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Offer">
          <LiveRegion announcer={announcer} />
          <Field label="Offer price" required error={errors.offerPrice?.message}>
            <Input inputMode="decimal" autoComplete="off" {...register('offerPrice')} />
          </Field>
          <Field label="Down payment" required help="At least 2% of the price." error={errors.downPayment?.message}>
            <Input inputMode="decimal" autoComplete="off" {...register('downPayment')} />
          </Field>
          <Field
            label="Desired monthly payment"
            required
            help={live ? `Between ${formatCents(live.minCents)} and ${formatCents(live.maxCents)} for this price and down payment.` : undefined}
            error={errors.monthlyPayment?.message}
            className="sm:col-span-2"
          >
            <Input inputMode="decimal" autoComplete="off" {...register('monthlyPayment')} />
          </Field>
          <Field label="Move-in date" required help="A date, a quarter, a season or ‘Flexible’." error={errors.moveInDate?.message} className="sm:col-span-2">
            <Input autoComplete="off" maxLength={100} {...register('moveInDate')} />
          </Field>
          <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            <Textarea rows={3} maxLength={5000} {...register('notes')} />
          </Field>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send offer'}
            </Button>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
