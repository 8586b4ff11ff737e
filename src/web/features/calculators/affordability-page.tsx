import { ArrowRight, TriangleAlert } from 'lucide-react';
import { useMemo, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import {
  AFFORDABILITY_DOWN_PAYMENT_MULTIPLE,
  AFFORDABILITY_MAX_MONTHLY_PAYMENT,
  AFFORDABILITY_PAYMENT_SHARE_OF_INCOME,
  calculateAffordability,
  CREDIT_SCORE_BANDS,
  CUSHION_HEALTHY_MIN,
  DTI_EXCELLENT_MAX,
  DTI_GOOD_MAX,
  LOCATION_REGIONS,
  LTV_STRONG_MAX,
  downPaymentMessage,
  incomeMessage,
  numberMessage,
  toNumber,
  type AffordabilityResult,
  type CreditScoreBand,
  type LocationRegion,
} from '../../../domain/calculators';
import { comparisonPath } from '../../../domain/brand';
import { formatMoney, formatPercent } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { NativeSelect } from '../../components/ui/input';
import { brand } from '../../lib/config';
import { BreakdownChart, type BreakdownPart } from './components/breakdown-chart';
import { CalculatorDisclaimer } from './components/calculator-disclaimer';
import { CalculatorHeader } from './components/calculator-header';
import { NumberInput } from '../../components/ui/number-input';
import { RatioTiles, type RatioTile } from './components/ratio-tiles';
import { useCalculatorDefaults, type CalculatorDefaults } from './lib/calculator-defaults';
import { applyHref, comparisonHref } from './lib/links';
import { useRevealResults } from './lib/use-reveal-results';
import { useOutsideNavigationKey, useSearchState, type SearchSpec } from './lib/use-search-state';
import { HoldUntilHydrated } from '../../components/ui/hold-until-hydrated';

type Param = 'income' | 'debt' | 'credit' | 'down' | 'target' | 'region' | 'tax' | 'ins' | 'hoa' | 'rate';

const BAND_LABELS: Record<CreditScoreBand, string> = {
  '<620': 'Below 620',
  '620-679': '620–679',
  '680-739': '680–739',
  '740-799': '740–799',
  '800+': '800 or higher',
};

const REGION_LABELS: Record<LocationRegion, string> = {
  CA: 'California',
  NY: 'New York',
  TX: 'Texas',
  FL: 'Florida',
  WA: 'Washington',
};

const isBand = (v: string): v is CreditScoreBand => (CREDIT_SCORE_BANDS as readonly string[]).includes(v);
const isRegion = (v: string): v is LocationRegion => (LOCATION_REGIONS as readonly string[]).includes(v);

function searchSpec({ affordability: d }: CalculatorDefaults): SearchSpec<Param> {
  return {
    income: String(d.grossIncomeMonthly),
    debt: String(d.debtPaymentsMonthly),
    credit: d.creditScoreBand,
    down: String(d.downPaymentAvailable),
    target: String(d.targetMonthlyPayment),
    region: d.locationRegion,
    tax: String(d.propertyTaxRate),
    ins: String(d.insuranceRate),
    hoa: String(d.hoaMonthly),
    rate: String(d.mortgageRate),
  };
}

// The breakdown's colors: evergreen family for what builds the buyer's home, clay and amber for costs.
const PART_COLORS = {
  homeownerPrincipal: 'var(--color-primary)',
  productFee: '#4d8f70',
  investorYield: '#9cc5ae',
  propertyTaxes: 'var(--color-accent)',
  homeownersInsurance: '#dca054',
};

function breakdownParts(result: AffordabilityResult): BreakdownPart[] {
  const b = result.monthlyBreakdown;
  return [
    { key: 'principal', label: 'Homeowner principal', hint: 'Builds your equity', value: b.homeownerPrincipal, color: PART_COLORS.homeownerPrincipal },
    { key: 'fee', label: `${brand.name} fee`, value: b.productFee, color: PART_COLORS.productFee },
    { key: 'yield', label: 'Investor yield', hint: 'Paid to the investors who co-own the home', value: b.investorYield, color: PART_COLORS.investorYield },
    { key: 'taxes', label: 'Property taxes', value: b.propertyTaxes, color: PART_COLORS.propertyTaxes },
    { key: 'insurance', label: 'Homeowners insurance', value: b.homeownersInsurance, color: PART_COLORS.homeownersInsurance },
  ];
}

const pct = (ratio: number) => formatPercent(ratio, { digits: 0 });

function ratioTiles({ ratios, maxHomePrice }: AffordabilityResult): RatioTile[] {
  // No verdict without the figure behind it (docs/product/calculators.md#variant-a-page): a DTI without an income, an LTV without a price;
  // and a $0 home has no payment, so no ratio of one.
  if (maxHomePrice <= 0) {
    return [
      { key: 'dti', label: 'Debt-to-income' },
      { key: 'ltv', label: 'Loan-to-value' },
      { key: 'cushion', label: 'Monthly cushion' },
    ].map((tile) => ({ ...tile, value: '—', verdict: null, tone: 'fair', hint: 'Shown once there’s a home price.' }));
  }
  return [
    {
      key: 'dti',
      label: 'Debt-to-income',
      value: ratios.dtiLabel ? formatPercent(ratios.dti) : '—',
      verdict: ratios.dtiLabel,
      tone: ratios.dtiLabel === 'Excellent' ? 'good' : ratios.dtiLabel === 'Good' ? 'fair' : 'poor',
      hint: ratios.dtiLabel
        ? `This payment plus your debts, as a share of income. ${pct(DTI_EXCELLENT_MAX)} or less is excellent; up to ${pct(DTI_GOOD_MAX)} is good.`
        : 'Enter your income to see this payment plus your debts as a share of it.',
    },
    {
      key: 'ltv',
      label: 'Loan-to-value',
      value: ratios.ltvLabel ? formatPercent(ratios.ltv) : '—',
      verdict: ratios.ltvLabel,
      tone: ratios.ltvLabel === 'Strong' ? 'good' : 'fair',
      hint: ratios.ltvLabel
        ? `The share of the price your down payment doesn’t cover. ${pct(LTV_STRONG_MAX)} or less is strong.`
        : 'Shown once there’s a home price: the share of it your down payment doesn’t cover.',
    },
    {
      key: 'cushion',
      label: 'Monthly cushion',
      value: formatMoney(ratios.cushion),
      verdict: ratios.cushionLabel,
      tone: ratios.cushionLabel === 'Healthy' ? 'good' : 'fair',
      hint: `${pct(AFFORDABILITY_PAYMENT_SHARE_OF_INCOME)} of income minus debts, less this payment. ${formatMoney(CUSHION_HEALTHY_MIN)} or more is healthy.`,
    },
  ];
}

function AffordabilityCalculator() {
  const defaults = useCalculatorDefaults();
  const spec = useMemo(() => searchSpec(defaults), [defaults]);
  const [v, update] = useSearchState(spec);
  // Results follow the typing; on phones 'See My Results' (or Enter, a phone keyboard's Go) reveals them as Calculate does elsewhere
  // (docs/product/calculators.md#after-calculate).
  const [resultsHeading, revealResults] = useRevealResults<HTMLHeadingElement>();

  const down = toNumber(v.down);
  const result = calculateAffordability({
    grossIncomeMonthly: toNumber(v.income),
    debtPaymentsMonthly: toNumber(v.debt),
    creditScoreBand: isBand(v.credit) ? v.credit : defaults.affordability.creditScoreBand,
    downPaymentAvailable: down,
    targetMonthlyPayment: toNumber(v.target),
    locationRegion: isRegion(v.region) ? v.region : defaults.affordability.locationRegion,
    propertyTaxRate: toNumber(v.tax),
    insuranceRate: toNumber(v.ins),
    hoaMonthly: toNumber(v.hoa),
    mortgageRate: toNumber(v.rate),
  });
  const price = result.maxHomePrice;
  const payment = result.estimatedMonthlyPayment;
  // A $0 home has no payment to show (docs/product/calculators.md#variant-a-page).
  const hasHome = price > 0;
  // Above what the income supports (docs/product/calculators.md#variant-a-page): said beside the price, and the
  // headline never reads as a plain 'you could afford' while a ratio shown is High or Tight.
  const aboveBasis = hasHome && payment > result.basis + 0.005;
  const stretched = result.ratios.dtiLabel === 'High' || result.ratios.cushionLabel === 'Tight';
  const errors = {
    income: incomeMessage(v.income),
    debt: numberMessage(v.debt, 'your debt payments', '500'),
    down: downPaymentMessage(v.down, price),
    target: numberMessage(v.target, 'your target payment', '2,200'),
    tax: numberMessage(v.tax, 'the property tax rate', '1.2'),
    ins: numberMessage(v.ins, 'the insurance rate', '0.5'),
    hoa: numberMessage(v.hoa, 'your HOA dues', '200'),
    rate: numberMessage(v.rate, 'the mortgage rate', '6.4'),
  };
  // Which limit set the price, in words (docs/product/calculators.md#variant-a-formulas, item 3: the lesser of two).
  const limit =
    price === 0
      ? down <= 0
        ? `Enter a down payment: the price can be up to ${AFFORDABILITY_DOWN_PAYMENT_MULTIPLE} times it.`
        : 'Enter your income or a target monthly payment to see a price.'
      : price === AFFORDABILITY_DOWN_PAYMENT_MULTIPLE * down
        ? `Limited to ${AFFORDABILITY_DOWN_PAYMENT_MULTIPLE} times your down payment.`
        : payment === AFFORDABILITY_MAX_MONTHLY_PAYMENT
          ? `Payments are capped at ${formatMoney(AFFORDABILITY_MAX_MONTHLY_PAYMENT)} a month.`
          : null;

  const number = (param: Param) => ({
    value: v[param],
    onChange: (e: ChangeEvent<HTMLInputElement>) => update({ [param]: e.target.value }),
  });
  const errorOf = (param: keyof typeof errors) => errors[param];

  const onRegion = (region: string) => {
    const rates = isRegion(region) ? defaults.regionRates[region] : null;
    update(rates ? { region, tax: String(rates.propertyTaxRate), ins: String(rates.insuranceRate) } : { region });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <CalculatorHeader
        eyebrow="Home calculator"
        title="How Much Home Can I Afford?"
        lead={`See the home price and monthly payment that fit your budget with ${brand.name} co-ownership. Results update as you type.`}
      />

      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Your finances</CardTitle>
          </CardHeader>
          <CardContent>
            <form
              className="grid grid-cols-1 gap-5 sm:grid-cols-2 max-lg:[&_input]:scroll-mb-20"
              onSubmit={(e) => {
                e.preventDefault();
                revealResults();
              }}
              noValidate
              aria-label="Your finances"
            >
              <HoldUntilHydrated>
                <Field label="Monthly gross income" help="Before taxes, everyone in the household." error={errorOf('income')}>
                  <NumberInput prefix="$" {...number('income')} />
                </Field>
                <Field label="Monthly debt payments" help="Car, student loan and card minimums." error={errorOf('debt')}>
                  <NumberInput prefix="$" {...number('debt')} />
                </Field>
                <Field label="Credit score">
                  <NativeSelect
                    value={isBand(v.credit) ? v.credit : defaults.affordability.creditScoreBand}
                    onChange={(e) => update({ credit: e.target.value })}
                  >
                    {CREDIT_SCORE_BANDS.map((band) => (
                      <option key={band} value={band}>
                        {BAND_LABELS[band]}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field label="Down payment available" help="At least 2% of the price." error={errorOf('down')}>
                  <NumberInput prefix="$" {...number('down')} />
                </Field>
                <Field
                  label="Target monthly payment (optional)"
                  className="sm:col-span-2"
                  help={`Leave empty to use ${pct(AFFORDABILITY_PAYMENT_SHARE_OF_INCOME)} of your income minus debts. Up to ${formatMoney(AFFORDABILITY_MAX_MONTHLY_PAYMENT)} a month.`}
                  error={errorOf('target')}
                >
                  <NumberInput prefix="$" {...number('target')} />
                </Field>
                <Field label="Location" className="sm:col-span-2" help="Fills in typical tax and insurance rates; you can change them.">
                  <NativeSelect value={isRegion(v.region) ? v.region : defaults.affordability.locationRegion} onChange={(e) => onRegion(e.target.value)}>
                    {LOCATION_REGIONS.map((region) => (
                      <option key={region} value={region}>
                        {REGION_LABELS[region]}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field label="Property tax rate" help="Per year, of the price." error={errorOf('tax')}>
                  <NumberInput suffix="%" {...number('tax')} />
                </Field>
                <Field label="Insurance rate" help="Per year, of the price." error={errorOf('ins')}>
                  <NumberInput suffix="%" {...number('ins')} />
                </Field>
                <Field label="HOA dues (monthly)" help="Not included in this estimate." error={errorOf('hoa')}>
                  <NumberInput prefix="$" {...number('hoa')} />
                </Field>
                <Field label="Mortgage rate" help="Used when you compare with a mortgage." error={errorOf('rate')}>
                  <NumberInput suffix="%" {...number('rate')} />
                </Field>
                {/* Below lg the results sit under this form: a way to them, and Enter's (Go's) target. */}
                <Button type="submit" size="lg" className="w-full sm:col-span-2 lg:hidden">
                  See My Results
                </Button>
              </HoldUntilHydrated>
            </form>
          </CardContent>
          {/* On phones the results sit below this card: a bar keeps the key figures in sight while typing.
              It repeats the live figures above, so assistive technology skips it. */}
          <div
            aria-hidden="true"
            className="sticky bottom-0 z-10 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-b-[var(--radius-card)] bg-primary px-6 py-3 text-primary-foreground lg:hidden"
          >
            <span className="text-sm">
              Up to <span className="text-xl font-bold tabular">{formatMoney(price)}</span>
            </span>
            {hasHome && <span className="text-sm tabular">{formatMoney(payment)}/mo</span>}
          </div>
        </Card>

        <section aria-labelledby="results-title" className="flex flex-col gap-6">
          <h2
            id="results-title"
            ref={resultsHeading}
            tabIndex={-1}
            aria-describedby="results-summary"
            className="scroll-mt-20 text-2xl font-semibold tracking-tight"
          >
            Your results
          </h2>
          <p id="results-summary" className="sr-only">
            {hasHome
              ? `A home up to ${formatMoney(price)}, with an estimated monthly payment of ${formatMoney(payment)}.`
              : `No home price yet. ${limit ?? ''}`}
          </p>
          {result.creditNotice && (
            <div role="status" className="flex gap-3 rounded-[var(--radius-card)] border border-warning/30 bg-warning-soft p-4 text-foreground">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
              <p>
                <span className="font-semibold">Approval is unlikely with a credit score below 620.</span> The estimate below doesn’t change, but improving your
                score first gives you the best chance.
              </p>
            </div>
          )}

          <Card className="overflow-hidden">
            <div aria-live="polite" aria-atomic="true" className="bg-primary px-6 py-7 text-primary-foreground sm:px-8">
              <p className="text-sm font-medium text-white/85" data-testid="price-lead">
                {!hasHome ? 'Your home price' : stretched ? 'This payment could buy a home up to' : 'You could afford a home up to'}
              </p>
              <p
                className="mt-1 text-[length:min(3rem,14vw)] leading-none font-bold tracking-tight tabular sm:text-[length:min(3.75rem,12vw)] lg:text-[length:min(3.75rem,6vw)]"
                data-testid="max-home-price"
              >
                {formatMoney(price)}
              </p>
              {aboveBasis && (
                <p className="mt-3 font-medium text-white" data-testid="above-basis">
                  {result.basis > 0
                    ? `A payment of ${formatMoney(payment)} a month is more than your income supports: ${pct(AFFORDABILITY_PAYMENT_SHARE_OF_INCOME)} of income, less your debts, is ${formatMoney(result.basis)}.`
                    : `A payment of ${formatMoney(payment)} a month is more than your income supports: ${pct(AFFORDABILITY_PAYMENT_SHARE_OF_INCOME)} of your income, less your debts, leaves nothing for a home payment yet.`}
                </p>
              )}
              {hasHome && (
                <p className="mt-4 text-white/90">
                  Estimated monthly payment{' '}
                  <span className="text-2xl font-semibold text-white tabular" data-testid="monthly-payment">
                    {formatMoney(payment)}
                  </span>
                </p>
              )}
              {limit && <p className="mt-2 text-sm text-white/85">{limit}</p>}
            </div>
            <CardContent className="p-6 sm:p-8">
              <h3 className="mb-5 text-lg font-semibold">Where your payment goes each month</h3>
              {hasHome ? (
                <BreakdownChart parts={breakdownParts(result)} total={payment} />
              ) : (
                <p className="text-muted-foreground" data-testid="no-breakdown">
                  Once there’s a home price, you’ll see here how each month’s payment splits between your equity, taxes, insurance and fees.
                </p>
              )}
            </CardContent>
          </Card>

          <div>
            <h3 className="mb-3 text-lg font-semibold">How lenders would see it</h3>
            <RatioTiles tiles={ratioTiles(result)} />
          </div>

          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild>
              <Link to={hasHome ? comparisonHref({ price, down, rate: toNumber(v.rate), budget: payment }) : comparisonPath(brand)}>
                Compare to Mortgage <ArrowRight />
              </Link>
            </Button>
            <Button asChild variant="accent">
              <Link to={applyHref({ price, down })}>Start Application</Link>
            </Button>
          </div>
        </section>
      </div>

      <CalculatorDisclaimer />
    </div>
  );
}

/** Variant A, /how-much-home-can-i-afford (docs/product/calculators.md#variant-a). */
export default function AffordabilityPage() {
  return <AffordabilityCalculator key={useOutsideNavigationKey()} />;
}
