import { ClipboardCheck, FileText, Inbox, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';

/** docs/product/back-office.md#overview: the four tiles and their filtered links. */
const TILES = [
  { to: '/admin/applications?status=submitted', title: 'New Submissions', text: 'Applications waiting for a first look.', icon: Inbox },
  { to: '/admin/applications?status=in_review', title: 'In Review', text: 'Applications being reviewed now.', icon: ClipboardCheck },
  { to: '/admin/users', title: 'Users', text: 'Accounts, their status and their roles.', icon: Users },
  { to: '/admin/letters-of-intent', title: 'Letters of Intent', text: 'Letters and their PDFs.', icon: FileText },
] as const;

export function QuickLinks() {
  return (
    <nav aria-label="Shortcuts">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TILES.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group block h-full rounded-[var(--radius-card)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Card className="flex h-full flex-col gap-2 p-5 transition-colors group-hover:border-primary/40 group-hover:bg-primary-soft/40">
                <Icon aria-hidden="true" className="size-6 text-primary" />
                <span className="font-semibold text-foreground">{title}</span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
