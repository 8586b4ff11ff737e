import { z } from 'zod';
import { isIsoDate } from './dates';
import { LIMITS } from './fields';
import { isSingleLine, safeString, singleLineMessage } from '../safe-text';
import { formatMoney } from '../format';

/**
 * The lenient DRAFT schema: what the wizard saves as the user goes. Every field
 * is optional (null or '' means empty), but each has the right type and bounds;
 * sections are always present in the parsed draft ({} when absent).
 * What is needed to submit is checked by checkApplication (submit-check.ts).
 * Unknown keys are dropped.
 */
const text = (label: string, max: number) =>
  safeString({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .nullish();

const date = (label: string) =>
  safeString({ error: `${label} must be a date` })
    .refine((v) => v === '' || isIsoDate(v), `${label} must be a valid date`)
    .nullish();

const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(LIMITS.money, `${label} must be at most ${formatMoney(LIMITS.money)}`)
    .transform((v) => Math.round(v * 100) / 100)
    .nullish();

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` }).nullish();

export const personalDraftSchema = {
  firstName: text('First name', LIMITS.name).refine((v) => !v || isSingleLine(v), { error: singleLineMessage('First name') }),
  lastName: text('Last name', LIMITS.name).refine((v) => !v || isSingleLine(v), { error: singleLineMessage('Last name') }),
  /** Sensitive: stored encrypted, answered masked. Absent keeps the stored value; '' or null clears it. */
  dateOfBirth: date('Date of birth'),
  /** Sensitive, as dateOfBirth. Digits only, up to 4 while typing (exactly 4 to submit). */
  ssnLast4: safeString({ error: 'Last 4 of SSN must be text' })
    .regex(/^\d{0,4}$/, 'Enter the last 4 digits of your SSN (numbers only)')
    .nullish(),
  phone: text('Phone', LIMITS.phone),
  email: text('Email', LIMITS.email),
  currentAddress: text('Current address', LIMITS.address),
  yearsAtAddress: z
    .number({ error: 'Years at address must be a number' })
    .min(LIMITS.yearsAtAddress.min, 'Years at address cannot be negative')
    .max(LIMITS.yearsAtAddress.max, `Years at address must be at most ${LIMITS.yearsAtAddress.max}`)
    .refine((v) => Number.isInteger(v / LIMITS.yearsAtAddress.step), 'Years at address goes in half years (e.g. 2.5)')
    .nullish(),
};

export const applicationDraftSchema = z.object({
  personal: z.object(personalDraftSchema).prefault({}),
  employment: z
    .object({
      selfEmployed: flag('Self-employed'),
      employer: text('Employer', LIMITS.text),
      startDate: date('Start date'),
      position: text('Job title', LIMITS.text),
      grossMonthlyIncome: money('Gross monthly income'),
      businessName: text('Business name', LIMITS.text),
      businessStartDate: date('Business start date'),
    })
    .prefault({}),
  assets: z
    .object({
      bankBalances: money('Bank balances'),
      investments: money('Investments'),
      retirement: money('Retirement accounts'),
      // The 'Home you want' block (docs/product/application.md#home-you-want), pre-filled from a calculator's query parameters.
      propertyAddress: text('Property address', LIMITS.address),
      desiredPropertyValue: money('Desired home value'),
      downPayment: money('Down payment'),
    })
    .prefault({}),
  debts: z
    .object({
      creditCards: money('Credit card payments'),
      studentLoans: money('Student loan payments'),
      autoLoans: money('Auto loan payments'),
      otherLoans: money('Other loan payments'),
    })
    .prefault({}),
  consents: z
    .object({
      creditPull: flag('Credit check authorization'),
      eConsent: flag('Electronic records consent'),
      /** Set by the server when both are first ticked; a value sent by the browser is ignored. */
      consentedAt: safeString().nullish(),
    })
    .prefault({}),
  certified: flag('Certification'),
});

/**
 * PUT /api/application's body: the whole draft, plus the version it was loaded at
 * (optional; a different stored version is 409 version_conflict). The two sensitive
 * fields: absent keeps the stored value, '' or null clears it (docs/product/application.md#draft).
 */
export const saveDraftBodySchema = applicationDraftSchema.extend({
  version: z.number({ error: 'version must be a number' }).int().min(0).optional(),
});
export type SaveDraftBody = z.input<typeof saveDraftBodySchema>;

export type ApplicationDraftInput = z.input<typeof applicationDraftSchema>;
export type ApplicationDraft = z.output<typeof applicationDraftSchema>;

/** An empty draft, every section present. */
export const emptyDraft = (): ApplicationDraft => applicationDraftSchema.parse({});

/**
 * Drops the fields that fail the draft schema so the rest can still be saved
 * (a half-typed value must not cost the user everything else); returns their errors.
 */
export function stripInvalidDraftFields(input: unknown): { draft: ApplicationDraft; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let candidate: unknown = input && typeof input === 'object' ? structuredClone(input) : {};
  for (let round = 0; round < 50; round += 1) {
    const parsed = applicationDraftSchema.safeParse(candidate);
    if (parsed.success) return { draft: parsed.data, errors };
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
      candidate = withoutPath(candidate, issue.path);
    }
  }
  return { draft: emptyDraft(), errors };
}

function withoutPath(value: unknown, path: PropertyKey[]): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return path.length === 0 ? undefined : value;
  const [head, ...rest] = path;
  const copy: Record<PropertyKey, unknown> = { ...(value as Record<PropertyKey, unknown>) };
  if (rest.length === 0) delete copy[head];
  else copy[head] = withoutPath(copy[head], rest);
  return copy;
}
