import type { Brand } from '../../../domain/brand';
import { CLAIMS } from '../../../domain/claims';
import { formatMoney, formatMoneyCents } from '../../../domain/format';

const usd = formatMoney;

/**
 * Legal disclaimers carried by the marketing pages and the footer
 * (docs/product/public-site.md#disclaimers). Numbered notes are referenced from
 * the claims they qualify.
 */
export function claimDisclaimers(brand: Pick<Brand, 'name'>): { id: string; text: string }[] {
  const n = brand.name;
  const { payments: pay, price, wealth } = CLAIMS;
  return [
    {
      id: 'payments',
      text: `"Up to ${pay.upToPercent}% lower monthly payments" is what our comparison calculator gives for its example: a $420,000 home with 7% down, against the principal, interest, mortgage insurance, taxes and insurance of a 30-year fixed-rate mortgage at 6.4% APR (${usd(pay.mortgagePayment)} a month). The ${n} payment that builds the same equity as the mortgage, ${usd(pay.sameEquityPayment)}, is ${pay.sameEquityPercent}% lower; the lowest payment it offers, ${usd(pay.lowestPayment)}, which builds less equity, is ${pay.upToPercent}% lower. Your payment depends on the home, your down payment, your monthly budget and market conditions, and may be higher.`,
    },
    {
      id: 'down',
      text: `"2% down" is the minimum down payment we plan to accept on eligible homes. Not every applicant or home will qualify; a larger down payment may be required.`,
    },
    {
      id: 'price',
      text: `"${price.higherPercent}% higher home price" compares, in our Home Affordability Calculator, the price of the ${n} option that builds the same equity as a mortgage with the price of a 30-year mortgage at 6.4% under a 43% debt-to-income limit, for the same income, debts and down payment: for example ${usd(price.productPrice)} against ${usd(price.mortgagePrice)} on ${formatMoneyCents(price.income)} of monthly income, no debts and ${usd(price.down)} down. Results are estimates, not an offer or a pre-approval.`,
    },
    {
      id: 'wealth',
      text: `"${wealth.morePercent}% more wealth over ${wealth.years} years" is a projection from our comparison calculator's example above (3.8% yearly appreciation): net home wealth after ${wealth.years} years of ${usd(wealth.product)} with ${n}, after its equity transfer fee, against ${usd(wealth.mortgage)} with the mortgage, after selling and moving costs. Home values can fall as well as rise; past appreciation does not guarantee future results.`,
    },
    {
      id: 'approval',
      text: `Approval timing is a target, not a guarantee; a decision usually follows 3-5 business days after a complete application. All applications are subject to credit, income and property review.`,
    },
  ];
}

/** docs/product/public-site.md#disclaimers: the companion digital asset is not an offer of securities. */
export function companionAssetDisclaimer(brand: Pick<Brand, 'name' | 'coinName'>): string {
  return `${brand.coinName} is a separate digital asset that may offer exposure to real-estate-backed returns. It may be available only to qualified investors, and nothing on this site is an offer to sell or a solicitation of an offer to buy securities or any digital asset. ${brand.name} home co-ownership does not require buying or holding ${brand.coinName}.`;
}

export function generalDisclaimer(brand: Pick<Brand, 'name'>): string {
  return `${brand.name} is not a mortgage lender and co-ownership is not a loan. Figures on this site are illustrations for education only, not financial, legal or tax advice, and not a commitment to buy any home. Equal Housing Opportunity.`;
}
