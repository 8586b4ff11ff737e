import { Compass, LayoutDashboard, MessageCircle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { unreadBadge } from '../../../domain/application/messages';
import { cn } from '../../lib/cn';
import { unreadMessagesQuery } from '../../lib/unread-messages';

/** The signed-in pages' own navigation: the phone's bottom bar, and the header's links on wider screens (app-header.tsx). */
export const SIGNED_IN_ITEMS = [
  { to: '/explore', label: 'Explore', icon: Compass },
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/chat', label: 'Chat', icon: MessageCircle },
] as const;

/** Chat's badge: our staff's unread messages (docs/product/application.md#conversation), asked again every 10 s; undefined at none. */
export function useChatBadge(): string | undefined {
  return unreadBadge(useQuery(unreadMessagesQuery).data?.unread ?? 0) || undefined;
}

/** docs/product/public-site.md#navigation: the bottom navigation on phones (Explore, Dashboard, Chat). */
export function BottomNav() {
  const badge = useChatBadge();
  return (
    <nav
      aria-label="Bottom"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-md">
        {SIGNED_IN_ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex-1">
            <NavLink
              to={to}
              aria-label={to === '/chat' && badge ? `${label}, ${badge} unread` : undefined}
              className={({ isActive }) =>
                cn(
                  'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span className="relative">
                    <Icon aria-hidden="true" className="size-6" strokeWidth={isActive ? 2.4 : 1.8} />
                    {to === '/chat' && badge && (
                      <span
                        aria-hidden="true"
                        data-testid="chat-unread"
                        className="absolute -top-1.5 left-4 min-w-5 rounded-full bg-accent px-1 text-center text-[0.6875rem] leading-5 font-semibold text-accent-foreground"
                      >
                        {badge}
                      </span>
                    )}
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
