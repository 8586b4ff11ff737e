import { z } from 'zod';
import { ageOn, isIsoDate, todayIso } from './dates';
import { DOCUMENT_TYPE_INFO, missingDocuments, type DocumentType } from './documents';
import type { ApplicationDraft } from './draft-schema';
import { LIMITS } from './fields';
import { APPLICATION_STEPS, type StepId } from './steps';
import { emailFormat, safeString } from '../safe-text';

const STEP_IDS = APPLICATION_STEPS.map((step) => step.id) as [StepId, ...StepId[]];

/**
 * What is still missing in one step; `fields` maps a field's dotted path to a message.
 * The application's `missing`, and the `steps` of a refused submit (docs/product/application.md#submission).
 */
export const stepProblemsSchema = z.object({
  stepIndex: z.number().int().min(0),
  stepId: z.enum(STEP_IDS),
  stepTitle: safeString(),
  fields: z.record(safeString(), safeString()),
});
export type StepProblems = z.output<typeof stepProblemsSchema>;

export interface CheckFacts {
  /** Document types uploaded so far. */
  uploaded?: Iterable<DocumentType>;
  /** Sensitive values kept on the server but not in this draft (the API answers them masked). */
  stored?: { ssnLast4?: boolean; dateOfBirth?: boolean };
  /** Today's ISO date (defaults to today in UTC). */
  today?: string;
}

const PHONE = /^[+()\d\s.-]*\d{3}[()\d\s.-]*\d{4}\s*$/;
const isEmail = emailFormat();

const blank = (v: string | null | undefined) => !v || v.trim() === '';
const isSet = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The strict SUBMIT check (docs/product/application.md#submission):
 * every required field, both consents, the required documents and the
 * certification. Answers only the steps with problems, in step order; an empty
 * list means the application may be submitted.
 */
export function checkApplication(draft: ApplicationDraft, facts: CheckFacts = {}): StepProblems[] {
  const today = facts.today ?? todayIso();
  const found: Partial<Record<StepId, Record<string, string>>> = {};
  const add = (step: StepId, field: string, message: string) => {
    (found[step] ??= {})[field] ??= message;
  };
  const { personal: p, employment: e, assets: a, consents: c } = draft;

  // Personal Information: every field.
  if (blank(p.firstName)) add('personal', 'personal.firstName', 'First name is required');
  if (blank(p.lastName)) add('personal', 'personal.lastName', 'Last name is required');
  if (blank(p.dateOfBirth)) {
    if (!facts.stored?.dateOfBirth) add('personal', 'personal.dateOfBirth', 'Date of birth is required');
  } else if (!isIsoDate(p.dateOfBirth!) || p.dateOfBirth! > today || ageOn(p.dateOfBirth!, today) > LIMITS.maxAge) {
    add('personal', 'personal.dateOfBirth', 'Enter a valid date of birth');
  } else if (ageOn(p.dateOfBirth!, today) < LIMITS.minAge) {
    add('personal', 'personal.dateOfBirth', `You must be at least ${LIMITS.minAge} years old to apply`);
  }
  if (blank(p.ssnLast4)) {
    if (!facts.stored?.ssnLast4) add('personal', 'personal.ssnLast4', 'Last 4 of SSN is required');
  } else if (!/^\d{4}$/.test(p.ssnLast4!)) {
    add('personal', 'personal.ssnLast4', 'Enter exactly 4 digits');
  }
  if (blank(p.phone)) add('personal', 'personal.phone', 'Phone number is required');
  else if (!PHONE.test(p.phone!)) add('personal', 'personal.phone', 'Enter a valid phone number');
  if (blank(p.email)) add('personal', 'personal.email', 'Email is required');
  else if (!isEmail.safeParse(p.email!.trim()).success) add('personal', 'personal.email', 'Enter a valid email address');
  if (blank(p.currentAddress)) add('personal', 'personal.currentAddress', 'Current address is required');
  if (!isSet(p.yearsAtAddress)) add('personal', 'personal.yearsAtAddress', 'Years at current address is required');

  // Employment & Income: employer, start date and job title — or, self-employed, business name and start date.
  const pastDate = (field: string, value: string | null | undefined, label: string) => {
    if (blank(value)) add('employment', field, `${label} is required`);
    else if (!isIsoDate(value!) || value! > today) add('employment', field, `Enter a valid ${label.toLowerCase()} (not in the future)`);
  };
  if (e.selfEmployed) {
    if (blank(e.businessName)) add('employment', 'employment.businessName', 'Business name is required');
    pastDate('employment.businessStartDate', e.businessStartDate, 'Business start date');
  } else {
    if (blank(e.employer)) add('employment', 'employment.employer', 'Employer is required');
    pastDate('employment.startDate', e.startDate, 'Start date');
    if (blank(e.position)) add('employment', 'employment.position', 'Job title is required');
  }
  if (!isSet(e.grossMonthlyIncome)) add('employment', 'employment.grossMonthlyIncome', 'Gross monthly income is required');
  else if (e.grossMonthlyIncome <= 0) add('employment', 'employment.grossMonthlyIncome', 'Gross monthly income must be more than $0');

  // Assets: bank balances; the optional 'Home you want' block must add up when filled.
  if (!isSet(a.bankBalances)) add('assets', 'assets.bankBalances', 'Bank account balances are required');
  if (isSet(a.downPayment) && isSet(a.desiredPropertyValue) && a.downPayment > a.desiredPropertyValue) {
    add('assets', 'assets.downPayment', 'Down payment cannot be more than the desired home value');
  }

  // Consent & Disclosures: both.
  if (c.creditPull !== true) add('consents', 'consents.creditPull', 'Please authorize the credit check to continue');
  if (c.eConsent !== true) add('consents', 'consents.eConsent', 'Please consent to electronic records and signatures to continue');

  // Documents: the required ones, then the certification.
  // Named as the Submit button names them ('Add your bank statements to submit'; documents.ts missingDocumentsText).
  for (const type of missingDocuments(draft, facts.uploaded ?? []))
    add('documents', `documents.${type}`, `Add your ${DOCUMENT_TYPE_INFO.find((d) => d.type === type)!.noun} to submit`);
  if (draft.certified !== true) add('documents', 'certified', 'Please certify that your information is accurate');

  return APPLICATION_STEPS.flatMap((step, stepIndex) =>
    found[step.id] ? [{ stepIndex, stepId: step.id, stepTitle: step.title, fields: found[step.id]! }] : [],
  );
}

/** The step the wizard opens after a refused submit: the first with a problem. */
export const firstProblemStep = (problems: readonly StepProblems[]): number | undefined => problems[0]?.stepIndex;

/** The problems of one step (empty object when none). */
export function problemsOfStep(problems: readonly StepProblems[], stepId: StepId): Record<string, string> {
  return problems.find((p) => p.stepId === stepId)?.fields ?? {};
}

/** All problems in one flat map, field path → message. */
export function flattenProblems(problems: readonly StepProblems[]): Record<string, string> {
  return Object.assign({}, ...problems.map((p) => p.fields));
}
