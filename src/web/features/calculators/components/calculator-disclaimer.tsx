import type { ReactNode } from 'react';
import { brand } from '../../../lib/config';

/** docs/product/calculators.md#calculator-disclaimer: a short disclaimer under each calculator. */
export function CalculatorDisclaimer({ children }: { children?: ReactNode }) {
  return (
    <p className="mx-auto mt-10 max-w-3xl text-center text-sm text-muted-foreground">
      {children && <>{children} </>}
      These figures are estimates for education only. They are not an offer, a pre-approval, a commitment to buy any home or financial advice. Your actual terms
      depend on the home, a review of your credit and income, and market conditions. {brand.name} is not a mortgage lender and co-ownership is not a loan.
    </p>
  );
}
