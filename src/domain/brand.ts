/**
 * Brand and contact content (docs/product/public-site.md#brand). The product's name lives here
 * and nowhere in identifiers; the server may override the operator-facing values
 * (e-mail, URLs) from the environment and hands them to the browser with the page.
 */
export interface Brand {
  name: string;
  /** Used in routes: the comparison lives at `/${slug}-vs-mortgage`. */
  slug: string;
  tagline: string;
  contactEmail: string;
  streetAddress: string[];
  social: { label: 'X' | 'TikTok' | 'LinkedIn' | 'Instagram'; href: string }[];
  coinSiteUrl: string;
  coinName: string;
  mortgageCalculatorUrl: string;
  copyrightYear: number;
}

export const DEFAULT_BRAND: Brand = {
  name: 'Ownstead',
  slug: 'ownstead',
  tagline: 'Own your home flexibly and affordably',
  contactEmail: 'hello@ownstead.example',
  streetAddress: ['1250 Ocean Avenue, Suite 400', 'Santa Monica, CA 90401'],
  social: [
    { label: 'X', href: 'https://x.com/ownstead' },
    { label: 'TikTok', href: 'https://www.tiktok.com/@ownstead' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/ownstead' },
    { label: 'Instagram', href: 'https://www.instagram.com/ownstead' },
  ],
  coinSiteUrl: 'https://coin.ownstead.example',
  coinName: 'Ownstead Coin',
  mortgageCalculatorUrl: 'https://www.consumerfinance.gov/owning-a-home/explore-rates/',
  // docs/product/public-site.md#footer: copyright year 2025.
  copyrightYear: 2025,
};

/** The parts of the brand an operator may change from the environment. */
export type BrandOverrides = Partial<Pick<Brand, 'contactEmail' | 'coinSiteUrl' | 'mortgageCalculatorUrl'>>;

export function withOverrides(overrides: BrandOverrides, base: Brand = DEFAULT_BRAND): Brand {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined && v !== ''));
  return { ...base, ...defined };
}

export function comparisonPath(brand: Pick<Brand, 'slug'> = DEFAULT_BRAND): string {
  return `/${brand.slug}-vs-mortgage`;
}
