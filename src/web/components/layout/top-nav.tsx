import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { comparisonPath } from '../../../domain/brand';
import { hasSignedInHint } from '../../../domain/signed-in-hint';
import { brand } from '../../lib/config';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Logo } from './logo';

interface NavItem {
  to: string;
  label: string;
}

/** The public top bar (docs/product/public-site.md#navigation), including the waitlist page's variant. */
export function navItems(pathname: string): { links: NavItem[]; showJoin: boolean } {
  const calculator = { to: '/how-much-home-can-i-afford', label: 'Home Calculator' };
  const comparison = { to: comparisonPath(brand), label: `${brand.name} vs. Mortgage` };
  if (pathname === '/waitlist') return { links: [calculator, comparison, { to: '/', label: 'Home' }], showJoin: false };
  return { links: [calculator, comparison], showJoin: true };
}

/**
 * Whether the visitor looks signed in, from the server's readable hint cookie
 * (src/domain/signed-in-hint.ts). Read after the first render, never during it:
 * the server renders (and pre-renders) the signed-out header, and a page is
 * always rendered the same on both sides.
 */
function useSignedInHint(pathname: string): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    setSignedIn(hasSignedInHint(document.cookie));
  }, [pathname]);
  return signedIn;
}

export function TopNav() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { links, showJoin } = navItems(pathname);
  const signedIn = useSignedInHint(pathname);

  // Close the mobile menu on navigation, and on Escape with focus back on its button (never lost to <body>).
  useEffect(() => {
    setOpen(false);
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-2 text-[0.9375rem] font-medium transition-colors hover:text-primary', isActive ? 'text-primary' : 'text-foreground/80');

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <nav aria-label="Main" className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-4 px-4 sm:px-6">
        <Logo />
        <div className="hidden items-center gap-1 md:flex">
          {links.map((item) => (
            <NavLink key={item.to} to={item.to} end className={linkClass}>
              {item.label}
            </NavLink>
          ))}
          {/* Both session variants are in the page, one hidden: the pre-rendered landing page swaps them without React
              (src/web/static-menu.ts). */}
          <span data-session="out" hidden={signedIn} className="contents">
            <Button asChild variant="outline" size="sm" className="ml-2 min-h-10 px-4">
              <Link to="/auth/signin">Sign In</Link>
            </Button>
            {showJoin && (
              <Button asChild variant="accent" size="sm" className="ml-2 min-h-10 px-4">
                <Link to="/waitlist">Join Waitlist</Link>
              </Button>
            )}
          </span>
          <span data-session="in" hidden={!signedIn} className="contents">
            <Button asChild size="sm" className="ml-2 min-h-10 px-4">
              <Link to="/dashboard">Dashboard</Link>
            </Button>
          </span>
        </div>
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {/* Both icons and the menu are always in the page, shown or hidden: the pre-rendered landing page
              opens them without React (src/web/static-menu.ts). */}
          <span data-menu-icon="close" hidden={!open} className="contents">
            <X className="!size-6" />
          </span>
          <span data-menu-icon="open" hidden={open} className="contents">
            <Menu className="!size-6" />
          </span>
        </Button>
      </nav>
      <div id="mobile-menu" hidden={!open} className="border-t border-border bg-background px-4 pb-4 shadow-[var(--shadow-raised)] md:hidden">
        <ul className="flex flex-col py-2">
          {links.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={({ isActive }) => cn(linkClass({ isActive }), 'flex min-h-11 items-center text-base')}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div data-session="out" hidden={signedIn} className="grid grid-cols-1 gap-3">
          <Button asChild variant="outline" className="w-full">
            <Link to="/auth/signin">Sign In</Link>
          </Button>
          {showJoin && (
            <Button asChild variant="accent" className="w-full">
              <Link to="/waitlist">Join Waitlist</Link>
            </Button>
          )}
        </div>
        <div data-session="in" hidden={!signedIn}>
          <Button asChild className="w-full">
            <Link to="/dashboard">Dashboard</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
