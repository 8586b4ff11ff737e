import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { agreementBounds, agreementComparisonInputs, applySlider, comparisonBaseline, type AgreementInputs } from '../../../domain/calculators';
import { formatCents, formatMoney, formatPercent } from '../../../domain/format';
import { PAYMENT_CHANGE_STATE_LABELS, type HomeChanges } from '../../../domain/homes/changes';
import { PaymentSlider } from '../../components/comparison/payment-slider';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { brand } from '../../lib/config';
import { ApiError } from '../../lib/api';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { myHomeChangesQuery, useAskForPayment, useWithdrawPaymentChange } from './home-changes-api';
import { HomeChangesFrame } from './home-changes-frame';

const cents = (dollars: number) => Math.round(dollars * 100);

/** The agreement in the calculators' dollars. */
const agreementOf = (home: HomeChanges): AgreementInputs => ({
  price: home.agreement.priceCents / 100,
  downPayment: home.agreement.downPaymentCents / 100,
  mortgageRate: home.agreement.mortgageRate,
  appreciationRate: home.agreement.appreciationRate,
});

/**
 * 'Adjust Monthly Payment' (docs/product/dashboard.md#adjust-monthly-payment; calculators.md 'Homeowner figures'): the comparison
 * slider within the agreement's bounds, and what the payment changes — the equity given up
 * each month, the share of the appreciation and the 5-year projection — from the same
 * comparison homeownerFigures reads (applySlider at the agreement's baseline; no formula
 * of its own). 'Ask for this payment' sends a request staff approve or decline; an
 * approved payment starts with the next unbilled month.
 */
export default function AdjustPaymentPage() {
  const changes = useQuery(myHomeChangesQuery);
  return (
    <HomeChangesFrame title="Adjust Monthly Payment" query={changes}>
      {(home) => <AdjustPayment key={home.currentPaymentCents} home={home} />}
    </HomeChangesFrame>
  );
}

function AdjustPayment({ home }: { home: HomeChanges }) {
  const agreement = agreementOf(home);
  const bounds = agreementBounds(agreement);
  const baseline = useMemo(() => comparisonBaseline(agreementComparisonInputs(agreementOf(home))), [home]);
  const current = applySlider(baseline, home.currentPaymentCents / 100);
  const [value, setValue] = useState(current.sliderValue);
  const proposed = applySlider(baseline, value);
  const [error, setError] = useState<string | null>(null);
  const ask = useAskForPayment();
  const withdraw = useWithdrawPaymentChange();
  const pending = home.paymentChanges.find((change) => change.state === 'pending');
  const decided = home.paymentChanges.find((change) => change.state !== 'pending');
  const unchanged = cents(proposed.sliderValue) === home.currentPaymentCents;

  const send = async () => {
    setError(null);
    try {
      await ask.mutateAsync(cents(proposed.sliderValue));
      notify.success('Request sent', 'We will e-mail you when we have looked at it.');
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields?.monthlyPaymentCents) setError(failure.fields.monthlyPaymentCents);
      else if (failure instanceof ApiError && failure.status === 409) setError(failure.message);
      else notify.error('Error', failureText(failure, 'Failed to send your request'));
    }
  };

  const rows = [
    { label: 'Total monthly payment', now: formatMoney(current.sliderValue), then: formatMoney(proposed.sliderValue) },
    { label: 'Equity given up each month', now: formatMoney(current.principalReduction), then: formatMoney(proposed.principalReduction) },
    { label: 'Your share of the appreciation', now: formatPercent(current.appreciationShare), then: formatPercent(proposed.appreciationShare) },
    { label: '5 Year Projected Wealth', now: formatMoney(current.rows[4]!.total_product_value), then: formatMoney(proposed.rows[4]!.total_product_value) },
  ];

  return (
    <div className="flex flex-col gap-6">
      {pending && (
        <Alert variant="info">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p>
              You asked for <span className="font-semibold">{formatCents(pending.monthlyPaymentCents)}</span> a month. It is waiting for our approval; we will
              e-mail you.
            </p>
            <Button
              variant="outline"
              disabled={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(pending.id, {
                  onSuccess: () => notify.success('Request withdrawn'),
                  onError: (failure) => notify.error('Error', failureText(failure, 'Failed to withdraw your request')),
                })
              }
            >
              Withdraw request
            </Button>
          </div>
        </Alert>
      )}
      {!pending && decided && (
        <Alert variant={decided.state === 'declined' ? 'warning' : 'info'}>
          Your request for {formatCents(decided.monthlyPaymentCents)} a month: {PAYMENT_CHANGE_STATE_LABELS[decided.state].toLowerCase()}
          {decided.state === 'approved' && decided.fromMonth ? `, from month ${decided.fromMonth} of your agreement` : ''}.
          {decided.state === 'declined' && decided.reason ? ` Our reason: ${decided.reason}` : ''}
          {/* docs/decisions/039-addenda-and-envelopes.md: with e-signatures on, an approval waits for the addendum's signatures. */}
          {decided.state === 'signing' ? ' Sign the addendum from your dashboard: the new payment applies once we have countersigned it.' : ''}
        </Alert>
      )}

      <Card className="p-6">
        <p className="text-[0.9375rem] text-muted-foreground">
          Your monthly payment is <span className="font-semibold text-foreground">{formatCents(home.currentPaymentCents)}</span>. A new payment starts with
          month {home.nextMonth} of your agreement, the next one we bill; months already billed keep their amount.
        </p>
        <div className="mt-6">
          <PaymentSlider
            min={bounds.min}
            max={bounds.max}
            step={bounds.step}
            value={proposed.sliderValue}
            productPayment={proposed.productMonthly}
            productName={brand.name}
            label="Your new total monthly payment"
            disabled={home.state !== 'active'}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
          />
        </div>
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-[0.9375rem]">
            <caption className="sr-only">Your figures now and at the new payment</caption>
            <thead>
              <tr className="border-b border-border text-sm text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Figure
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Now
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  New payment
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {row.label}
                  </th>
                  <td className="py-2 pr-3 text-right tabular">{row.now}</td>
                  <td className="py-2 text-right font-semibold tabular">{row.then}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {error && (
          <p role="alert" className="mt-4 text-sm font-medium text-destructive">
            {error}
          </p>
        )}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button
            disabled={Boolean(pending) || decided?.state === 'signing' || unchanged || ask.isPending || home.state !== 'active'}
            onClick={() => void send()}
          >
            Ask for this payment
          </Button>
          {unchanged && !pending && <p className="text-sm text-muted-foreground">Move the slider to choose a different payment.</p>}
        </div>
      </Card>
      <Link to="/dashboard" className="inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to the dashboard
      </Link>
    </div>
  );
}
