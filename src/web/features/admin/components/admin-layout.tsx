import * as DialogPrimitive from '@radix-ui/react-dialog';
import {
  CalendarClock,
  ClipboardList,
  CreditCard,
  FileSignature,
  FileText,
  History,
  House,
  LayoutDashboard,
  ListChecks,
  Megaphone,
  Menu,
  Settings,
  UserSearch,
  Users,
  X,
  Handshake,
  Route,
} from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ADMIN_GRID } from '../../../components/layout/app-header';
import { cn } from '../../../lib/cn';
import { SecondFactorGate } from './second-factor-gate';
import { DeleteConfirmProvider } from './delete-row-button';

/** Every back-office page, in the order of the navigation (docs/product/back-office.md#navigation). */
export const ADMIN_NAV = [
  { to: '/admin', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/admin/applications', label: 'Applications', icon: ClipboardList },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/waitlist', label: 'Waitlist', icon: ListChecks },
  { to: '/admin/announcements', label: 'Announcements', icon: Megaphone },
  { to: '/admin/letters-of-intent', label: 'Letters of Intent', icon: FileText },
  { to: '/admin/offers', label: 'Offers', icon: Handshake },
  { to: '/admin/pipeline', label: 'Pipeline', icon: Route },
  { to: '/admin/agents', label: 'Agents', icon: UserSearch },
  { to: '/admin/homes', label: 'Homes', icon: House },
  { to: '/admin/signatures', label: 'Signatures', icon: FileSignature },
  { to: '/admin/payments', label: 'Payments', icon: CreditCard },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  { to: '/admin/audit', label: 'Audit Log', icon: History },
  { to: '/admin/jobs', label: 'Jobs', icon: CalendarClock },
] as const;

function NavLinks({ onNavigate, vertical = false }: { onNavigate?: () => void; vertical?: boolean }) {
  return (
    <ul className={cn('flex gap-1', vertical ? 'flex-col' : 'flex-wrap items-center')}>
      {ADMIN_NAV.map(({ to, label, icon: Icon, ...rest }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={'end' in rest}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted hover:text-primary focus-visible:outline-2 focus-visible:outline-ring',
                vertical ? 'h-11' : 'h-9',
                isActive ? 'bg-primary-soft text-primary' : 'text-foreground/80',
              )
            }
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** On small screens the navigation slides out from the left (docs/product/back-office.md#navigation). */
function MobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger className="flex h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring lg:hidden">
        <Menu aria-hidden="true" className="size-5" />
        Back office menu
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-r border-border bg-card p-4 shadow-[var(--shadow-raised)] focus-visible:outline-none data-[state=open]:animate-slide-in-left">
          <div className="mb-4 flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-semibold">Back office</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="flex size-11 items-center justify-center rounded-full text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">Go to a back-office page.</DialogPrimitive.Description>
          <nav aria-label="Back office">
            <NavLinks vertical onNavigate={() => setOpen(false)} />
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * /admin/*: the back office's navigation above every page (the guard is the signed-in layout's).
 * One grid (docs/product/back-office.md#layout): the header's row, the navigation and the page share ADMIN_GRID's edges.
 */
export default function AdminLayout() {
  return (
    <div className="min-h-[calc(100dvh-4rem)] bg-muted/30">
      <div className="border-b border-border bg-card">
        <div className={cn('mx-auto py-2', ADMIN_GRID)}>
          <nav aria-label="Back office" className="hidden lg:block">
            <NavLinks />
          </nav>
          <MobileNav />
        </div>
      </div>
      <div className={cn('mx-auto py-6 sm:py-8', ADMIN_GRID)}>
        <SecondFactorGate>
          <DeleteConfirmProvider>
            <Outlet />
          </DeleteConfirmProvider>
        </SecondFactorGate>
      </div>
    </div>
  );
}
