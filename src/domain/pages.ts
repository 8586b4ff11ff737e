import { comparisonPath, DEFAULT_BRAND, type Brand } from './brand';

/**
 * Title and meta description of every page the SPA serves. The server writes them
 * into index.html (docs/product/public-site.md#page-titles-and-meta: crawlers and link previews see them) and
 * the browser sets the same ones on client-side navigation.
 */
export interface PageMeta {
  title: string;
  description: string;
}

export function pageMetaTable(brand: Brand = DEFAULT_BRAND): Record<string, PageMeta> {
  const n = brand.name;
  return {
    '/': {
      // docs/product/public-site.md#landing-page: page title of the landing page.
      title: `Own Your Home Affordably and Flexibly | ${n}`,
      description: `${n} buys the home you choose and you co-own it with investors instead of taking a mortgage. Put as little as 2% down, pick your monthly budget and build equity.`,
    },
    '/waitlist': {
      title: `Join Our Waitlist | ${n}`,
      description: `Join the ${n} waitlist to get early access to home co-ownership with a lower down payment and a monthly budget you choose.`,
    },
    '/intro': {
      title: `How ${n} Works | ${n}`,
      description: `A short introduction to home co-ownership with ${n}: how it works, what you own and how you move.`,
    },
    '/how-much-home-can-i-afford': {
      title: `How Much Home Can I Afford? | ${n}`,
      description: `Estimate the home price and monthly payment you can afford with ${n} co-ownership, from your income, debts and down payment.`,
    },
    '/affordability': {
      title: `Home Affordability Calculator | ${n}`,
      description: `Compare the home price you could afford with ${n} co-ownership and with a 30-year mortgage, from your income, debts and down payment.`,
    },
    [comparisonPath(brand)]: {
      title: `${n} vs. Mortgage: Payment and Wealth Comparison | ${n}`,
      description: `Compare monthly payments, equity and wealth over time between ${n} co-ownership and a traditional 30-year mortgage.`,
    },
    '/privacy-policy': {
      title: `Privacy Policy | ${n}`,
      description: `How ${n} collects, uses, shares and protects your personal information, and the rights you have over it.`,
    },
    '/unsubscribe': {
      // docs/product/accounts.md#unsubscribe-links: the page every notification and reminder e-mail links to.
      title: `Unsubscribe | ${n}`,
      description: `Turn off one kind of e-mail from ${n}, or turn it back on.`,
    },
    // Account screens (docs/product/accounts.md#screens). The signed-in pages are listed so the server serves them; their content is private.
    '/auth/signup': {
      title: `Create Your Account | ${n}`,
      description: `Create your ${n} account to save your plans, follow your home application and see your dashboard.`,
    },
    '/auth/signin': {
      title: `Sign In | ${n}`,
      description: `Sign in to your ${n} account to see your dashboard and continue your home application.`,
    },
    '/auth/forgot-password': {
      title: `Forgot Your Password? | ${n}`,
      description: `Get a link to choose a new password for your ${n} account.`,
    },
    '/auth/reset-password': {
      title: `Choose a New Password | ${n}`,
      description: `Choose a new password for your ${n} account.`,
    },
    '/auth/verify-email': {
      title: `Verify Your Email | ${n}`,
      description: `Confirm the email address of your ${n} account.`,
    },
    '/sign': {
      title: `Review and Sign | ${n}`,
      description: `Read a document from ${n} in full and sign it electronically.`,
    },
    '/verify': {
      title: `Verify a Document | ${n}`,
      description: `Check that a signed PDF was sealed by ${n} and has not changed since.`,
    },
    '/dashboard': {
      title: `Dashboard | ${n}`,
      description: `Your ${n} dashboard.`,
    },
    '/dashboard/home': {
      // docs/product/dashboard.md#home-page: the homeowner's home page, 'Details' on the dashboard.
      title: `My Home | ${n}`,
      description: `Your home with ${n}: the agreement, your payments, valuations, statements and your ledger.`,
    },
    '/dashboard/home/quotes/:id': {
      // docs/decisions/034-exit-quotes.md: one exit quote.
      title: `Exit Quote | ${n}`,
      description: `Your exit quote from ${n}: every line, how to check it, and what you can do with it.`,
    },
    '/dashboard/payment': {
      // docs/product/dashboard.md#adjust-monthly-payment
      title: `Adjust Monthly Payment | ${n}`,
      description: `Choose a new monthly payment for your home with ${n}.`,
    },
    '/dashboard/transfer': {
      // docs/product/dashboard.md#transfer
      title: `Transfer Your Equity | ${n}`,
      description: `Give your 60-day notice to move your equity to another home, cash out or buy out.`,
    },
    '/dashboard/find': {
      title: `Find Your Home | ${n}`,
      description: `The homes you are considering, how each fits your approval, and your offer.`,
    },
    '/apply': {
      // docs/product/application.md#access: the application is titled Home Application.
      title: `Home Application | ${n}`,
      description: `Apply to buy your home with ${n}: six short steps, saved as you go.`,
    },
    '/apply/requests': {
      // docs/product/application.md#after-submission-the-to-do-page: the To do page.
      title: `To Do | ${n}`,
      description: `What the ${n} reviewer needs from you: documents to upload and answers to correct.`,
    },
    '/explore': {
      title: `Explore Homes | ${n}`,
      description: `Explore homes with ${n} (coming soon).`,
    },
    '/chat': {
      title: `Chat | ${n}`,
      description: `Chat with the ${n} team (coming soon).`,
    },
    '/account': {
      title: `Account Settings | ${n}`,
      description: `Your ${n} profile, email address, password, two-factor authentication and signed-in devices.`,
    },
    '/account/confirm-email': {
      title: `Confirm Your New Email | ${n}`,
      description: `Confirm the new email address of your ${n} account.`,
    },
    '/admin': {
      title: `Back Office | ${n}`,
      description: `The ${n} back office.`,
    },
    '/admin/applications': { title: `Applications | ${n} Back Office`, description: `Review home applications.` },
    '/admin/users': { title: `Users | ${n} Back Office`, description: `Users and their roles.` },
    '/admin/waitlist': { title: `Waitlist | ${n} Back Office`, description: `Waitlist applicants.` },
    '/admin/letters-of-intent': { title: `Letters of Intent | ${n} Back Office`, description: `Letters of intent and their PDFs.` },
    '/admin/offers': { title: `Offers | ${n} Back Office`, description: `Buyers' offers: submit, counter, accept or reject.` },
    '/admin/pipeline': {
      title: `Pipeline | ${n} Back Office`,
      description: `Approved buyers by stage, from approval to keys, and how long each has been there.`,
    },
    '/admin/agents': { title: `Agents | ${n} Back Office`, description: `Partner agents by state, and buyers asking to be matched with one.` },
    '/admin/homes': { title: `Homes | ${n} Back Office`, description: `Homes, their agreements and valuations.` },
    '/admin/signatures': { title: `Signatures | ${n} Back Office`, description: `Documents waiting for signatures: countersign, send again or void.` },
    '/admin/payments': { title: `Payments | ${n} Back Office`, description: `Payments, bank imports and each home's ledger.` },
    '/admin/settings': { title: `Settings | ${n} Back Office`, description: `Application settings and calculator defaults.` },
    '/admin/audit': { title: `Audit Log | ${n} Back Office`, description: `Who changed what, and when.` },
    '/admin/announcements': {
      title: `Announcements | ${n} Back Office`,
      description: `E-mail to the waitlist: compose, preview, send and follow its progress.`,
    },
    '/admin/jobs': { title: `Jobs | ${n} Back Office`, description: `Scheduled and background work: failed jobs and retries.` },
  };
}

export const NOT_FOUND_META = (brand: Brand = DEFAULT_BRAND): PageMeta => ({
  title: `Page Not Found | ${brand.name}`,
  description: `The page you were looking for does not exist on ${brand.name}.`,
});

/** Paths that redirect in the browser (docs/product/public-site.md#redirects). */
export const REDIRECTS: Record<string, string> = {
  '/auth/login': '/auth/signin',
  '/privacy': '/privacy-policy',
};

/**
 * The meta for a path, or null when the path is not a page of the app (a 404).
 */
export function metaForPath(pathname: string, brand: Brand = DEFAULT_BRAND): PageMeta | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const table = pageMetaTable(brand);
  if (table[path]) return table[path];
  if (REDIRECTS[path]) return table[REDIRECTS[path]] ?? null;
  return null;
}
