import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { comparisonPath } from '../../../domain/brand';
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

export function TopNav() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const { links, showJoin } = navItems(pathname);

  // Close the mobile menu on navigation and on Escape.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-2 text-[15px] font-medium transition-colors hover:text-primary', isActive ? 'text-primary' : 'text-foreground/80');

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <div className="hidden items-center gap-1 md:flex">
          {links.map((item) => (
            <NavLink key={item.to} to={item.to} end className={linkClass}>
              {item.label}
            </NavLink>
          ))}
          {showJoin && (
            <Button asChild variant="accent" size="sm" className="ml-2 h-10 px-4">
              <Link to="/waitlist">Join Waitlist</Link>
            </Button>
          )}
        </div>
        <Button
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
        {showJoin && (
          <Button asChild variant="accent" className="w-full">
            <Link to="/waitlist">Join Waitlist</Link>
          </Button>
        )}
      </div>
    </header>
  );
}
