import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { applicationListParamsSchema, notesChangeSchema } from './admin/applications';
import { letterSchema } from './admin/letters';
import { addUserSchema, userListParamsSchema } from './admin/users';
import { addApplicantSchema } from './admin/waitlist';
import { completeDraft } from './factories/application-draft';
import { applicationDraftSchema } from './application/draft-schema';
import {
  backupCodeSchema,
  changePasswordSchema,
  confirmPasswordSchema,
  forgotPasswordSchema,
  profileSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  totpCodeSchema,
} from './auth';
import { isSafeText, safeString, UNSUPPORTED_TEXT, withoutUnsafeText } from './safe-text';
import { waitlistRequestSchema } from './waitlist';

const NUL = '\u0000';
const HIGH = '\uD800';
const LOW = '\uDC00';

describe('isSafeText', () => {
  it('passes text in any script, emoji (surrogate pairs) included', () => {
    for (const text of ['', 'Ada Lovelace', 'Zoë Ñúñez-Østergaard', '李小龍', 'مرحبا', '👩‍👩‍👧 🏠', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'tab\tand\nnewline'])
      expect(isSafeText(text), text).toBe(true);
  });

  it('refuses NUL and every lone half of a surrogate pair, wherever it is', () => {
    for (const text of [
      NUL,
      `Ada${NUL}`,
      `${NUL}Ada`,
      HIGH,
      LOW,
      `Ada${HIGH}`,
      `${LOW}Ada`,
      `${HIGH}${HIGH}${LOW}`,
      `${HIGH}${LOW}${LOW}`,
      `${LOW}${HIGH}`,
      '🏠'.slice(0, 1),
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('withoutUnsafeText drops exactly those characters', () => {
    expect(withoutUnsafeText(`A${NUL}d${HIGH}a 🏠${LOW}`)).toBe('Ada 🏠');
    expect(withoutUnsafeText(`${'x'.repeat(4)}🏠`.slice(0, 5))).toBe('xxxx');
    expect(withoutUnsafeText('plain')).toBe('plain');
  });

  it('safeString gives the field its plain message, before any other', () => {
    const parsed = safeString().trim().min(1, 'Required').max(3, 'Too long').safeParse(`${NUL}abcdef`);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(UNSUPPORTED_TEXT);
  });
});

/** Every string leaf of `value`, as a path. */
function stringPaths(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (typeof value === 'string') return [path];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => stringPaths(inner, [...path, key]));
}

function withValue(value: unknown, path: PropertyKey[], replace: (old: string) => string): unknown {
  if (path.length === 0) return replace(value as string);
  const [head, ...rest] = path;
  return { ...(value as object), [head as string]: withValue((value as Record<PropertyKey, unknown>)[head as string], rest, replace) };
}

const SAMPLES: [string, z.ZodType, unknown][] = [
  [
    'waitlist',
    waitlistRequestSchema,
    {
      timestamp: '2025-03-14T15:09:26.535Z',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(214) 555-0187',
      cityState: 'Dallas, TX',
      intendedState: 'Texas',
      homeType: 'new',
      buyingTimeline: '6months',
      priceRange: '300-400k',
      downPayment: '$25K',
      monthlyPaymentRange: '$1,800-$2,000',
      priority: 'higher-equity',
      housingStatus: 'renter',
      interests: 'A starter home.',
      contactConsent: true,
      website: '',
    },
  ],
  [
    'sign-up',
    signUpSchema,
    { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'cobol-compiler-1959!', confirmPassword: 'cobol-compiler-1959!' },
  ],
  ['sign-in', signInSchema, { email: 'ada@example.com', password: 'anything-1' }],
  ['forgot password', forgotPasswordSchema, { email: 'ada@example.com' }],
  ['reset password', resetPasswordSchema, { password: 'cobol-compiler-1959!', confirmPassword: 'cobol-compiler-1959!' }],
  ['change password', changePasswordSchema, { currentPassword: 'old-pass-1', newPassword: 'cobol-compiler-1959!', confirmPassword: 'cobol-compiler-1959!' }],
  ['profile', profileSchema, { firstName: 'Ada', lastName: 'Lovelace', phone: '(214) 555-0187' }],
  ['confirm password', confirmPasswordSchema, { password: 'anything-1' }],
  ['authenticator code', totpCodeSchema, { code: '123456' }],
  ['backup code', backupCodeSchema, { code: 'abcde-12345' }],
  ['application draft', applicationDraftSchema, completeDraft()],
  ['admin notes', notesChangeSchema, { notes: 'Called back.' }],
  ['admin add user', addUserSchema, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(214) 555-0187', intendedState: 'Texas' }],
  [
    'admin add applicant',
    addApplicantSchema,
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(214) 555-0187',
      interestedIn: 'buying',
      downPaymentRange: '$20K',
      monthlyPaymentRange: '$2,000',
      location: 'Dallas',
      timeline: 'Soon',
      intendedState: 'Texas',
    },
  ],
  [
    'admin letter',
    letterSchema,
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(214) 555-0187',
      propertyAddress: '12 Elm St',
      propertyValue: '450000',
      downPaymentAmount: '',
      desiredMonthlyPayment: '2100',
      moveInDate: 'Q3',
      notes: 'Note',
      status: 'pending',
      intendedState: 'Texas',
    },
  ],
  [
    'applications list',
    applicationListParamsSchema,
    { q: 'ada', status: 'all', sort: 'submitted_at', dir: 'desc', page: '1', pageSize: '25', from: '2025-01-01', to: '2025-02-01' },
  ],
  ['users list', userListParamsSchema, { q: 'ada', filter: 'all', sort: 'name', dir: 'asc', from: '2025-01-01', to: '2025-02-01' }],
];

describe('every schema refuses NUL and lone surrogates in every string field', () => {
  it.each(SAMPLES)('%s', (_name, schema, sample) => {
    expect(schema.safeParse(sample).success, 'the sample itself is valid').toBe(true);
    const paths = stringPaths(sample);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      for (const hostile of [(v: string) => `${v}${NUL}`, (v: string) => `${HIGH}${v}`, (v: string) => `${v}${LOW}`]) {
        const parsed = schema.safeParse(withValue(sample, path, hostile));
        expect(parsed.success, `${path.join('.')} ${JSON.stringify(hostile('x'))}`).toBe(false);
        // Fields with a fixed set of values say so instead; every free-text field says the plain message.
        const messages = parsed.error!.issues.filter((issue) => issue.path.join('.') === path.join('.')).map((issue) => issue.message);
        expect(messages.length, path.join('.')).toBeGreaterThan(0);
      }
    }
  });

  it('says "Remove the unsupported characters." under a free-text field', () => {
    const parsed = waitlistRequestSchema.safeParse({ ...(SAMPLES[0]![2] as object), firstName: `Ada${NUL}`, interests: `${HIGH}` });
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({ firstName: UNSUPPORTED_TEXT, interests: UNSUPPORTED_TEXT });
    const draft = applicationDraftSchema.safeParse({ employment: { employer: `Babbage${NUL}` } });
    expect(draft.error!.issues[0]).toMatchObject({ path: ['employment', 'employer'], message: UNSUPPORTED_TEXT });
  });
});

describe('every name field takes one line of text (docs/decisions/026-sealed-values-and-tokens.md)', () => {
  const sample = (name: string) => SAMPLES.find(([n]) => n === name)!;
  const nameFields: [string, string][] = [
    ['waitlist', 'firstName'],
    ['waitlist', 'lastName'],
    ['sign-up', 'firstName'],
    ['sign-up', 'lastName'],
    ['profile', 'firstName'],
    ['admin add user', 'lastName'],
    ['admin add applicant', 'firstName'],
    ['admin letter', 'lastName'],
    ['application draft', 'firstName'],
  ];
  const hostile = ['Ada\nApproved by staff', 'Ada\r\nBcc: x', 'Ada\tLovelace', 'Ada\u2028Lovelace', 'Ada\u0085', 'Ada\u001b[2J', 'Ada\u007f'];

  it.each(nameFields)('%s %s refuses line breaks and control characters, under the field', (schemaName, field) => {
    const [, schema, valid] = sample(schemaName);
    const withField = (value: string) =>
      schemaName === 'application draft'
        ? { ...(valid as object), personal: { ...(valid as { personal: object }).personal, [field]: value } }
        : { ...(valid as object), [field]: value };
    expect(schema.safeParse(withField("Ada O'Brien-Lovelace, Jr.")).success).toBe(true);
    for (const text of hostile) {
      const parsed = schema.safeParse(withField(text));
      expect(parsed.success, JSON.stringify(text)).toBe(false);
      expect(parsed.error!.issues.map((issue) => issue.path.at(-1))).toContain(field);
      expect(parsed.error!.issues[0]!.message).toMatch(/one line/);
    }
  });
});
