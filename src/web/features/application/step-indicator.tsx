import { Check, TriangleAlert } from 'lucide-react';
import { APPLICATION_STEPS, progressPercent, STEP_COUNT } from '../../../domain/application';
import { Progress } from '../../components/ui/progress';
import { cn } from '../../lib/cn';
import { stepLabel, type StepMark } from './step-marks';

/**
 * docs/product/application.md#wizard: a step passed with nothing missing is ticked,
 * one passed with items missing shows a warning mark and their count (never a
 * tick), the current one is highlighted, the ones ahead show their number
 * (step-marks.ts); progress = (step + 1) / 6. Every step can be opened from here
 * (navigation is never blocked).
 */
export function StepIndicator({ step, marks, onOpen }: { step: number; marks: StepMark[]; onOpen: (index: number) => void }) {
  return (
    <div>
      <nav aria-label="Application steps">
        <ol className="flex items-start">
          {APPLICATION_STEPS.map((s, index) => {
            const mark = marks[index];
            const current = mark.kind === 'current';
            return (
              <li key={s.id} className="relative flex min-w-0 flex-1 flex-col items-center">
                {index > 0 && (
                  <span
                    aria-hidden="true"
                    className={cn('absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2', index <= step ? 'bg-primary' : 'bg-border')}
                  />
                )}
                <button
                  type="button"
                  onClick={() => onOpen(index)}
                  aria-current={current ? 'step' : undefined}
                  aria-label={stepLabel(index, mark)}
                  data-mark={mark.kind}
                  className="group relative z-10 flex cursor-pointer flex-col items-center gap-1.5 rounded-md px-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span
                    className={cn(
                      'relative flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors',
                      mark.kind === 'done' && 'border-primary bg-primary text-primary-foreground',
                      mark.kind === 'missing' && 'border-warning bg-warning-soft text-warning',
                      current && 'border-primary bg-card text-primary ring-4 ring-primary/15',
                      mark.kind === 'ahead' && 'border-input bg-card text-muted-foreground group-hover:border-primary',
                    )}
                  >
                    {mark.kind === 'done' ? (
                      <Check aria-hidden="true" className="size-4" strokeWidth={3} />
                    ) : mark.kind === 'missing' ? (
                      <>
                        <TriangleAlert aria-hidden="true" className="size-4" strokeWidth={2.5} />
                        <span
                          aria-hidden="true"
                          className="tabular absolute -top-2 -right-2.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-warning px-1 text-[0.6875rem] leading-none font-bold text-white"
                        >
                          {mark.missing}
                        </span>
                      </>
                    ) : (
                      index + 1
                    )}
                  </span>
                  <span
                    className={cn(
                      'hidden max-w-24 text-center text-xs leading-tight sm:block',
                      current ? 'font-semibold text-foreground' : mark.kind === 'missing' ? 'font-medium text-warning' : 'text-muted-foreground',
                    )}
                  >
                    {s.title}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="mt-5 flex items-center gap-3">
        <Progress value={progressPercent(step)} label="Application progress" valueText={`Step ${step + 1} of ${STEP_COUNT}`} className="flex-1" />
        <span className="tabular shrink-0 text-sm font-medium text-muted-foreground">
          Step {step + 1} of {STEP_COUNT}
        </span>
      </div>
    </div>
  );
}
