import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

/** One block of the account page, reachable by its id from the page's contents list. */
export function SectionCard({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} aria-labelledby={`${id}-title`} role="region" className="scroll-mt-24">
      <div className="flex items-start justify-between gap-3 border-b border-border px-6 py-5 sm:px-8">
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{description}</p>}
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      <div className="px-6 py-6 sm:px-8">{children}</div>
    </Card>
  );
}
