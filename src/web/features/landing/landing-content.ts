import { comparisonPath, type Brand } from '../../../domain/brand';
import { CLAIMS } from '../../../domain/claims';

/**
 * Texts of the landing page (docs/product/public-site.md#landing-page). Claims carry the id of
 * the note in `claimDisclaimers` that qualifies them; the page numbers the notes.
 */
export type ClaimNoteId = 'payments' | 'down' | 'price' | 'wealth' | 'approval';

/** Names of the icons the page draws next to a block; the web layer maps them to SVGs. */
export type LandingIcon = 'house' | 'search' | 'blocks' | 'handshake' | 'trending' | 'clipboard' | 'key' | 'piggy' | 'sliders' | 'move' | 'sprout';

export interface Stat {
  /** Qualifier shown above the number ('Up to'): a claim keeps its limits next to it. */
  prefix?: string;
  value: string;
  label: string;
  detail: string;
  note?: ClaimNoteId;
}

export interface Point {
  icon: LandingIcon;
  title: string;
  body: string;
  note?: ClaimNoteId;
}

export interface LandingContent {
  hero: {
    eyebrow: string;
    title: string;
    tagline: string;
    body: string;
    primaryCta: { label: string; to: string };
    secondaryCta: { label: string; to: string };
    highlights: { text: string; note?: ClaimNoteId }[];
  };
  meet: { title: string; lead: string; paragraphs: string[]; points: Point[] };
  stats: { title: string; intro: string; items: Stat[] };
  customize: { title: string; intro: string; points: Point[] };
  howItWorks: { title: string; intro: string; tour: string; steps: Point[] };
  summary: { title: string; steps: Point[] };
  testimonials: { title: string };
  closing: { title: string; body: string; waitlist: string; calculator: string };
}

export function landingContent(brand: Pick<Brand, 'name' | 'tagline' | 'slug'>): LandingContent {
  const n = brand.name;
  return {
    hero: {
      eyebrow: 'Home co-ownership, without a mortgage',
      // docs/product/public-site.md#landing-page: the landing page's title and tagline.
      title: 'Own Your Home Affordably and Flexibly',
      tagline: brand.tagline,
      body: `${n} buys the home you choose and you co-own it with us. You move in, make it yours and build equity with every payment, on a budget you set.`,
      primaryCta: { label: 'How much home can I afford?', to: '/how-much-home-can-i-afford' },
      secondaryCta: { label: 'Compare with a mortgage', to: comparisonPath(brand) },
      highlights: [{ text: 'As little as 2% down', note: 'down' }, { text: 'A monthly budget you choose' }, { text: 'A decision in days', note: 'approval' }],
    },
    meet: {
      title: `Meet ${n}`,
      lead: 'A simpler way to own the home you want, without a 30-year loan.',
      paragraphs: [
        `With a mortgage, you borrow most of the price and spend decades paying it back with interest. With ${n}, there is no loan: we buy the home you pick, and you own a share of it from day one.`,
        'Investors fund the rest of the purchase through pooled shares of home equity. They earn income from their share, but they have no say in how you live in your home.',
      ],
      points: [
        { icon: 'house', title: 'You pick the home', body: 'Any eligible home on the market, in the neighborhood you want.' },
        { icon: 'key', title: 'You hold the keys', body: 'It is your home to live in, paint, renovate and plant a garden in.' },
        { icon: 'sprout', title: 'You grow your share', body: 'Every monthly payment adds to your equity, and your share grows with the home’s value.' },
      ],
    },
    stats: {
      title: 'The numbers that matter',
      intro: 'What co-ownership can mean for your budget, compared with a traditional 30-year mortgage.',
      items: [
        { value: '2%', label: 'down payment', detail: 'instead of the 20% many lenders ask for.', note: 'down' },
        // The calculators' own figures with the disclosed examples (src/domain/claims.ts).
        {
          prefix: 'Up to',
          value: `${CLAIMS.payments.upToPercent}%`,
          label: 'lower monthly payments',
          detail: 'than a mortgage on the same home.',
          note: 'payments',
        },
        { value: `${CLAIMS.price.higherPercent}%`, label: 'higher home price', detail: 'within reach on the same income, debts and savings.', note: 'price' },
        {
          value: '100%',
          label: 'of the home is yours to live in',
          detail: 'and to customize: paint, renovate, plant the garden. Investors have no say in how you live.',
        },
      ],
    },
    customize: {
      title: 'Customize Everything',
      intro: 'Your life is not a fixed-rate schedule. Set co-ownership up the way that fits you today, and change it when life changes.',
      points: [
        {
          icon: 'piggy',
          title: 'Your down payment',
          body: 'Start with as little as 2% down, or put in more to own a bigger share from the start.',
          note: 'down',
        },
        {
          icon: 'sliders',
          title: 'Your monthly budget',
          body: 'Choose what you pay each month. Paying less keeps more cash in your pocket and earns you less equity; paying more builds your share faster.',
        },
        {
          icon: 'move',
          title: 'Your next move',
          body: 'Ready for a change? Give us 60 days notice to move, cash out your equity, take it to a new home, or buy us out with a traditional mortgage.',
        },
      ],
    },
    howItWorks: {
      title: 'How It Works',
      intro: `Five steps from first look to building wealth in a home of your own.`,
      tour: 'Take the two-minute tour',
      steps: [
        {
          icon: 'house',
          title: 'The co-ownership model',
          body: `${n} buys the home and you co-own it with us. There is no mortgage: your monthly payment covers your use of the home and builds your equity at the same time.`,
        },
        {
          icon: 'search',
          title: 'Find a home and apply',
          body: 'Shop for the home you love, then apply online in six short steps. We review your income, savings and credit and give you a decision in days.',
          note: 'approval',
        },
        {
          icon: 'blocks',
          title: 'Your home on the blockchain',
          body: 'Ownership of the home is divided into equity shares recorded on a blockchain, so every share and every change in ownership has a clear, permanent record.',
        },
        {
          icon: 'handshake',
          title: 'An investor partnership',
          body: 'Investors fund the rest of the purchase through pooled, tokenized shares. They earn income from the home’s share they hold, and they never get a say in your home.',
        },
        {
          icon: 'trending',
          title: 'Live, manage and build wealth',
          body: `Live in your home and follow its appreciation, your equity share and your payment breakdown on your dashboard, with the potential for ${CLAIMS.wealth.morePercent}% more wealth over ${CLAIMS.wealth.years} years than a mortgage.`,
          note: 'wealth',
        },
      ],
    },
    summary: {
      title: 'Four steps to your front door',
      steps: [
        { icon: 'clipboard', title: 'Qualify', body: 'Tell us about your income and savings, and see what you can afford.' },
        { icon: 'search', title: 'Find', body: 'Pick the home you want, anywhere we operate.' },
        { icon: 'handshake', title: 'Offer', body: 'We make the offer and buy the home with you.' },
        { icon: 'sprout', title: 'Live & Grow', body: 'Move in, make it yours and watch your equity grow.' },
      ],
    },
    testimonials: { title: 'What early members tell us' },
    closing: {
      title: 'Ready when you are',
      body: `Join the waitlist for early access to ${n}, or run the numbers on a home you have in mind. No commitment, and no credit check to join.`,
      waitlist: 'Join The Waitlist',
      calculator: 'Try Our Calculator',
    },
  };
}
