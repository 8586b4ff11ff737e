import { describe, expect, it } from 'vitest';
import {
  adminRecordOf,
  APPLICATION_FIELDS,
  APPLICATION_STEPS,
  applicationDraftSchema,
  assetsTotal,
  checkApplication,
  clampStep,
  debtsTotal,
  emptyDraft,
  fieldsOfStep,
  firstProblemStep,
  flattenProblems,
  isFieldRequired,
  isIsoDate,
  progressPercent,
  stripInvalidDraftFields,
  type ApplicationDraftInput,
} from '../application';
import { completeDraft } from '../factories/application-draft';

const TODAY = '2025-06-15';
const ALL_DOCS = ['governmentId', 'bankStatements', 'paystubs', 'taxReturns'] as const;
const parse = (input: ApplicationDraftInput) => applicationDraftSchema.parse(input);

describe('steps', () => {
  it('has the six steps of docs/product/application.md#wizard in order, with progress (step + 1) / 6', () => {
    expect(APPLICATION_STEPS.map((s) => s.title)).toEqual([
      'Personal Information',
      'Employment & Income',
      'Assets',
      'Debts',
      'Consent & Disclosures',
      'Documents',
    ]);
    expect(progressPercent(0)).toBeCloseTo(16.667, 2);
    expect(progressPercent(5)).toBe(100);
    expect([clampStep(-1), clampStep(6), clampStep(2.7)]).toEqual([0, 5, 2]);
  });

  it('describes every field of docs/product/application.md#fields once, each in a step', () => {
    const names = APPLICATION_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(fieldsOfStep('personal').map((f) => f.name.split('.')[1])).toEqual([
      'firstName',
      'lastName',
      'dateOfBirth',
      'ssnLast4',
      'phone',
      'email',
      'currentAddress',
      'yearsAtAddress',
    ]);
    expect(fieldsOfStep('personal').every((f) => f.requirement === 'required')).toBe(true);
    const years = APPLICATION_FIELDS.find((f) => f.name === 'personal.yearsAtAddress');
    expect(years).toMatchObject({ min: 0, max: 50, step: 0.5 });
  });

  it('marks employer fields required unless self-employed, and business fields only when self-employed', () => {
    const field = (name: string) => APPLICATION_FIELDS.find((f) => f.name === name)!;
    expect(isFieldRequired(field('employment.employer'), false)).toBe(true);
    expect(isFieldRequired(field('employment.employer'), true)).toBe(false);
    expect(isFieldRequired(field('employment.businessName'), true)).toBe(true);
    expect(isFieldRequired(field('employment.businessName'), false)).toBe(false);
    expect(isFieldRequired(field('employment.grossMonthlyIncome'), true)).toBe(true);
    expect(isFieldRequired(field('assets.investments'), false)).toBe(false);
  });
});

describe('the draft schema', () => {
  it('accepts an empty draft and gives every section', () => {
    expect(emptyDraft()).toEqual({ personal: {}, employment: {}, assets: {}, debts: {}, consents: {} });
  });

  it('accepts a partly typed SSN and empty values, and rounds money to cents', () => {
    const draft = parse({ personal: { ssnLast4: '12', dateOfBirth: '', firstName: null }, assets: { bankBalances: 10.005 } });
    expect(draft.personal).toMatchObject({ ssnLast4: '12', dateOfBirth: '', firstName: null });
    expect(draft.assets.bankBalances).toBe(10.01);
  });

  it.each([
    ['personal.ssnLast4', { personal: { ssnLast4: '12345' } }],
    ['personal.ssnLast4', { personal: { ssnLast4: '12a4' } }],
    ['personal.yearsAtAddress', { personal: { yearsAtAddress: 50.5 } }],
    ['personal.yearsAtAddress', { personal: { yearsAtAddress: 2.3 } }],
    ['personal.yearsAtAddress', { personal: { yearsAtAddress: -0.5 } }],
    ['personal.dateOfBirth', { personal: { dateOfBirth: '1990-02-30' } }],
    ['personal.dateOfBirth', { personal: { dateOfBirth: '12/10/1990' } }],
    ['personal.firstName', { personal: { firstName: 'x'.repeat(101) } }],
    ['assets.bankBalances', { assets: { bankBalances: -1 } }],
    ['assets.bankBalances', { assets: { bankBalances: '1000' } }],
    ['debts.creditCards', { debts: { creditCards: 2_000_000_000 } }],
    ['employment.selfEmployed', { employment: { selfEmployed: 'yes' } }],
  ])('refuses %s out of type or bounds', (path, input) => {
    const parsed = applicationDraftSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('drops unknown keys', () => {
    expect(parse({ personal: { firstName: 'Ada' }, role: 'admin' } as ApplicationDraftInput)).not.toHaveProperty('role');
  });

  it('strips only the invalid fields so the rest can be saved', () => {
    const { draft, errors } = stripInvalidDraftFields({ personal: { firstName: 'Ada', ssnLast4: 'abc' }, assets: { bankBalances: -5, investments: 10 } });
    expect(draft.personal).toEqual({ firstName: 'Ada' });
    expect(draft.assets).toEqual({ investments: 10 });
    expect(Object.keys(errors).sort()).toEqual(['assets.bankBalances', 'personal.ssnLast4']);
  });

  it('knows real calendar dates', () => {
    expect(['2024-02-29', '1900-01-01'].map(isIsoDate)).toEqual([true, true]);
    expect(['2023-02-29', '1899-12-31', '2024-13-01', '2024-1-01'].map(isIsoDate)).toEqual([false, false, false, false]);
  });
});

describe('the submit check', () => {
  it('passes a complete application with the three required documents', () => {
    expect(checkApplication(parse(completeDraft()), { uploaded: ['governmentId', 'bankStatements', 'paystubs'], today: TODAY })).toEqual([]);
  });

  it('lists everything missing from an empty draft, per step in order, skipping Debts', () => {
    const problems = checkApplication(emptyDraft(), { today: TODAY });
    expect(problems.map((p) => [p.stepIndex, p.stepTitle])).toEqual([
      [0, 'Personal Information'],
      [1, 'Employment & Income'],
      [2, 'Assets'],
      [4, 'Consent & Disclosures'],
      [5, 'Documents'],
    ]);
    expect(Object.keys(problems[0].fields)).toHaveLength(8);
    expect(Object.keys(problems[1].fields).sort()).toEqual([
      'employment.employer',
      'employment.grossMonthlyIncome',
      'employment.position',
      'employment.startDate',
    ]);
    expect(problems[4].fields).toEqual({
      'documents.governmentId': 'Add your government ID to submit',
      'documents.bankStatements': 'Add your bank statements to submit',
      'documents.paystubs': 'Add your pay stubs to submit',
      certified: 'Please certify that your information is accurate',
    });
    expect(firstProblemStep(problems)).toBe(0);
  });

  it('requires tax returns and the business fields when self-employed, not the employer fields', () => {
    const draft = parse({ ...completeDraft({ selfEmployed: true }), employment: { selfEmployed: true, grossMonthlyIncome: 5000 } });
    const problems = flattenProblems(checkApplication(draft, { uploaded: ['governmentId', 'bankStatements', 'paystubs'], today: TODAY }));
    expect(Object.keys(problems).sort()).toEqual(['documents.taxReturns', 'employment.businessName', 'employment.businessStartDate']);
    expect(checkApplication(parse(completeDraft({ selfEmployed: true })), { uploaded: ALL_DOCS, today: TODAY })).toEqual([]);
  });

  it('accepts SSN and date of birth kept on the server when the draft has none', () => {
    const input = completeDraft();
    const draft = parse({ ...input, personal: { ...input.personal, ssnLast4: undefined, dateOfBirth: undefined } });
    const without = flattenProblems(checkApplication(draft, { uploaded: ALL_DOCS, today: TODAY }));
    expect(Object.keys(without).sort()).toEqual(['personal.dateOfBirth', 'personal.ssnLast4']);
    expect(checkApplication(draft, { uploaded: ALL_DOCS, stored: { ssnLast4: true, dateOfBirth: true }, today: TODAY })).toEqual([]);
  });

  it.each([
    ['an SSN of 3 digits', { ssnLast4: '123' }, 'personal.ssnLast4', 'Enter exactly 4 digits'],
    ['a minor', { dateOfBirth: '2010-01-01' }, 'personal.dateOfBirth', 'You must be at least 18 years old to apply'],
    ['a birth date in the future', { dateOfBirth: '2030-01-01' }, 'personal.dateOfBirth', 'Enter a valid date of birth'],
    ['a malformed e-mail', { email: 'ada@' }, 'personal.email', 'Enter a valid email address'],
    ['a phone without digits', { phone: 'call me' }, 'personal.phone', 'Enter a valid phone number'],
    ['a blank name', { firstName: '   ' }, 'personal.firstName', 'First name is required'],
  ])('refuses %s', (_label, change, path, message) => {
    const input = completeDraft();
    const draft = parse({ ...input, personal: { ...input.personal, ...change } });
    expect(flattenProblems(checkApplication(draft, { uploaded: ALL_DOCS, today: TODAY }))).toEqual({ [path]: message });
  });

  it('turns 18 on the birthday, not before', () => {
    const input = completeDraft();
    const at = (dateOfBirth: string) =>
      flattenProblems(checkApplication(parse({ ...input, personal: { ...input.personal, dateOfBirth } }), { uploaded: ALL_DOCS, today: TODAY }));
    expect(at('2007-06-15')).toEqual({});
    expect(at('2007-06-16')).toHaveProperty('personal.dateOfBirth');
  });

  it('needs both consents, income above zero and a down payment within the home value', () => {
    const input = completeDraft();
    const draft = parse({
      ...input,
      employment: { ...input.employment, grossMonthlyIncome: 0 },
      assets: { ...input.assets, desiredPropertyValue: 100, downPayment: 200 },
      consents: { creditPull: true, eConsent: false },
    });
    expect(Object.keys(flattenProblems(checkApplication(draft, { uploaded: ALL_DOCS, today: TODAY }))).sort()).toEqual([
      'assets.downPayment',
      'consents.eConsent',
      'employment.grossMonthlyIncome',
    ]);
  });
});

describe('totals and the admin record', () => {
  it('sums assets and monthly debts (docs/product/application.md#fields)', () => {
    const draft = parse(completeDraft());
    expect(assetsTotal(draft.assets)).toBe(117000.5);
    expect(debtsTotal(draft.debts)).toBe(470);
    expect(assetsTotal(emptyDraft().assets)).toBe(0);
  });

  it('maps the draft onto the back office columns (docs/product/application.md#back-office-record)', () => {
    expect(adminRecordOf(parse(completeDraft()))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(214) 555-0187',
      employmentStatus: 'employed',
      employerName: 'Babbage & Co',
      jobTitle: 'Engineer',
      annualIncome: 102000,
      savingsAmount: 57000.5,
      retirementAccounts: 60000,
      creditCardDebt: 150,
      studentLoans: 320,
      propertyAddress: '400 Oak Lane, Austin, TX',
      propertyValue: 420000,
      downPayment: 29400,
    });
    expect(adminRecordOf(parse(completeDraft({ selfEmployed: true })))).toMatchObject({
      employmentStatus: 'self-employed',
      employerName: 'Analytical Engines LLC',
      annualIncome: 108000,
    });
  });
});
