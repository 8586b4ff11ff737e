import { ArrowLeft, ArrowRight, CloudOff, Send } from 'lucide-react';
import { LAST_STEP_INDEX } from '../../../domain/application';
import { Button } from '../../components/ui/button';

interface Props {
  step: number;
  onPrevious: () => void;
  onContinue: () => void;
  /** Shown on the last step while the application can be submitted. */
  submit?: { enabled: boolean; submitting: boolean; onSubmit: () => void };
  /** The draft could not be saved: said here too, as the step title may be scrolled away. */
  unsaved?: boolean;
}

/** docs/product/application.md#wizard: Previous (disabled on step 1), Continue, and 'Submit Application' on the last step; sticky on phones (visual.md). */
export function WizardFooter({ step, onPrevious, onContinue, submit, unsaved }: Props) {
  const last = step === LAST_STEP_INDEX;
  return (
    <div className="sticky bottom-0 z-30 -mx-4 mt-8 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
      <div className="flex items-center justify-between gap-3">
        <Button variant="outline" onClick={onPrevious} disabled={step === 0}>
          <ArrowLeft aria-hidden="true" /> Previous
        </Button>
        {unsaved && (
          <p className="flex min-w-0 items-center gap-1.5 text-center text-xs font-medium text-warning sm:text-sm">
            <CloudOff aria-hidden="true" className="size-4 shrink-0" /> Changes not saved yet
          </p>
        )}
        {!last && (
          <Button onClick={onContinue}>
            Continue <ArrowRight aria-hidden="true" />
          </Button>
        )}
        {last && submit && (
          <Button variant="accent" onClick={submit.onSubmit} disabled={!submit.enabled || submit.submitting}>
            {submit.submitting ? 'Submitting Application...' : 'Submit Application'}
            {!submit.submitting && <Send aria-hidden="true" />}
          </Button>
        )}
      </div>
    </div>
  );
}
