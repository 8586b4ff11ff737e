import { z } from 'zod';
import { LOCATION_REGIONS, REGION_RATE_DEFAULTS, type LocationRegion, type RegionRates } from '../calculators/affordability';
import { stateName } from './states';

/**
 * Application settings (docs/product/back-office.md#settings), stored by the
 * server. The rates, HOA and horizon become the public calculators' defaults
 * (see `calculatorDefaultsFrom`); the transfer-fee configuration and the feature flags are stored for the
 * features that will read them.
 */
const rate = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} cannot be negative.`)
    .max(30, `${label} must be 30% or less.`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, `${label} takes at most two decimals.`);

/**
 * The regional property-tax and insurance table (docs/product/calculators.md variant A
 * step 6; docs/product/back-office.md#settings): choosing a region on
 * /how-much-home-can-i-afford pre-fills both rates from here.
 */
const regionRatesSchema = z.object(
  Object.fromEntries(
    LOCATION_REGIONS.map((region) => [
      region,
      z.object({ propertyTaxRate: rate(`${stateName(region)} property tax`), insuranceRate: rate(`${stateName(region)} insurance`) }),
    ]),
  ) as Record<LocationRegion, z.ZodObject<{ propertyTaxRate: ReturnType<typeof rate>; insuranceRate: ReturnType<typeof rate> }>>,
);

export const settingsSchema = z.object({
  mortgageRateDefault: rate('Mortgage rate'),
  propertyTaxRateDefault: rate('Property tax rate'),
  insuranceRateDefault: rate('Insurance rate'),
  hoaDefault: z.coerce
    .number({ error: 'HOA must be a number.' })
    .int('HOA is a whole number of dollars.')
    .min(0, 'HOA cannot be negative.')
    .max(10_000, 'HOA must be $10,000 or less.'),
  transferFeeConfig: z
    .object({
      type: z.enum(['percentage', 'fixed'], { error: 'Choose percentage or fixed.' }),
      amount: z.coerce
        .number({ error: 'Transfer fee must be a number.' })
        .min(0, 'Transfer fee cannot be negative.')
        .max(1_000_000, 'Transfer fee is too large.'),
    })
    .refine((fee) => fee.type !== 'percentage' || fee.amount <= 100, { message: 'A percentage is 100 or less.', path: ['amount'] }),
  /** Calendar days after a charge's due date before its late fee (calculators.md 'Fees'). */
  graceDays: z.coerce
    .number({ error: 'Grace period must be a number.' })
    .int('Grace period is a whole number of days.')
    .min(0, 'Grace period cannot be negative.')
    .max(28, 'Grace period is at most 28 days (a month).'),
  /** The late fee: a percentage of the unpaid part of the charge, or a fixed amount in dollars. */
  lateFee: z
    .object({
      type: z.enum(['percentage', 'fixed'], { error: 'Choose percentage or fixed.' }),
      amount: z.coerce
        .number({ error: 'Late fee must be a number.' })
        .min(0, 'Late fee cannot be negative.')
        .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'Late fee takes at most two decimals.'),
    })
    .superRefine((fee, ctx) => {
      if (fee.type === 'percentage' && fee.amount > 25) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A late fee is at most 25% of the charge.' });
      if (fee.type === 'fixed' && fee.amount > 1_000) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A fixed late fee is at most $1,000.' });
    }),
  comparisonHorizonDefault: z.coerce
    .number({ error: 'Horizon must be a number.' })
    .int('Horizon is a whole number of years.')
    .min(1, 'Horizon is 1 to 10 years.')
    .max(10, 'Horizon is 1 to 10 years.'),
  regionRates: regionRatesSchema,
  /** Our addition: e-mail the applicant when an admin moves an application to approved, declined or missing_info (docs/product/back-office.md#settings). */
  statusEmails: z.boolean(),
  featureFlags: z.object({
    otp: z.boolean(),
    paymentsWebhooks: z.boolean(),
    eSign: z.boolean(),
    investorView: z.boolean(),
  }),
});

export type AppSettings = z.output<typeof settingsSchema>;

/** The defaults of docs/product/back-office.md#settings; the status e-mails are on by default. */
export const DEFAULT_SETTINGS: AppSettings = {
  mortgageRateDefault: 6.4,
  propertyTaxRateDefault: 1.2,
  insuranceRateDefault: 0.5,
  hoaDefault: 200,
  transferFeeConfig: { type: 'percentage', amount: 2 },
  comparisonHorizonDefault: 5,
  graceDays: 10,
  lateFee: { type: 'percentage', amount: 5 },
  regionRates: REGION_RATE_DEFAULTS,
  statusEmails: true,
  featureFlags: { otp: false, paymentsWebhooks: false, eSign: false, investorView: false },
};

/**
 * Stored settings merged over the defaults, field by field: a value missing from
 * an older stored version, or one that no longer validates, falls back to its
 * default instead of breaking a page.
 */
export function resolveSettings(stored: unknown): AppSettings {
  if (!stored || typeof stored !== 'object') return DEFAULT_SETTINGS;
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const shape = settingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof AppSettings)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const parsed = shape[key].safeParse(value);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as AppSettings;
}

/** What the public pages need from the settings (written into #app-config): the calculators' defaults. */
export interface PublicSettings {
  mortgageRateDefault: number;
  propertyTaxRateDefault: number;
  insuranceRateDefault: number;
  hoaDefault: number;
  comparisonHorizonDefault: number;
  /** Variant A's region pre-fill table. */
  regionRates: Record<LocationRegion, RegionRates>;
}

export function publicSettings(settings: AppSettings): PublicSettings {
  const { mortgageRateDefault, propertyTaxRateDefault, insuranceRateDefault, hoaDefault, comparisonHorizonDefault, regionRates } = settings;
  return { mortgageRateDefault, propertyTaxRateDefault, insuranceRateDefault, hoaDefault, comparisonHorizonDefault, regionRates };
}
