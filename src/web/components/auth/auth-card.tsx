import { useEffect, useRef, type ReactNode } from 'react';
import { revealElement } from '../../lib/announce';
import { Card } from '../ui/card';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** A decorative icon above the title (success, error, mail…). */
  icon?: ReactNode;
  children?: ReactNode;
  /** The links under the card's body (docs/product/accounts.md#screens: each screen's links). */
  footer?: ReactNode;
  /**
   * The card is an answer that took a form's place on the same page ('Check your email'): its title takes focus when
   * it appears, so focus does not fall to the page with the button that had it, and a screen reader reads the answer
   * (docs/decisions/023-messages-and-focus.md: a result → focus its heading).
   */
  focusTitle?: boolean;
}

/** The card every account screen sits in. */
export function AuthCard({ title, description, icon, children, footer, focusTitle = false }: AuthCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) revealElement(heading.current);
  }, [focusTitle]);
  return (
    <Card className="w-full">
      <div className="p-6 sm:p-8">
        {icon && <div className="mb-4">{icon}</div>}
        <h1 ref={heading} className="text-2xl font-bold tracking-tight sm:text-[1.75rem] sm:leading-tight">
          {title}
        </h1>
        {description && <div className="mt-2 text-[0.9375rem] leading-relaxed text-muted-foreground">{description}</div>}
        {children && <div className="mt-6">{children}</div>}
      </div>
      {footer && (
        <div className="rounded-b-[var(--radius-card)] border-t border-border bg-muted/40 px-6 py-4 text-center text-sm text-muted-foreground sm:px-8">
          {footer}
        </div>
      )}
    </Card>
  );
}

/** A round icon badge for a screen's state. */
export function StateIcon({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  const tones = { success: 'bg-primary-soft text-success', error: 'bg-accent-soft text-destructive', info: 'bg-primary-soft text-primary' };
  return (
    <span className={`flex size-12 items-center justify-center rounded-full [&_svg]:size-6 ${tones[tone]}`} aria-hidden="true">
      {children}
    </span>
  );
}

export const textLink = 'rounded font-semibold text-primary underline-offset-4 hover:underline';
