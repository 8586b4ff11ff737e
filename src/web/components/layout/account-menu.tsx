import { LayoutDashboard, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { hasRank, roleLabel } from '../../../domain/roles';
import { cn } from '../../lib/cn';
import { initialsOf, type SessionUser } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';
import { Badge } from '../ui/badge';

export function Avatar({ user, className }: { user: SessionUser; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground', className)}
    >
      {initialsOf(user)}
    </span>
  );
}

const item =
  'flex min-h-11 w-full items-center gap-3 rounded-[var(--radius-control)] px-3 text-[0.9375rem] font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:text-muted-foreground';

/**
 * The avatar (docs/product/dashboard.md#header) opens a small disclosure panel: who is
 * signed in, the signed-in pages and 'Sign out'. A disclosure, not an ARIA menu:
 * Tab moves through its links as anywhere else; Escape and a click outside close it.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const { signOut, pending } = useSignOut();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Account menu"
        onClick={() => setOpen((v) => !v)}
        className="flex size-11 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Avatar user={user} className={cn('transition-shadow', open && 'ring-4 ring-primary/20')} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-2 w-[min(18rem,calc(100vw-2rem))] animate-fade-in rounded-[var(--radius-card)] border border-border bg-card p-2 shadow-[var(--shadow-raised)]"
      >
        <div className="flex items-center gap-3 border-b border-border px-3 pt-2 pb-3">
          <Avatar user={user} className="size-10" />
          <div className="min-w-0">
            <p className="truncate font-semibold">{user.name}</p>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <p className="px-3 pt-3 pb-1 text-xs text-muted-foreground">
          Role{' '}
          <Badge variant="secondary" className="ml-1">
            {roleLabel(user.role)}
          </Badge>
        </p>
        <ul className="py-1">
          <li>
            <Link className={item} to="/dashboard">
              <LayoutDashboard aria-hidden="true" /> Dashboard
            </Link>
          </li>
          <li>
            <Link className={item} to="/account">
              <Settings aria-hidden="true" /> Account settings
            </Link>
          </li>
          {hasRank(user.role, 'admin') && (
            <li>
              <Link className={item} to="/admin">
                <ShieldCheck aria-hidden="true" /> Back office
              </Link>
            </li>
          )}
        </ul>
        <div className="border-t border-border pt-1">
          <button type="button" className={cn(item, 'cursor-pointer')} disabled={pending} onClick={() => void signOut()}>
            <LogOut aria-hidden="true" /> {pending ? 'Signing out...' : 'Sign out'}
          </button>
        </div>
      </div>
    </div>
  );
}
