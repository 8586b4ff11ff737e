import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

export interface LoadErrorProps {
  /** What could not be loaded, in the page's own words: 'We could not load your requests.' */
  message: ReactNode;
  /** Why, when there is more to say (the server's message); shown under the message. */
  detail?: ReactNode;
  /** Loads it again: the query's `refetch`. */
  onRetry: () => void;
  /** A retry under way: the button says 'Trying again...' and waits. */
  retrying?: boolean;
  /**
   * - `box` (default): an alert box, for a page's or a dialog's main content;
   * - `inline`: one sentence with 'Try again' as a link, for one part of a page that still works;
   * - `list`: centered in place of a list's rows (the back office's tables, docs/product/back-office.md#lists);
   * - `page`: the whole page, its heading the message.
   */
  layout?: 'box' | 'inline' | 'list' | 'page';
  /** The box's color: `destructive` when nothing else shows, `warning` for one part of a page (the default for `inline`). */
  tone?: 'destructive' | 'warning';
  className?: string;
}

/**
 * The one 'failed to load, Try again' (style.md 'One way to do each thing'): an alert that screen readers announce,
 * the page's message, and a 'Try again' button that is a real button, reached with Tab.
 */
export function LoadError({ message, detail, onRetry, retrying = false, layout = 'box', tone, className }: LoadErrorProps) {
  const label = retrying ? 'Trying again...' : 'Try again';

  if (layout === 'page') {
    return (
      <div role="alert" className={cn('mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center px-4 text-center', className)}>
        <h1 className="text-2xl font-semibold">{message}</h1>
        {detail && <p className="mt-2 text-muted-foreground">{detail}</p>}
        <Button className="mt-6" disabled={retrying} onClick={onRetry}>
          {label}
        </Button>
      </div>
    );
  }

  if (layout === 'list') {
    return (
      <div role="alert" className={cn('flex flex-col items-center gap-3 text-center', className)}>
        <p className="font-medium text-foreground">{message}</p>
        {detail && <p className="text-muted-foreground">{detail}</p>}
        <Button variant="outline" size="sm" disabled={retrying} onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {label}
        </Button>
      </div>
    );
  }

  if (layout === 'inline') {
    return (
      <Alert variant={tone ?? 'warning'} role="alert" className={className}>
        {message}{' '}
        <button
          type="button"
          className="rounded font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
          disabled={retrying}
          onClick={onRetry}
        >
          {label}
        </button>
        {detail && <p className="mt-1">{detail}</p>}
      </Alert>
    );
  }

  return (
    <Alert variant={tone ?? 'destructive'} role="alert" className={className}>
      <p className={cn(detail !== undefined && 'font-semibold')}>{message}</p>
      {detail && <p>{detail}</p>}
      <Button variant="outline" size="sm" className="mt-3" disabled={retrying} onClick={onRetry}>
        {label}
      </Button>
    </Alert>
  );
}
