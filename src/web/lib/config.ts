import type { PublicSettings } from '../../domain/admin/settings';
import { DEFAULT_BRAND, type Brand } from '../../domain/brand';

interface ClientConfig {
  brand: Brand;
  /**
   * The public calculators' defaults from the back office's settings, each one
   * only when the server sent a usable number. A missing one falls back to the
   * calculators' own constants, which are DEFAULT_SETTINGS' public part
   * (src/web/features/calculators/lib/calculator-defaults.ts; a unit test keeps
   * them equal). The settings schema is not imported here: it would put zod in
   * every page's entry chunk (docs/decisions/005-landing-js-budget.md).
   */
  settings: Partial<PublicSettings>;
}

const SETTING_KEYS: readonly Exclude<keyof PublicSettings, 'regionRates'>[] = [
  'mortgageRateDefault',
  'propertyTaxRateDefault',
  'insuranceRateDefault',
  'hoaDefault',
  'comparisonHorizonDefault',
];

/** The settings the server sent that are finite numbers; anything else is left to the defaults (a bad value must not break a calculator). */
function readSettings(value: unknown): Partial<PublicSettings> {
  const sent = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const settings: Partial<PublicSettings> = {};
  for (const key of SETTING_KEYS) {
    const candidate = sent[key];
    if (typeof candidate === 'number' && Number.isFinite(candidate)) settings[key] = candidate;
  }
  // The region pre-fill table, region by region: a region without two usable rates keeps the calculator's own.
  const regions = sent.regionRates && typeof sent.regionRates === 'object' ? (sent.regionRates as Record<string, unknown>) : {};
  const usable = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  const regionRates: Record<string, { propertyTaxRate: number; insuranceRate: number }> = {};
  for (const [region, rates] of Object.entries(regions)) {
    const { propertyTaxRate, insuranceRate } = (rates ?? {}) as Record<string, unknown>;
    if (usable(propertyTaxRate) && usable(insuranceRate)) regionRates[region] = { propertyTaxRate, insuranceRate };
  }
  if (Object.keys(regionRates).length) settings.regionRates = regionRates as PublicSettings['regionRates'];
  return settings;
}

/** The configuration the server writes into index.html (#app-config); defaults in dev. */
function readConfig(): ClientConfig {
  const element = typeof document !== 'undefined' ? document.getElementById('app-config') : null;
  if (element?.textContent) {
    try {
      const parsed = JSON.parse(element.textContent) as { brand?: Partial<Brand>; settings?: unknown };
      return { brand: { ...DEFAULT_BRAND, ...parsed.brand }, settings: readSettings(parsed.settings) };
    } catch {
      // Fall through to the defaults: a broken block must not break the page.
    }
  }
  return { brand: DEFAULT_BRAND, settings: {} };
}

export let clientConfig = readConfig();
/** Read at render time (not captured at module level), so the server can render pages with its own brand. */
export let brand = clientConfig.brand;

/** The server's configuration, for rendering pages on the server (src/server/spa/static-landing.tsx). */
export function setServerConfig(config: { brand: Brand; settings?: Partial<PublicSettings> }): void {
  clientConfig = { brand: config.brand, settings: config.settings ?? {} };
  brand = config.brand;
}
