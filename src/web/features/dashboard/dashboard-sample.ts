/**
 * The dashboard's figures (docs/product/dashboard.md#example-figures): hard-coded
 * sample figures, shown under an 'Example dashboard' badge until a
 * home's real figures exist. Changes are ratios (0.085 = 8.5 %).
 */
export const DASHBOARD_SAMPLE = {
  wealth: 93_426,
  projectedWealth5y: 192_500,
  wealthTarget: 372_000,
  accessibleEquity: 63_121,
  totalEquity: 94_649,
  totalEquityChange: 0.085,
  equityPrincipal: 61_528,
  appreciation: 33_121,
  appreciationChange: 0.125,
} as const;

/** docs/product/dashboard.md#layout: counters animate up over 0.9 s; the ring is 280 px. */
export const COUNTER_DURATION_MS = 900;
export const WEALTH_RING_PX = 280;

/** docs/product/dashboard.md#example-figures: the toast of features not built yet (Adjust Monthly Payment, Transfer, Details). */
export const COMING_SOON_TOAST = { title: 'Adjust Payment', description: 'This feature will be available soon.' } as const;
