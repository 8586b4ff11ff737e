import { describe, expect, it } from 'vitest';
import type { StepProblems } from '../../../domain/application';
import { stepLabel, stepMarks } from './step-marks';

const personal: StepProblems = {
  stepIndex: 0,
  stepId: 'personal',
  stepTitle: 'Personal Information',
  fields: { 'personal.dateOfBirth': 'Date of birth is required', 'personal.ssnLast4': 'Enter exactly 4 digits', 'personal.phone': 'Phone is required' },
};
const consents: StepProblems = {
  stepIndex: 4,
  stepId: 'consents',
  stepTitle: 'Consent & Disclosures',
  fields: { 'consents.creditCheck': 'Please authorize the credit check to continue' },
};

describe('stepMarks', () => {
  it('ticks a passed step only when nothing is missing in it; otherwise a warning with the count', () => {
    const marks = stepMarks(2, new Set([0, 1]), [personal, consents]);
    expect(marks.map((m) => m.kind)).toEqual(['missing', 'done', 'current', 'ahead', 'ahead', 'ahead']);
    expect(marks[0].missing).toBe(3);
  });

  it('counts a step ahead of the current one as passed once it was visited', () => {
    const marks = stepMarks(1, new Set([0, 2, 3, 4]), [personal, consents]);
    expect(marks.map((m) => m.kind)).toEqual(['missing', 'current', 'done', 'done', 'missing', 'ahead']);
    expect(marks[4].missing).toBe(1);
  });

  it('ticks steps before the current one with nothing missing even when not visited in this visit (a step opened from the URL)', () => {
    expect(stepMarks(5, new Set(), []).map((m) => m.kind)).toEqual(['done', 'done', 'done', 'done', 'done', 'current']);
  });
});

describe('stepLabel', () => {
  it('says done, or how many items are missing, in the step button’s accessible name', () => {
    expect(stepLabel(1, { kind: 'done', missing: 0 })).toBe('Step 2: Employment & Income (done)');
    expect(stepLabel(0, { kind: 'missing', missing: 3 })).toBe('Step 1: Personal Information (3 items missing)');
    expect(stepLabel(4, { kind: 'missing', missing: 1 })).toBe('Step 5: Consent & Disclosures (1 item missing)');
    expect(stepLabel(5, { kind: 'current', missing: 2 })).toBe('Step 6: Documents');
    expect(stepLabel(3, { kind: 'ahead', missing: 0 })).toBe('Step 4: Debts');
  });
});
