import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { agreementComparisonInputs, applySlider, comparisonBaseline } from '../../../../domain/calculators';
import { formatMoneyCents } from '../../../../domain/format';
import {
  addDays,
  centsToDollarsText,
  dollarsToCents,
  DOWN_PAYMENT_BELOW_PRICE,
  PURCHASE_DAYS_AHEAD,
  purchaseSchema,
  todayIso,
  type PurchaseInput,
  type PurchaseStart,
} from '../../../../domain/homes/admin-homes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { brand } from '../../../lib/config';
import { applyServerFieldErrors, failureText } from '../../../lib/form-errors';
import { typedNumber } from '../../../lib/form-schemas';
import { notify } from '../../../lib/toast';
import { NumberInput } from '../../../components/ui/number-input';
import { PaymentSlider } from '../../../components/comparison/payment-slider';
import { PaymentSummary } from '../../../components/comparison/payment-summary';
import { useRecordPurchase } from './homes-api';

const rateOf = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : null);

/** The slider's result for an agreement whose figures are all typed (cents, percent), at `requested` (null: the top). */
function sliderResult(priceCents: number | null, downPaymentCents: number | null, r: number | null, a: number | null, requested: number | null) {
  const ready =
    priceCents !== null && priceCents > 0 && downPaymentCents !== null && downPaymentCents < priceCents && r !== null && r > 0 && r < 30 && a !== null;
  if (!ready) return null;
  const baseline = comparisonBaseline(
    agreementComparisonInputs({ price: priceCents / 100, downPayment: downPaymentCents / 100, mortgageRate: r, appreciationRate: a }),
  );
  return { baseline, result: applySlider(baseline, requested ?? undefined) };
}

const shape = purchaseSchema.shape;
/** The API's field (cents) → the form's (dollars). */
const FORM_FIELD = { priceCents: 'price', downPaymentCents: 'downPayment', monthlyPaymentCents: 'monthlyPayment' } as const;

/**
 * The contract's purchase schema as the form holds it: amounts typed in dollars, rates as typed, and `monthlyPayment`
 * the slider's position (null: the top). Once every field reads, the body it makes is checked by the contract's schema
 * whole (the payment on the agreement's slider), its refusals under the form's fields.
 */
const purchaseFormSchema = z
  .object({
    address: shape.address,
    purchaseDate: shape.purchaseDate,
    price: typedNumber(dollarsToCents, { invalid: 'Enter the purchase price in dollars, e.g. 420000.' }, shape.priceCents),
    downPayment: typedNumber(dollarsToCents, { invalid: 'Enter the down payment in dollars, e.g. 29400.' }, shape.downPaymentCents),
    mortgageRate: typedNumber(rateOf, { invalid: 'Enter the mortgage rate as a number, e.g. 6.4.' }, shape.mortgageRate),
    appreciationRate: typedNumber(rateOf, { invalid: 'Enter the appreciation as a number, e.g. 3.8.' }, shape.appreciationRate),
    monthlyPayment: z.number().nullable(),
  })
  // The contract compares them only once every field reads: say so at once, whatever else is missing.
  .check(
    z.refine((v) => !(typeof v.price === 'number' && typeof v.downPayment === 'number' && v.downPayment >= v.price), {
      path: ['downPayment'],
      message: DOWN_PAYMENT_BELOW_PRICE,
      when: () => true,
    }),
  )
  .transform((v, ctx): PurchaseInput => {
    const slider = sliderResult(v.price, v.downPayment, v.mortgageRate, v.appreciationRate, v.monthlyPayment);
    const body = {
      address: v.address,
      purchaseDate: v.purchaseDate,
      priceCents: v.price,
      downPaymentCents: v.downPayment,
      mortgageRate: v.mortgageRate,
      appreciationRate: v.appreciationRate,
      monthlyPaymentCents: slider ? Math.round(slider.result.sliderValue * 100) : Number.NaN,
    };
    const checked = purchaseSchema.safeParse(body);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const name = String(issue.path[0]);
      ctx.addIssue({ code: 'custom', path: [FORM_FIELD[name as keyof typeof FORM_FIELD] ?? name], message: issue.message });
    }
    return z.NEVER;
  });
type PurchaseForm = z.input<typeof purchaseFormSchema>;
const FIELDS = ['address', 'purchaseDate', 'price', 'downPayment', 'mortgageRate', 'appreciationRate', 'monthlyPayment'] as const;

/**
 * 'Record purchase' (docs/product/back-office.md#record-purchase; calculators.md 'Homeowner figures';
 * docs/product/dashboard.md#what-comes-with-a-home): the property, the purchase date, the agreement's price,
 * down payment, rate and appreciation assumption (the application's and the settings'
 * figures to start), and the monthly payment on the comparison's slider (10 years) with
 * the figures it implies, the public comparison's own components. Amounts are typed in
 * dollars and sent in cents; the server checks everything again with the same schema.
 */
export function PurchaseDialog({
  applicationId,
  buyer,
  start,
  open,
  onOpenChange,
}: {
  applicationId: string;
  buyer: string;
  start: PurchaseStart['defaults'];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { register, handleSubmit, formState, setError, setValue, control } = useForm<PurchaseForm, unknown, PurchaseInput>({
    resolver: zodResolver(purchaseFormSchema),
    defaultValues: {
      address: start.address,
      purchaseDate: start.purchaseDate,
      price: start.priceCents ? centsToDollarsText(start.priceCents) : '',
      downPayment: start.downPaymentCents ? centsToDollarsText(start.downPaymentCents) : '',
      mortgageRate: String(start.mortgageRate),
      appreciationRate: String(start.appreciationRate),
      // The accepted offer's monthly payment, when the purchase is recorded from one; else the slider's top.
      monthlyPayment: start.monthlyPaymentCents === null ? null : start.monthlyPaymentCents / 100,
    },
  });
  const { errors } = formState;
  const [refusal, setRefusal] = useState<string>();
  const record = useRecordPurchase(applicationId);

  const [price, downPayment, mortgageRate, appreciationRate, requested] = useWatch({
    control,
    name: ['price', 'downPayment', 'mortgageRate', 'appreciationRate', 'monthlyPayment'],
  });
  const priceCents = dollarsToCents(price);
  const downPaymentCents = dollarsToCents(downPayment);
  const r = rateOf(mortgageRate);
  const a = rateOf(appreciationRate);
  const baseline = useMemo(() => sliderResult(priceCents, downPaymentCents, r, a, null)?.baseline ?? null, [priceCents, downPaymentCents, r, a]);
  const result = baseline ? applySlider(baseline, requested ?? undefined) : null;

  const onValid = async (body: PurchaseInput) => {
    setRefusal(undefined);
    try {
      await record.mutateAsync({ ...body, offerId: start.offerId });
      notify.success('Purchase recorded', `${buyer} is now a homeowner. They will get an e-mail.`);
      onOpenChange(false);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, FIELDS, FORM_FIELD)) return;
      if (error instanceof ApiError && error.status === 409) return setRefusal(error.message);
      notify.error('Error', failureText(error, 'Failed to record the purchase'));
    }
  };

  const latest = addDays(todayIso(), PURCHASE_DAYS_AHEAD);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>Record purchase</DialogTitle>
        <DialogDescription>
          The home {buyer} is buying with {brand.name}, and the agreement behind it. Saving makes them a homeowner and e-mails them.
        </DialogDescription>
        <form noValidate className="mt-5 flex flex-col gap-5" onSubmit={handleSubmit(onValid, () => setRefusal(undefined))}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Property address" required error={errors.address?.message} className="sm:col-span-2">
              <Input maxLength={200} autoComplete="off" {...register('address')} />
            </Field>
            <Field label="Purchase date" required error={errors.purchaseDate?.message} help="The closing date; at most 90 days ahead.">
              <Input type="date" min="2000-01-01" max={latest} {...register('purchaseDate')} />
            </Field>
            <Field label="Purchase price" required error={errors.price?.message}>
              <NumberInput prefix="$" {...register('price')} />
            </Field>
            <Field label="Down payment" required error={errors.downPayment?.message}>
              <NumberInput prefix="$" {...register('downPayment')} />
            </Field>
            <Field label="Mortgage rate" required error={errors.mortgageRate?.message} help="The reference rate; from Settings to start.">
              <NumberInput suffix="%" {...register('mortgageRate')} />
            </Field>
            <Field label="Appreciation assumption" required error={errors.appreciationRate?.message} help="Percent a year.">
              <NumberInput suffix="%" {...register('appreciationRate')} />
            </Field>
          </div>
          <section aria-labelledby={`${applicationId}-payment`} className="flex flex-col gap-4 rounded-[var(--radius-control)] border border-border p-4">
            <h3 id={`${applicationId}-payment`} className="text-sm font-semibold text-foreground">
              Monthly payment
            </h3>
            {result ? (
              <>
                <PaymentSlider
                  min={result.slider.min}
                  max={result.slider.max}
                  step={result.slider.step}
                  value={result.sliderValue}
                  productPayment={result.productMonthly}
                  productName={brand.name}
                  label="Total monthly payment"
                  disabled={record.isPending}
                  onChange={(value) => setValue('monthlyPayment', value)}
                />
                <p className="text-sm text-muted-foreground">
                  Charged each month from the first month after the purchase:{' '}
                  <span className="font-semibold text-foreground tabular" data-testid="purchase-monthly-exact">
                    {formatMoneyCents(result.sliderValue)}
                  </span>
                </p>
                <PaymentSummary result={result} productName={brand.name} />
              </>
            ) : (
              <p className="text-sm text-muted-foreground">Enter the price, a down payment below it and the mortgage rate to choose the payment.</p>
            )}
            {errors.monthlyPayment && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.monthlyPayment.message}
              </p>
            )}
          </section>
          {refusal && (
            <Alert variant="destructive">
              <p>{refusal}</p>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Saving...' : 'Record purchase'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
