import type { ReactNode } from 'react';

interface CalculatorHeaderProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** A link or button beside the lead (e.g. to the other calculator). */
  action?: ReactNode;
}

export function CalculatorHeader({ eyebrow, title, lead, action }: CalculatorHeaderProps) {
  return (
    <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{lead}</p>
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </header>
  );
}
