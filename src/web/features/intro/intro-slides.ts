import type { Brand } from '../../../domain/brand';

/** docs/product/public-site.md#intro-carousel: 7 slides, auto-advancing every 8000 ms until the last. */
export const INTRO_AUTO_ADVANCE_MS = 8000;

/** Names of the slide icons; the web layer maps them to lucide-react icons. */
export type IntroIcon = 'house' | 'search' | 'piggy' | 'sliders' | 'handshake' | 'trending' | 'key';

export interface IntroSlide {
  title: string;
  body: string;
  icon: IntroIcon;
  /** docs/product/public-site.md#intro-carousel: slide 1 offers 'Skip Intro' back to the site, slide 7 'Login to Get Approved' to /auth/login. */
  action?: { label: string; to: string };
}

export const INTRO_LOGIN_PATH = '/auth/login';
/** Where 'Skip Intro' goes: back to the site the tour is reached from (the landing page's How It Works). */
export const INTRO_SKIP_PATH = '/';

export function introSlides(brand: Pick<Brand, 'name'>): IntroSlide[] {
  const n = brand.name;
  return [
    {
      icon: 'house',
      title: `Welcome to ${n}`,
      body: `Own a home without a mortgage. ${n} buys the home you choose, and you co-own it with us from the day you move in.`,
      action: { label: 'Skip Intro', to: INTRO_SKIP_PATH },
    },
    {
      icon: 'search',
      title: 'You choose the home',
      body: 'Shop like any other buyer. Find the home and the neighborhood you want, and we make the offer and buy it with you.',
    },
    {
      icon: 'piggy',
      title: 'Start with as little as 2% down',
      body: 'No need to save for years to reach 20%. Put down what works for you; a larger down payment gives you a bigger share from the start.',
    },
    {
      icon: 'sliders',
      title: 'Set your monthly budget',
      body: 'You decide what you pay each month. Paying less keeps more cash in your pocket and earns less equity; paying more grows your share faster.',
    },
    {
      icon: 'handshake',
      title: 'Investors fund the rest',
      body: 'Investors buy pooled equity shares recorded on a blockchain. They earn income from their share and have no say in your home.',
    },
    {
      icon: 'trending',
      title: 'Watch your wealth grow',
      body: 'Your dashboard shows your home’s appreciation, your equity share and where each payment goes, month after month.',
    },
    {
      icon: 'key',
      title: 'Move when life moves',
      body: 'Give 60 days notice to move, cash out, or take your equity to your next home. Sign in to start your application and get approved.',
      action: { label: 'Login to Get Approved', to: INTRO_LOGIN_PATH },
    },
  ];
}
