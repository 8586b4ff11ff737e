import { describe, expect, it } from 'vitest';
import { applicationDraftSchema } from '../../../domain/application';
import { completeDraft } from '../../../domain/factories/application-draft';
import { draftToForm, formToDraftInput, keepStoredUnlessComplete, savableDraft } from './form-values';

/** Empty values as absent, so a draft and its round trip compare by meaning. */
const compact = (value: unknown) => JSON.parse(JSON.stringify(value, (_key, v) => (v === null ? undefined : v)));

describe('application form values', () => {
  it('round-trips a saved draft, except the sensitive fields, which start empty', () => {
    const draft = applicationDraftSchema.parse(completeDraft());
    const values = draftToForm(draft);
    expect(values.personal.firstName).toBe('Ada');
    expect(values.personal.yearsAtAddress).toBe('3.5');
    expect(values.personal.ssnLast4).toBe('');
    expect(values.personal.dateOfBirth).toBe('');
    expect(values.debts.otherLoans).toBe('');
    expect(values.consents.creditPull).toBe(true);
    const { ssnLast4: _ssn, dateOfBirth: _dob, ...personal } = draft.personal;
    const back = applicationDraftSchema.parse(formToDraftInput(values));
    expect(compact(back)).toEqual(compact({ ...draft, personal, consents: { creditPull: true, eConsent: true } }));
    expect('ssnLast4' in back.personal).toBe(false);
  });

  it('sends a sensitive value only when something was typed', () => {
    const values = draftToForm(applicationDraftSchema.parse({}));
    values.personal.ssnLast4 = ' 1234 ';
    const input = formToDraftInput(values) as { personal: Record<string, unknown> };
    expect(input.personal.ssnLast4).toBe('1234');
    expect('dateOfBirth' in input.personal).toBe(false);
  });

  it('keeps what can be saved while a field is half-typed, and says why the rest cannot', () => {
    const values = draftToForm(applicationDraftSchema.parse({}));
    values.personal.firstName = 'Grace';
    values.personal.yearsAtAddress = '2.3';
    values.assets.bankBalances = '1200.5';
    values.debts.creditCards = '';
    const { draft, errors } = savableDraft(values);
    expect(draft.personal.firstName).toBe('Grace');
    expect(draft.assets.bankBalances).toBe(1200.5);
    expect(draft.debts.creditCards).toBeNull();
    expect(draft.personal.yearsAtAddress).toBeUndefined();
    expect(errors['personal.yearsAtAddress']).toMatch(/half years/);
  });
});

describe('keepStoredUnlessComplete', () => {
  const withSsn = (ssnLast4: string) => ({ ...applicationDraftSchema.parse({}), personal: { ssnLast4 } });
  it('replaces stored digits only with 4 new ones', () => {
    expect('ssnLast4' in keepStoredUnlessComplete(withSsn('12'), { ssnLast4: '•••• 6789' }).personal).toBe(false);
    expect(keepStoredUnlessComplete(withSsn('1234'), { ssnLast4: '•••• 6789' }).personal.ssnLast4).toBe('1234');
    expect(keepStoredUnlessComplete(withSsn('12'), { ssnLast4: null }).personal.ssnLast4).toBe('12');
  });
});
