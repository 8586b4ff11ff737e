import { Link, Outlet } from 'react-router';
import { brand } from '../../lib/config';
import { usePageMeta } from '../../lib/use-page-meta';
import { HeroHomeIllustration } from '../illustrations/hero-home';
import { Logo, LogoMark } from './logo';

const footLink = 'rounded underline-offset-4 hover:text-foreground hover:underline';

/**
 * The account screens (/auth/*): a slim layout without the marketing navigation,
 * so the form is the one thing on the page. Phones see the logo above the card;
 * wide screens add a brand panel beside it.
 */
export default function AuthLayout() {
  usePageMeta();
  return (
    <div className="grid grid-cols-1 min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-[var(--shadow-raised)]"
      >
        Skip to content
      </a>
      <aside className="relative hidden flex-col justify-between overflow-hidden bg-primary p-10 text-white lg:flex xl:p-14">
        <Link
          to="/"
          className="flex w-fit items-center gap-2 rounded-md text-xl font-bold tracking-tight focus-visible:outline-white"
          aria-label={`${brand.name} home`}
        >
          <LogoMark inverted /> {brand.name}
        </Link>
        <div className="max-w-md">
          <HeroHomeIllustration className="-ml-4 w-full max-w-sm" />
          <p className="mt-6 text-3xl leading-tight font-semibold tracking-tight text-balance">{brand.tagline}.</p>
          <p className="mt-3 text-lg text-white/85">Your dashboard, your home application and your account, in one place.</p>
        </div>
        <p className="text-sm text-white/75">
          © {brand.copyrightYear} {brand.name}
        </p>
      </aside>
      <div className="flex min-h-dvh flex-col bg-gradient-to-b from-primary-soft/70 to-background lg:bg-none">
        <header className="flex justify-center px-4 pt-8 lg:hidden">
          <Logo />
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:py-12 lg:items-center">
          <div className="w-full max-w-md">
            <Outlet />
          </div>
        </main>
        <footer className="flex flex-wrap justify-center gap-x-5 gap-y-2 px-4 pb-8 text-sm text-muted-foreground">
          <Link className={footLink} to="/">
            Home
          </Link>
          <Link className={footLink} to="/privacy-policy">
            Privacy Policy
          </Link>
          <a className={footLink} href={`mailto:${brand.contactEmail}`}>
            Help: {brand.contactEmail}
          </a>
        </footer>
      </div>
    </div>
  );
}
