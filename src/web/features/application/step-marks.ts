import { APPLICATION_STEPS, problemsOfStep, type StepProblems } from '../../../domain/application';

/**
 * What the step indicator shows on each step (docs/product/application.md#wizard):
 * - `current`: the step open now;
 * - `done`: a step passed (visited, or before the current one) with nothing missing — a check;
 * - `missing`: a step passed with items still missing — a warning mark and their count, never a check;
 * - `ahead`: a step not reached yet — its number.
 */
export interface StepMark {
  kind: 'current' | 'done' | 'missing' | 'ahead';
  /** Items still missing in the step (only shown for 'missing'). */
  missing: number;
}

export function stepMarks(current: number, visited: ReadonlySet<number>, problems: readonly StepProblems[]): StepMark[] {
  return APPLICATION_STEPS.map((step, index) => {
    const missing = Object.keys(problemsOfStep(problems, step.id)).length;
    if (index === current) return { kind: 'current', missing };
    if (index > current && !visited.has(index)) return { kind: 'ahead', missing };
    return missing > 0 ? { kind: 'missing', missing } : { kind: 'done', missing };
  });
}

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'} missing`;

/** The step button's accessible name: 'Step 2: Employment & Income (done)', '… (3 items missing)', '… (current)' is aria-current's. */
export function stepLabel(index: number, mark: StepMark): string {
  const base = `Step ${index + 1}: ${APPLICATION_STEPS[index].title}`;
  if (mark.kind === 'done') return `${base} (done)`;
  if (mark.kind === 'missing') return `${base} (${items(mark.missing)})`;
  return base;
}
