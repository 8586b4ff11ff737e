import { describe, expect, it } from 'vitest';
import { applicationDraftSchema, type StepProblems } from '../../../domain/application';
import { completeDraft } from '../../../domain/factories/application-draft';
import { liveProblems } from './live-problems';

const complete = () => {
  const draft = applicationDraftSchema.parse(completeDraft());
  const { ssnLast4: _ssn, dateOfBirth: _dob, ...personal } = draft.personal;
  return { ...draft, personal };
};
const allDocs = ['governmentId', 'bankStatements', 'paystubs'] as const;
const masked = { ssnLast4: '•••• 6789', dateOfBirth: '••/••/1990' };

describe('liveProblems', () => {
  it('counts stored (masked) SSN digits and birth date as there', () => {
    expect(liveProblems(complete(), allDocs, { sensitive: masked, missing: [] })).toEqual([]);
  });

  it('asks for them when nothing is stored', () => {
    const problems = liveProblems(complete(), allDocs, { sensitive: { ssnLast4: null, dateOfBirth: null }, missing: [] });
    expect(Object.keys(problems[0].fields)).toEqual(['personal.dateOfBirth', 'personal.ssnLast4']);
  });

  it("keeps the server's word on a stored value it found wrong, until a new one is typed", () => {
    const missing: StepProblems[] = [
      { stepIndex: 0, stepId: 'personal', stepTitle: 'Personal Information', fields: { 'personal.ssnLast4': 'Enter exactly 4 digits' } },
    ];
    const stale = liveProblems(complete(), allDocs, { sensitive: { ...masked, ssnLast4: '•••• 12' }, missing });
    expect(stale).toEqual(missing);
    const typed = { ...complete(), personal: { ...complete().personal, ssnLast4: '1234' } };
    expect(liveProblems(typed, allDocs, { sensitive: masked, missing })).toEqual([]);
  });

  it('lists a missing document and the certification on the last step', () => {
    const draft = { ...complete(), certified: false };
    const problems = liveProblems(draft, ['governmentId'], { sensitive: masked, missing: [] });
    expect(problems).toHaveLength(1);
    expect(problems[0].stepId).toBe('documents');
    expect(Object.keys(problems[0].fields)).toEqual(['documents.bankStatements', 'documents.paystubs', 'certified']);
  });
});
