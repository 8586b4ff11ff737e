import { AlertTriangle, Check, CloudOff, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { SaveStatus } from './autosave-machine';

/**
 * The save state beside the step title (visual.md 'Application'): 'Saving…',
 * 'Saved', 'Not saved — retrying'. Only failures are announced to screen
 * readers; every keystroke's 'Saving…' would drown the form.
 */
export function SaveState({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const base = 'flex items-center gap-1.5 text-sm whitespace-nowrap';
  let content;
  switch (status.kind) {
    case 'idle':
      content = <span className={`${base} text-muted-foreground`}>Saves as you type</span>;
      break;
    case 'saving':
      content = (
        <span className={`${base} text-muted-foreground`}>
          <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Saving…
        </span>
      );
      break;
    case 'saved':
      content = (
        <span className={`${base} text-success`}>
          <Check aria-hidden="true" className="size-4" /> Saved
        </span>
      );
      break;
    case 'retrying':
    case 'failed':
      content = (
        <span className={`${base} flex-wrap font-medium text-warning`} title={status.message}>
          {status.kind === 'retrying' ? <CloudOff aria-hidden="true" className="size-4" /> : <AlertTriangle aria-hidden="true" className="size-4" />}
          {status.kind === 'retrying' ? 'Not saved — retrying' : 'Not saved'}
          <Button variant="link" size="sm" className="min-h-6 py-0 text-sm" onClick={onRetry}>
            Retry now
          </Button>
        </span>
      );
      break;
    default:
      content = null;
  }
  const failing = status.kind === 'retrying' || status.kind === 'failed';
  return (
    <div data-save-state={status.kind}>
      {content}
      <p className="sr-only" role="status" aria-live="polite">
        {failing ? `Your changes are not saved yet. ${status.message}` : ''}
      </p>
    </div>
  );
}
