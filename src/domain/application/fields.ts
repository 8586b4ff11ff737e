import type { StepId } from './steps';

/**
 * Every field of the application (docs/product/application.md#fields;
 * #home-you-want for the 'Home you want' block) with its type, bounds and
 * required mark — what the wizard renders and both schemas enforce.
 */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  address: 300,
  text: 200,
  /** Dollars; far above any real figure, low enough for numeric(14,2) even ×12. */
  money: 1_000_000_000,
  yearsAtAddress: { min: 0, max: 50, step: 0.5 },
  /** Dates are ISO calendar dates (YYYY-MM-DD) within these years. */
  minYear: 1900,
  maxYear: 2100,
  /** Applicants are adults (a home purchase is a contract). */
  minAge: 18,
  maxAge: 120,
} as const;

export type FieldKind = 'text' | 'email' | 'tel' | 'date' | 'money' | 'number' | 'ssnLast4' | 'checkbox';

/**
 * required: always needed to submit; optional: never; employed / selfEmployed:
 * needed only when the self-employed box is unticked / ticked.
 */
export type Requirement = 'required' | 'optional' | 'employed' | 'selfEmployed';

export interface ApplicationField {
  stepId: StepId;
  /** Dotted path in the draft, e.g. 'personal.firstName' (also the key in error `fields`). */
  name: string;
  label: string;
  kind: FieldKind;
  requirement: Requirement;
  /** Shown only when the draft is self-employed. */
  shownWhen?: 'selfEmployed';
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
  autoComplete?: string;
  /** Encrypted at rest and returned masked (`sensitive` in the API reply), never in `draft`. */
  sensitive?: true;
}

const money = (stepId: StepId, name: string, label: string, requirement: Requirement = 'optional'): ApplicationField => ({
  stepId,
  name,
  label,
  kind: 'money',
  requirement,
  min: 0,
  max: LIMITS.money,
  step: 0.01,
});

export const APPLICATION_FIELDS: readonly ApplicationField[] = [
  // Personal Information — docs/product/application.md#fields: every personal field is required.
  {
    stepId: 'personal',
    name: 'personal.firstName',
    label: 'First Name',
    kind: 'text',
    requirement: 'required',
    maxLength: LIMITS.name,
    autoComplete: 'given-name',
  },
  {
    stepId: 'personal',
    name: 'personal.lastName',
    label: 'Last Name',
    kind: 'text',
    requirement: 'required',
    maxLength: LIMITS.name,
    autoComplete: 'family-name',
  },
  { stepId: 'personal', name: 'personal.dateOfBirth', label: 'Date of Birth', kind: 'date', requirement: 'required', autoComplete: 'bday', sensitive: true },
  {
    stepId: 'personal',
    name: 'personal.ssnLast4',
    label: 'Last 4 of SSN',
    kind: 'ssnLast4',
    requirement: 'required',
    maxLength: 4,
    autoComplete: 'off',
    sensitive: true,
  },
  { stepId: 'personal', name: 'personal.phone', label: 'Phone Number', kind: 'tel', requirement: 'required', maxLength: LIMITS.phone, autoComplete: 'tel' },
  {
    stepId: 'personal',
    name: 'personal.email',
    label: 'Email Address',
    kind: 'email',
    requirement: 'required',
    maxLength: LIMITS.email,
    autoComplete: 'email',
  },
  {
    stepId: 'personal',
    name: 'personal.currentAddress',
    label: 'Current Address',
    kind: 'text',
    requirement: 'required',
    maxLength: LIMITS.address,
    autoComplete: 'street-address',
  },
  { stepId: 'personal', name: 'personal.yearsAtAddress', label: 'Years at Current Address', kind: 'number', requirement: 'required', ...LIMITS.yearsAtAddress },
  // Employment & Income
  {
    stepId: 'employment',
    name: 'employment.employer',
    label: 'Employer',
    kind: 'text',
    requirement: 'employed',
    maxLength: LIMITS.text,
    autoComplete: 'organization',
  },
  { stepId: 'employment', name: 'employment.startDate', label: 'Start Date', kind: 'date', requirement: 'employed' },
  {
    stepId: 'employment',
    name: 'employment.position',
    label: 'Job Title',
    kind: 'text',
    requirement: 'employed',
    maxLength: LIMITS.text,
    autoComplete: 'organization-title',
  },
  money('employment', 'employment.grossMonthlyIncome', 'Gross Monthly Income', 'required'),
  { stepId: 'employment', name: 'employment.selfEmployed', label: 'I am self-employed', kind: 'checkbox', requirement: 'optional' },
  {
    stepId: 'employment',
    name: 'employment.businessName',
    label: 'Business Name',
    kind: 'text',
    requirement: 'selfEmployed',
    shownWhen: 'selfEmployed',
    maxLength: LIMITS.text,
  },
  {
    stepId: 'employment',
    name: 'employment.businessStartDate',
    label: 'Business Start Date',
    kind: 'date',
    requirement: 'selfEmployed',
    shownWhen: 'selfEmployed',
  },
  // Assets — bank balances required; the 'Home you want' block is optional (docs/product/application.md#home-you-want).
  money('assets', 'assets.bankBalances', 'Bank Account Balances', 'required'),
  money('assets', 'assets.investments', 'Investments'),
  money('assets', 'assets.retirement', 'Retirement Accounts'),
  { stepId: 'assets', name: 'assets.propertyAddress', label: 'Property Address', kind: 'text', requirement: 'optional', maxLength: LIMITS.address },
  money('assets', 'assets.desiredPropertyValue', 'Desired Home Value'),
  money('assets', 'assets.downPayment', 'Down Payment'),
  // Debts — optional monthly payments.
  money('debts', 'debts.creditCards', 'Credit Card Payments'),
  money('debts', 'debts.studentLoans', 'Student Loan Payments'),
  money('debts', 'debts.autoLoans', 'Auto Loan Payments'),
  money('debts', 'debts.otherLoans', 'Other Loan Payments'),
  // Consent & Disclosures — both required (texts in consents.ts).
  { stepId: 'consents', name: 'consents.creditPull', label: 'Credit check authorization', kind: 'checkbox', requirement: 'required' },
  { stepId: 'consents', name: 'consents.eConsent', label: 'Consent to electronic records and signatures', kind: 'checkbox', requirement: 'required' },
  // Documents — the final certification enables 'Submit Application'.
  {
    stepId: 'documents',
    name: 'certified',
    label: 'I certify that the information in this application is true and complete to the best of my knowledge.',
    kind: 'checkbox',
    requirement: 'required',
  },
];

export function fieldByName(name: string): ApplicationField | undefined {
  return APPLICATION_FIELDS.find((f) => f.name === name);
}

export function fieldsOfStep(step: StepId): ApplicationField[] {
  return APPLICATION_FIELDS.filter((f) => f.stepId === step);
}

/** Whether a field needs a value to submit, given the self-employed box (drives the asterisk). */
export function isFieldRequired(field: ApplicationField, selfEmployed: boolean | null | undefined): boolean {
  switch (field.requirement) {
    case 'required':
      return true;
    case 'employed':
      return !selfEmployed;
    case 'selfEmployed':
      return Boolean(selfEmployed);
    default:
      return false;
  }
}

export function isFieldShown(field: ApplicationField, selfEmployed: boolean | null | undefined): boolean {
  return field.shownWhen !== 'selfEmployed' || Boolean(selfEmployed);
}
