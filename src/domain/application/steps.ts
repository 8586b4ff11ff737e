/**
 * The six steps of the home application wizard (docs/product/application.md#wizard):
 * step index 0 to 5, progress (step + 1) / 6.
 */
export const APPLICATION_STEPS = [
  { id: 'personal', title: 'Personal Information' },
  { id: 'employment', title: 'Employment & Income' },
  { id: 'assets', title: 'Assets' },
  { id: 'debts', title: 'Debts' },
  { id: 'consents', title: 'Consent & Disclosures' },
  { id: 'documents', title: 'Documents' },
] as const;

export type StepId = (typeof APPLICATION_STEPS)[number]['id'];

export const STEP_COUNT = APPLICATION_STEPS.length;
export const LAST_STEP_INDEX = STEP_COUNT - 1;

/** docs/product/application.md#wizard: Continue +1 (not past the last), Previous −1 (not below 0). */
export function clampStep(index: number): number {
  if (!Number.isFinite(index)) return 0;
  return Math.min(LAST_STEP_INDEX, Math.max(0, Math.trunc(index)));
}

/** docs/product/application.md#wizard: progress = (step + 1) / 6 of 100. */
export function progressPercent(stepIndex: number): number {
  return ((clampStep(stepIndex) + 1) / STEP_COUNT) * 100;
}

export function stepIndexOf(id: StepId): number {
  return APPLICATION_STEPS.findIndex((s) => s.id === id);
}

/** docs/product/application.md#submission: a decision comes within 3-5 business days. */
export const DECISION_WINDOW_TEXT = '3-5 business days';
