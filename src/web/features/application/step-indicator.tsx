import { Check } from 'lucide-react';
import { APPLICATION_STEPS, progressPercent, STEP_COUNT } from '../../../domain/application';
import { Progress } from '../../components/ui/progress';
import { cn } from '../../lib/cn';

/**
 * docs/product/application.md#wizard: steps before the current one are done, the
 * current one is highlighted; progress = (step + 1) / 6. Every step can be
 * opened from here (navigation is never blocked).
 */
export function StepIndicator({ step, onOpen }: { step: number; onOpen: (index: number) => void }) {
  return (
    <div>
      <nav aria-label="Application steps">
        <ol className="flex items-start">
          {APPLICATION_STEPS.map((s, index) => {
            const done = index < step;
            const current = index === step;
            return (
              <li key={s.id} className="relative flex flex-1 flex-col items-center">
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
                  aria-label={`Step ${index + 1}: ${s.title}${done ? ' (done)' : ''}`}
                  className="group relative z-10 flex cursor-pointer flex-col items-center gap-1.5 rounded-md px-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span
                    className={cn(
                      'flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors',
                      done && 'border-primary bg-primary text-primary-foreground',
                      current && 'border-primary bg-card text-primary ring-4 ring-primary/15',
                      !done && !current && 'border-input bg-card text-muted-foreground group-hover:border-primary',
                    )}
                  >
                    {done ? <Check aria-hidden="true" className="size-4" strokeWidth={3} /> : index + 1}
                  </span>
                  <span
                    className={cn(
                      'hidden max-w-24 text-center text-xs leading-tight sm:block',
                      current ? 'font-semibold text-foreground' : 'text-muted-foreground',
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
