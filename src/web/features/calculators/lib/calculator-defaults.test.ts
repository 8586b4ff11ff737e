import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, publicSettings } from '../../../../domain/admin/settings';
import { AFFORDABILITY_DEFAULTS, COMPARISON_DEFAULTS, HOME_AFFORDABILITY_DEFAULTS, REGION_RATE_DEFAULTS } from '../../../../domain/calculators';
import { calculatorDefaultsFrom, getCalculatorDefaults } from './calculator-defaults';

describe('calculator defaults from the settings', () => {
  it('are the domain constants when no settings are stored (no #app-config outside a browser)', () => {
    expect(getCalculatorDefaults()).toEqual({
      affordability: AFFORDABILITY_DEFAULTS,
      regionRates: REGION_RATE_DEFAULTS,
      homeAffordability: HOME_AFFORDABILITY_DEFAULTS,
      comparison: COMPARISON_DEFAULTS,
    });
  });

  it('equal the constants for the default settings: the fallback is DEFAULT_SETTINGS’ public part', () => {
    expect(calculatorDefaultsFrom(publicSettings(DEFAULT_SETTINGS))).toEqual(calculatorDefaultsFrom({}));
  });

  it('take each saved setting into the fields it drives, and nothing else', () => {
    const d = calculatorDefaultsFrom({
      mortgageRateDefault: 7.1,
      propertyTaxRateDefault: 1.5,
      insuranceRateDefault: 0.7,
      hoaDefault: 275,
      comparisonHorizonDefault: 8,
    });
    expect(d.affordability).toEqual({ ...AFFORDABILITY_DEFAULTS, mortgageRate: 7.1, propertyTaxRate: 1.5, insuranceRate: 0.7, hoaMonthly: 275 });
    expect(d.comparison).toEqual({ ...COMPARISON_DEFAULTS, mortgageRate: 7.1, yearsToDisplay: 8 });
    expect(d.regionRates).toEqual(REGION_RATE_DEFAULTS);
    expect(d.homeAffordability).toEqual(HOME_AFFORDABILITY_DEFAULTS);
  });

  it('keep the constant for a setting that is missing', () => {
    const d = calculatorDefaultsFrom({ hoaDefault: 0 });
    expect(d.affordability).toEqual({ ...AFFORDABILITY_DEFAULTS, hoaMonthly: 0 });
    expect(d.comparison).toEqual(COMPARISON_DEFAULTS);
  });
});

describe('the region pre-fill table from the settings', () => {
  it('takes the saved table, region by region, over the constant', () => {
    const d = calculatorDefaultsFrom({ regionRates: { ...REGION_RATE_DEFAULTS, TX: { propertyTaxRate: 1.75, insuranceRate: 1.05 } } });
    expect(d.regionRates).toEqual({ ...REGION_RATE_DEFAULTS, TX: { propertyTaxRate: 1.75, insuranceRate: 1.05 } });
    expect(d.affordability).toEqual(AFFORDABILITY_DEFAULTS);
  });

  it('keeps the constant for a region the settings do not hold', () => {
    const d = calculatorDefaultsFrom({ regionRates: { FL: { propertyTaxRate: 1, insuranceRate: 2 } } as never });
    expect(d.regionRates).toEqual({ ...REGION_RATE_DEFAULTS, FL: { propertyTaxRate: 1, insuranceRate: 2 } });
  });
});
