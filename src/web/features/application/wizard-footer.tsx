import { ArrowLeft, ArrowRight, CloudOff, Send } from 'lucide-react';
import { useRef } from 'react';
import { LAST_STEP_INDEX } from '../../../domain/application';
import { Button } from '../../components/ui/button';
import { useStickyBarPadding } from './use-sticky-bar-padding';

interface Props {
  step: number;
  onPrevious: () => void;
  onContinue: () => void;
  /** Shown on the last step while the application can be submitted. */
  submit?: { enabled: boolean; submitting: boolean; onSubmit: () => void; /** The id of what keeps it disabled, said in the step. */ describedBy?: string };
  /** The draft could not be saved: said here too, as the step title may be scrolled away. */
  unsaved?: boolean;
}

function Unsaved({ className }: { className: string }) {
  return (
    <p className={className}>
      <CloudOff aria-hidden="true" className="size-4 shrink-0" /> Changes not saved yet
    </p>
  );
}

/**
 * docs/product/application.md#wizard: Previous (disabled on step 1), Continue, and 'Submit Application' on the last step;
 * sticky on phones (visual.md), with the same 16 px margin on every side, and the page's scroll padding raised by its
 * height so a focused control is never hidden under it (#keyboard-and-focus).
 */
export function WizardFooter({ step, onPrevious, onContinue, submit, unsaved }: Props) {
  const last = step === LAST_STEP_INDEX;
  const bar = useRef<HTMLDivElement>(null);
  useStickyBarPadding(bar);
  return (
    <div
      ref={bar}
      data-wizard-actions
      className="sticky bottom-0 z-30 -mx-4 mt-8 border-t border-border bg-background/95 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none"
    >
      {unsaved && <Unsaved className="mb-2 flex items-center justify-center gap-1.5 text-xs font-medium text-warning sm:hidden" />}
      {/* With text enlarged the buttons take a line each, Continue and Submit on the right. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="outline" className="shrink-0" onClick={onPrevious} disabled={step === 0}>
          {/* Below 400 px the arrow gives its room to 'Submit Application', which then fits on one line beside it. */}
          <ArrowLeft aria-hidden="true" className="max-[399px]:hidden" /> Previous
        </Button>
        {unsaved && <Unsaved className="hidden min-w-0 items-center gap-1.5 text-center text-sm font-medium text-warning sm:flex" />}
        {!last && (
          <Button className="ml-auto shrink-0" onClick={onContinue}>
            Continue <ArrowRight aria-hidden="true" />
          </Button>
        )}
        {last && submit && (
          // While submitting the button keeps focus (aria-disabled, not disabled: a disabled button drops it to the page).
          <Button
            variant="accent"
            className="ml-auto min-w-0 leading-tight"
            onClick={() => {
              if (!submit.submitting) submit.onSubmit();
            }}
            disabled={!submit.enabled}
            aria-describedby={submit.describedBy}
            aria-disabled={submit.submitting || undefined}
          >
            {submit.submitting ? 'Submitting Application...' : 'Submit Application'}
            {!submit.submitting && <Send aria-hidden="true" />}
          </Button>
        )}
      </div>
    </div>
  );
}
