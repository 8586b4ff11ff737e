import { ArrowRight, Calculator, Info } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  applySlider,
  COMPARISON_RENT_RATE,
  COMPARISON_TRANSFER_FEE_RATE,
  COMPARISON_TRANSFER_FEE_SHARE,
  comparisonBaseline,
  sliderStartForBudget,
  toNumber,
  YEARS_MAX,
  YEARS_MIN,
  type ComparisonBaseline,
  type ComparisonInputs,
} from '../../../domain/calculators';
import { formatMoney, formatPercent } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { brand } from '../../lib/config';
import { cn } from '../../lib/cn';
import { CalculatorDisclaimer } from './components/calculator-disclaimer';
import { CalculatorHeader } from './components/calculator-header';
import { ComparisonAssumptions } from './components/comparison-assumptions';
import { NumberInput } from '../../components/ui/number-input';
import { PaymentSlider } from '../../components/comparison/payment-slider';
import { PaymentSummary } from '../../components/comparison/payment-summary';
import { ResultsPrompt } from './components/results-prompt';
import { ValueChart } from './components/value-chart';
import { WealthTable } from './components/wealth-table';
import { useCalculatorDefaults, type CalculatorDefaults } from './lib/calculator-defaults';
import { applyHref } from './lib/links';
import { useRevealResults } from './lib/use-reveal-results';
import { useOutsideNavigationKey, useSearchState, type SearchSpec, type SearchValues } from './lib/use-search-state';
import { HoldUntilHydrated } from '../../components/ui/hold-until-hydrated';

type Param = 'price' | 'down' | 'rate' | 'appr' | 'years' | 'calc' | 'pay' | 'budget';
type InputParam = Exclude<Param, 'calc' | 'pay' | 'budget'>;

function searchSpec({ comparison: d }: CalculatorDefaults): SearchSpec<Param> {
  return {
    price: String(d.homePrice),
    down: String(d.downPayment),
    rate: String(d.mortgageRate),
    appr: String(d.appreciationRate),
    years: String(d.yearsToDisplay),
    calc: null,
    pay: null,
    // Variant A's monthly budget, when the comparison was opened from it (docs/product/calculators.md#comparison-from-variant-a).
    budget: null,
  };
}

const inputsOf = (v: SearchValues<Param>): ComparisonInputs => ({
  homePrice: toNumber(v.price),
  downPayment: toNumber(v.down),
  mortgageRate: toNumber(v.rate),
  appreciationRate: toNumber(v.appr),
  yearsToDisplay: toNumber(v.years),
});

const sameInputs = (a: ComparisonInputs, b: ComparisonInputs) => (Object.keys(a) as (keyof ComparisonInputs)[]).every((key) => a[key] === b[key]);

// docs/product/calculators.md#net-home-wealth: 80 % of 12 % of the future value, 9.6 %.
const transferFeeRate = formatPercent(COMPARISON_TRANSFER_FEE_SHARE * COMPARISON_TRANSFER_FEE_RATE, { trim: true });

const YEARS_MESSAGE = `Enter a whole number of years from ${YEARS_MIN} to ${YEARS_MAX}`;
// docs/product/calculators.md#comparison-inputs: Years to Display 1–10; anything else is refused, not clamped.
const yearsValid = (text: string) => {
  const years = toNumber(text);
  return text.trim() !== '' && Number.isInteger(years) && years >= YEARS_MIN && years <= YEARS_MAX;
};

interface Calculated {
  inputs: ComparisonInputs;
  baseline: ComparisonBaseline;
}

function calculate(v: SearchValues<Param>): Calculated | null {
  if (!yearsValid(v.years)) return null;
  const inputs = inputsOf(v);
  return { inputs, baseline: comparisonBaseline(inputs) };
}

function ComparisonCalculator() {
  const n = brand.name;
  const defaults = useCalculatorDefaults();
  const spec = useMemo(() => searchSpec(defaults), [defaults]);
  const [v, update] = useSearchState(spec);
  // Calculate fixes the baseline (docs/product/calculators.md#comparison-baseline); the slider only reapplies it.
  const [calculated, setCalculated] = useState<Calculated | null>(() => (v.calc === '1' ? calculate(v) : null));
  const yearsRef = useRef<HTMLInputElement>(null);
  const stale = calculated !== null && !sameInputs(calculated.inputs, inputsOf(v));
  const yearsError = yearsValid(v.years) ? undefined : YEARS_MESSAGE;
  // docs/product/calculators.md#after-calculate: focus the results' heading and scroll it into view.
  const [resultsHeading, revealResults] = useRevealResults<HTMLHeadingElement>();

  const onInput = (param: InputParam, value: string) => {
    const next = { ...v, [param]: value };
    update({ [param]: value, calc: calculated && sameInputs(calculated.inputs, inputsOf(next)) ? '1' : '' });
  };
  const onCalculate = (event: FormEvent) => {
    event.preventDefault();
    const next = calculate(v);
    if (!next) {
      yearsRef.current?.focus();
      return;
    }
    setCalculated(next);
    update({ calc: '1', pay: '' });
    revealResults();
  };

  const budget = toNumber(v.budget);
  // Opened from variant A: the slider starts at the budget when it lies within the range
  // (docs/product/calculators.md#comparison-from-variant-a), until the visitor moves it.
  const budgetStart = calculated ? sliderStartForBudget(calculated.baseline.slider, budget) : null;
  const result = calculated ? applySlider(calculated.baseline, v.pay === '' ? (budgetStart ?? undefined) : toNumber(v.pay)) : null;
  const price = toNumber(v.price);
  const downShare = price > 0 ? formatPercent(toNumber(v.down) / price) : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <CalculatorHeader
        eyebrow="Compare"
        title={`${n} vs. Mortgage`}
        lead={`See your monthly payment, equity and wealth with ${n} co-ownership next to a traditional 30-year mortgage, and choose the payment that suits you.`}
        action={
          <Button asChild variant="outline">
            <Link to="/affordability">
              <Calculator /> Affordability Calculator
            </Link>
          </Button>
        }
      />

      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,4fr)_minmax(0,8fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Your home</CardTitle>
          </CardHeader>
          <CardContent>
            <form className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-1" onSubmit={onCalculate} noValidate aria-label="Your home">
              <HoldUntilHydrated>
                <Field label="Home Price">
                  <NumberInput prefix="$" value={v.price} onChange={(e) => onInput('price', e.target.value)} />
                </Field>
                <Field label="Down Payment" help={downShare ? `${downShare} of the price` : undefined}>
                  <NumberInput prefix="$" value={v.down} onChange={(e) => onInput('down', e.target.value)} />
                </Field>
                <Field label="Mortgage Rate" help="Yearly interest rate of a 30-year fixed mortgage.">
                  <NumberInput suffix="%" value={v.rate} onChange={(e) => onInput('rate', e.target.value)} />
                </Field>
                <Field label="Appreciation Rate" help="How much the home’s value grows each year.">
                  <NumberInput suffix="%" value={v.appr} onChange={(e) => onInput('appr', e.target.value)} />
                </Field>
                <Field label="Years to Display" error={yearsError} help={`A whole number from ${YEARS_MIN} to ${YEARS_MAX}.`}>
                  <NumberInput ref={yearsRef} inputMode="numeric" value={v.years} onChange={(e) => onInput('years', e.target.value)} />
                </Field>
                <Field
                  label="Rent (read-only)"
                  help={`${formatPercent(COMPARISON_RENT_RATE, { digits: 2, trim: true })} of the home price a month, for comparison.`}
                >
                  <NumberInput prefix="$" readOnly value={formatMoney(COMPARISON_RENT_RATE * price).replace('$', '')} />
                </Field>
                <Button type="submit" size="lg" className="w-full sm:col-span-2 lg:col-span-1">
                  {calculated ? 'Recalculate' : 'Calculate'}
                </Button>
              </HoldUntilHydrated>
            </form>
          </CardContent>
        </Card>

        <section aria-labelledby="results-title" className="flex flex-col gap-6">
          <h2
            id="results-title"
            ref={resultsHeading}
            tabIndex={-1}
            aria-describedby={result ? 'results-summary' : undefined}
            className={cn('scroll-mt-20 text-2xl font-semibold tracking-tight', !result && 'sr-only')}
          >
            Your comparison
          </h2>
          {result && (
            <p id="results-summary" className="sr-only">
              {`With ${n} you’d pay ${formatMoney(Math.abs(result.monthlySavings))} ${result.monthlySavings >= 0 ? 'less' : 'more'} a month: ${formatMoney(result.totalProductMonthly)} against the mortgage’s ${formatMoney(result.totalMortgageMonthly)}, taxes and insurance included.`}
            </p>
          )}
          {!result ? (
            <ResultsPrompt
              title="Compare your options"
              points={[
                'Both monthly payments, side by side',
                `A slider to choose your ${n} payment`,
                `Equity and wealth year by year, for ${YEARS_MIN} to ${YEARS_MAX} years`,
              ]}
            >
              Check the home price, down payment and rates, then click <strong>Calculate</strong> to see both payments and how your wealth could grow.
            </ResultsPrompt>
          ) : (
            <>
              {stale && (
                <p role="status" className="flex items-start gap-2 rounded-[var(--radius-control)] border border-border bg-muted px-4 py-3">
                  <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                  You changed your inputs. Click Recalculate to update the figures below.
                </p>
              )}
              <div className={cn('flex flex-col gap-6 transition-opacity', stale && 'opacity-60')}>
                {budget > 0 && (
                  <BudgetLine
                    budget={budget}
                    min={result.slider.min}
                    max={result.slider.max}
                    atBudget={budgetStart !== null && Math.abs(result.sliderValue - budgetStart) < 1e-6}
                  />
                )}
                <SavingsHero savings={result.monthlySavings} percent={result.savingsPercent} mortgageTotal={result.totalMortgageMonthly} />
                <Card>
                  <CardHeader>
                    <CardTitle>Choose your monthly payment</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <HoldUntilHydrated>
                      <PaymentSlider
                        min={result.slider.min}
                        max={result.slider.max}
                        step={result.slider.step}
                        value={result.sliderValue}
                        productPayment={result.productMonthly}
                        productName={n}
                        disabled={stale}
                        onChange={(value) => update({ pay: String(Math.round(value)) }, { settle: true })}
                      />
                    </HoldUntilHydrated>
                  </CardContent>
                </Card>

                <Card>
                  <CardHeader>
                    <CardTitle>Monthly payments compared</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <PaymentSummary result={result} productName={n} />
                  </CardContent>
                </Card>
              </div>
            </>
          )}
        </section>
      </div>

      {result && (
        <div className={cn('mt-10 flex flex-col gap-8 transition-opacity', stale && 'opacity-60')}>
          <Card>
            <CardHeader>
              <CardTitle>Net home wealth by year</CardTitle>
              <NetWealthLine
                years={result.inputs.yearsToDisplay}
                product={result.netHomeWealth.product}
                mortgage={result.netHomeWealth.mortgage}
                transferFee={result.transferFee}
              />
            </CardHeader>
            <CardContent>
              {/* The figure the headline speaks of (docs/product/calculators.md#comparison-page): what each buyer keeps on moving after each year. */}
              <ValueChart
                productName={n}
                title="Net home wealth by year"
                caption={`What each buyer would keep on moving after each year: with ${n}, after the ${transferFeeRate} equity transfer fee; with a mortgage, after selling costs and the costs of buying the next home. The totals before these costs are in the table below.`}
                points={result.netHomeWealthByYear}
              />
            </CardContent>
          </Card>
          <WealthTable result={result} productName={n} />
          <ComparisonAssumptions productName={n} />
        </div>
      )}

      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild variant="accent" size="lg">
          <Link to={applyHref({ price: calculated?.inputs.homePrice ?? price, down: calculated?.inputs.downPayment ?? toNumber(v.down) })}>
            Start Your Application <ArrowRight />
          </Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/affordability">Try Affordability Calculator</Link>
        </Button>
      </div>

      <CalculatorDisclaimer>Past appreciation does not guarantee future results; home values can fall as well as rise.</CalculatorDisclaimer>
    </div>
  );
}

function SavingsHero({ savings, percent, mortgageTotal }: { savings: number; percent: number; mortgageTotal: number }) {
  const saves = savings >= 0;
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="rounded-[var(--radius-card)] bg-primary px-6 py-7 text-primary-foreground shadow-[var(--shadow-card)] sm:px-8"
    >
      <p className="text-sm font-medium text-white/85">With {brand.name} you’d pay</p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-3">
        <span
          className="text-[length:min(3rem,14vw)] leading-none font-bold tracking-tight tabular sm:text-[length:min(3.75rem,12vw)]"
          data-testid="savings-headline"
        >
          {formatMoney(Math.abs(savings))}
        </span>
        <span className="text-xl font-semibold">{saves ? 'less' : 'more'} a month</span>
      </p>
      <p className="mt-3 text-white/90">
        {saves ? `${formatPercent(percent)} below` : `${formatPercent(-percent)} above`} the mortgage’s{' '}
        <span className="tabular">{formatMoney(mortgageTotal)}</span> a month, taxes and insurance included.
      </p>
    </div>
  );
}

/**
 * Opened from variant A: its figure was a budget, ours is the payment for this home
 * (docs/product/calculators.md#comparison-from-variant-a), said in one line so the two
 * never look like a contradiction.
 */
function BudgetLine({ budget, min, max, atBudget }: { budget: number; min: number; max: number; atBudget: boolean }) {
  const range = Math.round(min) === Math.round(max) ? formatMoney(max) : `${formatMoney(min)}–${formatMoney(max)}`;
  return (
    <p data-testid="budget-line" className="flex items-start gap-2 rounded-[var(--radius-control)] border border-border bg-primary-soft px-4 py-3">
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <span>
        Your budget was <strong className="tabular">{formatMoney(budget)}</strong> a month; for this home the {brand.name} payment is{' '}
        <strong className="tabular">{range}</strong> a month{atBudget ? '; we set it to your budget.' : '.'}
      </span>
    </p>
  );
}

function NetWealthLine({ years, product, mortgage, transferFee }: { years: number; product: number; mortgage: number; transferFee: number }) {
  const more = mortgage > 0 ? product / mortgage - 1 : null;
  return (
    <>
      <p className="text-muted-foreground">
        Net home wealth after {years} {years === 1 ? 'year' : 'years'}: <strong className="text-primary tabular">{formatMoney(product)}</strong> with{' '}
        {brand.name} vs. <strong className="text-foreground tabular">{formatMoney(mortgage)}</strong> with a mortgage
        {more !== null && more > 0 ? `, ${formatPercent(more, { digits: 0 })} more.` : '.'}
      </p>
      {/* The fee Net Home Wealth subtracts, beside it and not only among the assumptions (docs/product/calculators.md#net-home-wealth). */}
      <p className="text-sm text-muted-foreground" data-testid="transfer-fee-note">
        {brand.name}’s figure is after the {transferFeeRate} equity transfer fee, <span className="tabular">{formatMoney(transferFee)}</span> of the home’s
        value then; the mortgage’s is after selling costs and buying the next home.
      </p>
    </>
  );
}

/** The comparison, /{slug}-vs-mortgage (docs/product/calculators.md#comparison). */
export default function ComparisonPage() {
  return <ComparisonCalculator key={useOutsideNavigationKey()} />;
}
