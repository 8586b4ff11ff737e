import { useId, type ReactNode } from 'react';

/** One section of a home's record, as the review dialog draws its own: a bordered box with a heading. */
export function HomeSection({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold text-foreground">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A table that may scroll sideways on a phone: the scroll box takes the keyboard focus, so arrow keys scroll it (WCAG 2.1.1). */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="group"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {children}
    </div>
  );
}
