import type { PublicSettings } from '../../../../domain/admin/settings';
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
import { clientConfig } from '../../../lib/config';

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
 * The calculators' defaults with the back office's settings applied
 * (docs/product/calculators.md#defaults-from-settings), field by field; a setting that is
 * missing keeps the domain constant, so a partial setting never breaks a page.
 *
 * - mortgageRateDefault → the affordability and comparison mortgage rates;
 * - propertyTaxRateDefault, insuranceRateDefault, hoaDefault → the affordability
 *   tax rate, insurance rate and HOA dues;
 * - comparisonHorizonDefault → the comparison's Years to Display.
 *
 * - regionRates → variant A's region pre-fill table (choosing a region sets its
 *   tax and insurance rates from it).
 *
 * Not from the settings: variant B (/affordability), whose rate is
 * part of its calibrated model (docs/product/calculators.md#variant-b-inputs-and-constants). The settings'
 * transferFeeConfig and featureFlags are stored but not read by any page yet.
 */
export function calculatorDefaultsFrom(settings: Partial<PublicSettings>): CalculatorDefaults {
  return {
    affordability: {
      ...AFFORDABILITY_DEFAULTS,
      mortgageRate: settings.mortgageRateDefault ?? AFFORDABILITY_DEFAULTS.mortgageRate,
      propertyTaxRate: settings.propertyTaxRateDefault ?? AFFORDABILITY_DEFAULTS.propertyTaxRate,
      insuranceRate: settings.insuranceRateDefault ?? AFFORDABILITY_DEFAULTS.insuranceRate,
      hoaMonthly: settings.hoaDefault ?? AFFORDABILITY_DEFAULTS.hoaMonthly,
    },
    // The settings' region table over the constant's, region by region (docs/product/calculators.md#defaults-from-settings).
    regionRates: { ...REGION_RATE_DEFAULTS, ...settings.regionRates },
    homeAffordability: { ...HOME_AFFORDABILITY_DEFAULTS },
    comparison: {
      ...COMPARISON_DEFAULTS,
      mortgageRate: settings.mortgageRateDefault ?? COMPARISON_DEFAULTS.mortgageRate,
      yearsToDisplay: settings.comparisonHorizonDefault ?? COMPARISON_DEFAULTS.yearsToDisplay,
    },
  };
}

/**
 * The one place the calculators' defaults come from (docs/product/calculators.md#defaults-from-settings:
 * one function supplies defaults; the pages never hard-code them): the settings the server wrote into
 * the page's #app-config block (src/web/lib/config.ts), read once per page load.
 */
export function getCalculatorDefaults(): CalculatorDefaults {
  return calculatorDefaultsFrom(clientConfig.settings);
}

let cached: { settings: Partial<PublicSettings>; defaults: CalculatorDefaults } | undefined;

/**
 * The defaults for a page component (stable between renders). Read at render time, not at module load: the server
 * renders the calculators with the settings of each request (docs/decisions/025-server-rendered-public-pages.md).
 */
export function useCalculatorDefaults(): CalculatorDefaults {
  if (cached?.settings !== clientConfig.settings) cached = { settings: clientConfig.settings, defaults: getCalculatorDefaults() };
  return cached.defaults;
}
