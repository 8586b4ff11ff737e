import { Settings } from 'lucide-react';
import { Link, NavLink, useMatch } from 'react-router';
import { hasRank } from '../../../domain/roles';
import { cn } from '../../lib/cn';
import { brand } from '../../lib/config';
import type { SessionUser } from '../../lib/session';
import { Button } from '../ui/button';
import { AccountMenu } from './account-menu';
import { SIGNED_IN_ITEMS, useChatBadge } from './bottom-nav';
import { LogoMark } from './logo';

/** The back office's one grid: its header row, navigation and content share these edges (src/web/features/admin/components/admin-layout.tsx). */
export const ADMIN_GRID = 'w-full max-w-7xl px-4 sm:px-6';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-[0.9375rem] font-medium transition-colors hover:text-primary', isActive ? 'text-primary' : 'text-foreground/80');

/**
 * On wider screens the header carries what the phone's bottom bar does (docs/product/public-site.md#navigation):
 * Explore, Dashboard and Chat with its unread count. The back office keeps its own navigation.
 */
function SiteLinks() {
  const badge = useChatBadge();
  return SIGNED_IN_ITEMS.map(({ to, label }) => (
    <NavLink key={to} to={to} className={navClass} aria-label={to === '/chat' && badge ? `${label}, ${badge} unread` : undefined}>
      {label}
      {to === '/chat' && badge && (
        <span
          aria-hidden="true"
          data-testid="header-chat-unread"
          className="ml-1.5 inline-block min-w-5 rounded-full bg-accent px-1 text-center text-[0.6875rem] leading-5 font-semibold text-accent-foreground"
        >
          {badge}
        </span>
      )}
    </NavLink>
  ));
}

/** docs/product/dashboard.md#header: the avatar (account menu), the logo and a settings button to /account. */
export function AppHeader({ user }: { user: SessionUser }) {
  // docs/product/back-office.md#layout: in the back office the header sits on the back office's grid (its navigation and content).
  const backOffice = useMatch('/admin/*') !== null;
  return (
    // A container: with text enlarged (200 %) on a phone the row is wider than the screen, and the brand's word gives
    // way to its mark (the link keeps its name). The threshold is in rem, which a container query reads at the page's
    // text size: the row is ≈ 16.4rem wide with the word, so the word shows on any phone at normal text.
    <header className="@container sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className={cn('mx-auto flex h-16 items-center gap-2', backOffice ? ADMIN_GRID : 'max-w-6xl px-2 sm:px-4')}>
        <AccountMenu user={user} />
        <div className="flex flex-1 justify-center md:justify-start">
          <Link
            to="/dashboard"
            className="flex items-center gap-2 rounded-md px-1 text-xl font-bold tracking-tight text-primary"
            aria-label={`${brand.name} dashboard`}
          >
            <LogoMark />
            <span className="@max-[17rem]:sr-only">{brand.name}</span>
          </Link>
        </div>
        <nav aria-label="Signed-in" className="hidden items-center gap-1 md:flex">
          {backOffice ? (
            <NavLink to="/dashboard" className={navClass}>
              Dashboard
            </NavLink>
          ) : (
            <SiteLinks />
          )}
          {hasRank(user.role, 'admin') && (
            <NavLink to="/admin" className={navClass}>
              Back office
            </NavLink>
          )}
        </nav>
        <Button asChild variant="ghost" size="icon" aria-label="Account settings">
          <NavLink to="/account">
            <Settings aria-hidden="true" className="!size-6 text-foreground/80" />
          </NavLink>
        </Button>
      </div>
    </header>
  );
}
