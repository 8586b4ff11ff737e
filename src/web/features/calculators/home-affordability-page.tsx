import { ArrowRight, ExternalLink, Info } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { comparisonPath } from '../../../domain/brand';
import { CLAIMS } from '../../../domain/claims';
import {
  calculateHomeAffordability,
  HOME_AFFORDABILITY_DTI_LIMIT,
  HOME_AFFORDABILITY_MORTGAGE_RATE,
  HOME_AFFORDABILITY_TERM_MONTHS,
  HOME_AFFORDABILITY_MIN_PRICE_ABOVE_DOWN,
  homeAffordabilityMinimumDown,
  homeAffordabilityNoResultReason,
  toNumber,
  type HomeAffordabilityInputs,
} from '../../../domain/calculators';
import { formatMoney, formatPercent } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { brand } from '../../lib/config';
import { cn } from '../../lib/cn';
import { CalculatorDisclaimer } from './components/calculator-disclaimer';
import { CalculatorHeader } from './components/calculator-header';
import { HomeOptionCard } from './components/home-option-card';
import { NumberInput } from '../../components/ui/number-input';
import { ResultsPrompt } from './components/results-prompt';
import { useCalculatorDefaults, type CalculatorDefaults } from './lib/calculator-defaults';
import { comparisonHref } from './lib/links';
import { useRevealResults } from './lib/use-reveal-results';
import { useOutsideNavigationKey, useSearchState, type SearchSpec, type SearchValues } from './lib/use-search-state';
import { HoldUntilHydrated } from '../../components/ui/hold-until-hydrated';

type Param = 'income' | 'debt' | 'down' | 'calc';
type InputParam = Exclude<Param, 'calc'>;

function searchSpec({ homeAffordability: d }: CalculatorDefaults): SearchSpec<Param> {
  return { income: String(d.monthlyGrossIncome), debt: String(d.monthlyDebtPayments), down: String(d.downPayment), calc: null };
}

const inputsOf = (v: SearchValues<Param>): HomeAffordabilityInputs => ({
  monthlyGrossIncome: toNumber(v.income),
  monthlyDebtPayments: toNumber(v.debt),
  downPayment: toNumber(v.down),
});

const sameInputs = (a: HomeAffordabilityInputs, b: HomeAffordabilityInputs) =>
  a.monthlyGrossIncome === b.monthlyGrossIncome && a.monthlyDebtPayments === b.monthlyDebtPayments && a.downPayment === b.downPayment;

const rate = formatPercent(HOME_AFFORDABILITY_MORTGAGE_RATE / 100, { trim: true });
const dti = formatPercent(HOME_AFFORDABILITY_DTI_LIMIT, { digits: 0 });
const years = HOME_AFFORDABILITY_TERM_MONTHS / 12;

function HomeAffordabilityCalculator() {
  const defaults = useCalculatorDefaults();
  const spec = useMemo(() => searchSpec(defaults), [defaults]);
  const [v, update] = useSearchState(spec);
  // The inputs of the last Calculate (docs/product/calculators.md#variant-b-page: results only after Calculate). A shared
  // link carries calc=1, so it opens calculated.
  const [calculated, setCalculated] = useState<HomeAffordabilityInputs | null>(() => (v.calc === '1' ? inputsOf(v) : null));
  const stale = calculated !== null && !sameInputs(calculated, inputsOf(v));
  // docs/product/calculators.md#after-calculate: focus the results' heading and scroll it into view.
  const [resultsHeading, revealResults] = useRevealResults<HTMLHeadingElement>();

  const onInput = (param: InputParam, value: string) => {
    const next = { ...v, [param]: value };
    // The URL says calc=1 only while it holds the inputs the results on screen were calculated from.
    update({ [param]: value, calc: calculated && sameInputs(calculated, inputsOf(next)) ? '1' : '' });
  };
  const onCalculate = (event: FormEvent) => {
    event.preventDefault();
    setCalculated(inputsOf(v));
    update({ calc: '1' });
    revealResults();
  };

  const result = calculated ? calculateHomeAffordability(calculated) : null;
  const reason = calculated ? homeAffordabilityNoResultReason(calculated) : null;
  const down = calculated?.downPayment ?? 0;
  // A refused down payment (negative, or below 2 % of the first card's price) is said under its field too
  // (docs/product/calculators.md#field-messages).
  const minimumDown = calculated ? homeAffordabilityMinimumDown(calculated) : null;
  const downError =
    calculated && !result && reason && (calculated.downPayment < 0 || (minimumDown !== null && calculated.downPayment < minimumDown)) ? reason : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <CalculatorHeader
        eyebrow="Affordability"
        title="Home Affordability Calculator"
        lead={`Compare the home you could buy with ${brand.name} co-ownership and with a traditional mortgage, from the same income, debts and down payment.`}
      />

      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,4fr)_minmax(0,8fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Your numbers</CardTitle>
          </CardHeader>
          <CardContent>
            <form className="flex flex-col gap-5" onSubmit={onCalculate} noValidate aria-label="Your numbers">
              <HoldUntilHydrated>
                <Field label="Monthly Gross Household Income" required help="Before taxes, everyone in the household.">
                  <NumberInput prefix="$" value={v.income} onChange={(e) => onInput('income', e.target.value)} />
                </Field>
                <Field label="Monthly Debt Payments" required help="Car, student loan and card minimums.">
                  <NumberInput prefix="$" value={v.debt} onChange={(e) => onInput('debt', e.target.value)} />
                </Field>
                <Field label="Down Payment" required help="At least 2% of the home’s price." error={stale ? undefined : downError}>
                  <NumberInput prefix="$" value={v.down} onChange={(e) => onInput('down', e.target.value)} />
                </Field>
                <Button type="submit" size="lg" className="w-full">
                  Calculate
                </Button>
              </HoldUntilHydrated>
            </form>
          </CardContent>
        </Card>

        <section aria-labelledby="results-title" className="flex flex-col gap-5">
          <h2
            id="results-title"
            ref={resultsHeading}
            tabIndex={-1}
            aria-describedby={calculated ? 'results-summary' : undefined}
            className={cn('scroll-mt-20 text-2xl font-semibold tracking-tight', !calculated && 'sr-only')}
          >
            Your results
          </h2>
          {calculated && (
            <p id="results-summary" className="sr-only">
              {result
                ? `With ${brand.name}, a home up to ${formatMoney(result.defaultProductPrice)} at ${formatMoney(result.defaultProductMonthly)} a month, or up to ${formatMoney(result.maxProductPrice)} with the same equity as a mortgage; with a mortgage, up to ${formatMoney(result.maxMortgagePrice)} at ${formatMoney(result.maxMortgageMonthly)} a month.`
                : `No result for these numbers. ${reason ?? ''}`}
            </p>
          )}
          <div className="flex flex-col gap-5">
            {!calculated ? (
              <ResultsPrompt
                title="See what you could afford"
                points={[`Two ${brand.name} options: a lower payment, or the same equity as a mortgage`, `A ${years}-year mortgage at ${rate}, for comparison`]}
              >
                Enter your income, debts and down payment, then click <strong>Calculate</strong> to compare {brand.name} with a mortgage.
              </ResultsPrompt>
            ) : (
              <>
                {stale && (
                  <p role="status" className="flex items-start gap-2 rounded-[var(--radius-control)] border border-border bg-muted px-4 py-3">
                    <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    You changed your numbers. Click Calculate to update these results.
                  </p>
                )}
                {result ? (
                  <div className={cn('flex flex-col gap-5 transition-opacity', stale && 'opacity-60')}>
                    {/* What sets the prices, in words (docs/product/calculators.md#variant-b-page). */}
                    <p
                      data-testid="price-limit"
                      className="flex items-start gap-2 rounded-[var(--radius-control)] border border-border bg-primary-soft px-4 py-3"
                    >
                      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                      {result.limitedBy === 'dti'
                        ? `Your income sets these prices, not your down payment: lenders keep all your debts, this home’s payment included, within ${dti} of your income.`
                        : `On this income the ${dti} rule leaves little room for a home payment, so these prices start from your down payment plus ${formatMoney(HOME_AFFORDABILITY_MIN_PRICE_ABOVE_DOWN)}.`}
                    </p>
                    <HomeOptionCard
                      kind="product"
                      testId="option-default"
                      tag="Lower monthly payment*"
                      title={`With ${brand.name}`}
                      description="The most home you could buy while paying less each month than with a mortgage. You earn less equity and appreciation in return."
                      price={result.defaultProductPrice}
                      monthly={result.defaultProductMonthly}
                      action={<CustomizeLink price={result.defaultProductPrice} down={down} />}
                    />
                    <HomeOptionCard
                      kind="product"
                      testId="option-max"
                      tag="Same equity as a mortgage*"
                      title={`With ${brand.name}`}
                      description="The most home you could buy while earning the same equity and appreciation you would with a mortgage."
                      price={result.maxProductPrice}
                      monthly={result.maxProductMonthly}
                      action={<CustomizeLink price={result.maxProductPrice} down={down} />}
                    />
                    <HomeOptionCard
                      kind="mortgage"
                      testId="option-mortgage"
                      tag="Traditional"
                      title="With a Mortgage"
                      description={`The most home you could buy with a ${years}-year fixed mortgage at ${rate}, keeping all your debts within ${dti} of income.`}
                      price={result.maxMortgagePrice}
                      monthly={result.maxMortgageMonthly}
                      action={
                        <p className="text-sm text-muted-foreground">
                          <a
                            href={brand.mortgageCalculatorUrl}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="inline-flex min-h-11 items-center gap-1.5 rounded text-base font-semibold text-primary underline underline-offset-4 hover:text-primary-hover"
                          >
                            Try a mortgage calculator
                            <ExternalLink aria-hidden="true" className="size-4" />
                            <span className="sr-only"> (third-party site, opens in a new tab)</span>
                          </a>
                          <span className="block">A third-party site; opens in a new tab.</span>
                        </p>
                      }
                    />
                    <p className="text-sm text-muted-foreground">
                      * The two {brand.name} figures are examples of two payments you could choose: you set your own monthly budget, and the less you pay each
                      month, the less equity you earn. In our comparison calculator’s example, {brand.name} co-ownership builds {CLAIMS.wealth.morePercent}%
                      more wealth over {CLAIMS.wealth.years} years than a mortgage. Estimates only, not an offer or a pre-approval.
                    </p>
                    <p className="text-sm text-muted-foreground">
                      The {rate} mortgage rate is part of this calculator&apos;s calibration, so it stays at {rate} when our default rate changes.
                    </p>
                  </div>
                ) : (
                  <div className="rounded-[var(--radius-card)] border border-border bg-card p-6">
                    <h3 className="text-lg font-semibold">No result for these numbers</h3>
                    <p className="mt-2 text-muted-foreground" data-testid="no-result-reason">
                      {reason}
                    </p>
                  </div>
                )}
              </>
            )}
          </div>

          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="accent">
              <Link to="/waitlist">Join The Waitlist!</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={result ? comparisonHref({ price: result.defaultProductPrice, down, rate: HOME_AFFORDABILITY_MORTGAGE_RATE }) : comparisonPath(brand)}>
                View Payment Breakdown <ArrowRight />
              </Link>
            </Button>
          </div>
        </section>
      </div>

      <CalculatorDisclaimer />
    </div>
  );
}

function CustomizeLink({ price, down }: { price: number; down: number }) {
  return (
    <Button asChild variant="outline">
      <Link to={comparisonHref({ price, down, rate: HOME_AFFORDABILITY_MORTGAGE_RATE })}>
        Customize My Payment<span className="sr-only"> for a {formatMoney(price)} home</span> <ArrowRight />
      </Link>
    </Button>
  );
}

/** Variant B, /affordability (docs/product/calculators.md#variant-b). */
export default function HomeAffordabilityPage() {
  return <HomeAffordabilityCalculator key={useOutsideNavigationKey()} />;
}
