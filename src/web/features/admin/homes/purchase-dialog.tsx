import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
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
  type PurchaseStart,
} from '../../../../domain/homes/admin-homes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { brand } from '../../../lib/config';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { NumberInput } from '../../../components/ui/number-input';
import { PaymentSlider } from '../../../components/comparison/payment-slider';
import { PaymentSummary } from '../../../components/comparison/payment-summary';
import { useRecordPurchase } from './homes-api';

type FormField = 'address' | 'purchaseDate' | 'price' | 'downPayment' | 'mortgageRate' | 'appreciationRate' | 'monthlyPayment';
type Errors = Partial<Record<FormField, string>>;

/** The API's field (cents) → the form's (dollars). */
const FORM_FIELD: Readonly<Record<string, FormField>> = {
  address: 'address',
  purchaseDate: 'purchaseDate',
  priceCents: 'price',
  downPaymentCents: 'downPayment',
  mortgageRate: 'mortgageRate',
  appreciationRate: 'appreciationRate',
  monthlyPaymentCents: 'monthlyPayment',
};

const rateOf = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * 'Record purchase' (docs/product/back-office.md#record-purchase; calculators.md 'Homeowner figures'; decisions.md 'Homes,
 * agreements and the ledger'): the property, the purchase date, the agreement's price,
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
  const [address, setAddress] = useState(start.address);
  const [purchaseDate, setPurchaseDate] = useState(start.purchaseDate);
  const [price, setPrice] = useState(start.priceCents ? centsToDollarsText(start.priceCents) : '');
  const [downPayment, setDownPayment] = useState(start.downPaymentCents ? centsToDollarsText(start.downPaymentCents) : '');
  const [mortgageRate, setMortgageRate] = useState(String(start.mortgageRate));
  const [appreciationRate, setAppreciationRate] = useState(String(start.appreciationRate));
  /** The slider's requested position; null: the top (the comparison's baseline). */
  const [requested, setRequested] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const record = useRecordPurchase(applicationId);

  const priceCents = dollarsToCents(price);
  const downPaymentCents = dollarsToCents(downPayment);
  const r = rateOf(mortgageRate);
  const a = rateOf(appreciationRate);
  const ready = priceCents !== null && priceCents > 0 && downPaymentCents !== null && downPaymentCents < priceCents && r > 0 && r < 30 && Number.isFinite(a);

  const baseline = useMemo(
    () =>
      ready
        ? comparisonBaseline(agreementComparisonInputs({ price: priceCents / 100, downPayment: downPaymentCents / 100, mortgageRate: r, appreciationRate: a }))
        : null,
    [ready, priceCents, downPaymentCents, r, a],
  );
  const result = baseline ? applySlider(baseline, requested ?? undefined) : null;
  const monthlyPaymentCents = result ? Math.round(result.sliderValue * 100) : null;

  // After a refused save, the first field in error takes the focus.
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const fail = (next: Errors) => {
    setErrors(next);
    setFocusTick((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const typed: Errors = {};
    if (priceCents === null) typed.price = 'Enter the purchase price in dollars, e.g. 420000.';
    if (downPaymentCents === null) typed.downPayment = 'Enter the down payment in dollars, e.g. 29400.';
    if (Number.isNaN(r)) typed.mortgageRate = 'Enter the mortgage rate as a number, e.g. 6.4.';
    if (Number.isNaN(a)) typed.appreciationRate = 'Enter the appreciation as a number, e.g. 3.8.';
    // The schema compares them only once every field parses: say so at once.
    if (priceCents !== null && downPaymentCents !== null && downPaymentCents >= priceCents) typed.downPayment = DOWN_PAYMENT_BELOW_PRICE;
    const body = {
      address,
      purchaseDate,
      priceCents: priceCents ?? Number.NaN,
      downPaymentCents: downPaymentCents ?? Number.NaN,
      mortgageRate: r,
      appreciationRate: a,
      monthlyPaymentCents: monthlyPaymentCents ?? Number.NaN,
    };
    const parsed = purchaseSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FORM_FIELD[String(issue.path[0])];
        // Without a complete agreement there is no slider: the fields above say what is missing.
        if (field === 'monthlyPayment' && monthlyPaymentCents === null) continue;
        if (field && !typed[field]) typed[field] = issue.message;
      }
    }
    if (Object.keys(typed).length > 0) return fail(typed);
    try {
      await record.mutateAsync(body);
      notify.success('Purchase recorded', `${buyer} is now a homeowner. They will get an e-mail.`);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        const next: Errors = {};
        for (const [name, message] of Object.entries(error.fields)) {
          const field = FORM_FIELD[name];
          if (field) next[field] ??= message;
        }
        return fail(next);
      }
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
        <form ref={formRef} noValidate className="mt-5 flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Property address" required error={errors.address} className="sm:col-span-2">
              <Input value={address} maxLength={200} autoComplete="off" onChange={(e) => setAddress(e.target.value)} />
            </Field>
            <Field label="Purchase date" required error={errors.purchaseDate} help="The closing date; at most 90 days ahead.">
              <Input type="date" value={purchaseDate} min="2000-01-01" max={latest} onChange={(e) => setPurchaseDate(e.target.value)} />
            </Field>
            <Field label="Purchase price" required error={errors.price}>
              <NumberInput prefix="$" value={price} onChange={(e) => setPrice(e.target.value)} />
            </Field>
            <Field label="Down payment" required error={errors.downPayment}>
              <NumberInput prefix="$" value={downPayment} onChange={(e) => setDownPayment(e.target.value)} />
            </Field>
            <Field label="Mortgage rate" required error={errors.mortgageRate} help="The reference rate; from Settings to start.">
              <NumberInput suffix="%" value={mortgageRate} onChange={(e) => setMortgageRate(e.target.value)} />
            </Field>
            <Field label="Appreciation assumption" required error={errors.appreciationRate} help="Percent a year.">
              <NumberInput suffix="%" value={appreciationRate} onChange={(e) => setAppreciationRate(e.target.value)} />
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
                  onChange={setRequested}
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
                {errors.monthlyPayment}
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
