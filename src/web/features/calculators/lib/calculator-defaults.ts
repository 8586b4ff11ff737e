import {
  AFFORDABILITY_DEFAULTS,
  COMPARISON_DEFAULTS,
  HOME_AFFORDABILITY_DEFAULTS,
  REGION_RATE_DEFAULTS,
  type AffordabilityInputs,
  type ComparisonInputs,
  type HomeAffordabilityInputs,
  type LocationRegion,
  type RegionRates,
} from '../../../../domain/calculators';

/** The starting values of the three calculators' fields. */
export interface CalculatorDefaults {
  /** Variant A, /how-much-home-can-i-afford. */
  affordability: AffordabilityInputs;
  /** Variant A: choosing a region pre-fills the tax and insurance rates from here. */
  regionRates: Record<LocationRegion, RegionRates>;
  /** Variant B, /affordability. */
  homeAffordability: HomeAffordabilityInputs;
  /** The comparison, /{slug}-vs-mortgage. */
  comparison: ComparisonInputs;
}

/**
 * The one place the calculators' defaults come from (issue 3: 'one function supplies
 * defaults; the pages never hard-code them').
 *
 * Today: the domain constants (calculators.md, spec §9). Once the back office stores
 * settings (decisions.md 'Back office': 'Settings are stored and become the defaults
 * of the public calculators'), only this file changes: e.g. the server writes the
 * settings into the page's #app-config block as it does the brand (see
 * `web/lib/config.ts`) and this reads them, falling back field by field to the
 * constants below so a missing or partial setting never breaks a calculator.
 */
export function getCalculatorDefaults(): CalculatorDefaults {
  return {
    affordability: { ...AFFORDABILITY_DEFAULTS },
    regionRates: { ...REGION_RATE_DEFAULTS },
    homeAffordability: { ...HOME_AFFORDABILITY_DEFAULTS },
    comparison: { ...COMPARISON_DEFAULTS },
  };
}

const defaults = getCalculatorDefaults();

/** The defaults for a page component (stable between renders). */
export function useCalculatorDefaults(): CalculatorDefaults {
  return defaults;
}
