import { Calculator, Check } from 'lucide-react';
import type { ReactNode } from 'react';

interface ResultsPromptProps {
  title: string;
  children: ReactNode;
  /** What the results will show, listed under the prompt. */
  points?: string[];
}

/** What the results column shows before the first Calculate (docs/product/calculators.md#variant-b-page, #comparison-page). */
export function ResultsPrompt({ title, children, points }: ResultsPromptProps) {
  return (
    <div className="flex h-full min-h-64 flex-col items-center justify-center rounded-[var(--radius-card)] border border-dashed border-input bg-card/60 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Calculator aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-xl font-semibold">{title}</h2>
      <p className="mt-2 max-w-sm text-muted-foreground">{children}</p>
      {points && (
        <ul className="mt-6 grid grid-cols-1 gap-2 text-left text-sm">
          {points.map((point) => (
            <li key={point} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              {point}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
