import { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from '../application';
import { US_STATES } from '../waitlist';
import { listParamsSchema } from './lists';
import { emailFormat, personName, safeIsoDateTime, safeString } from '../safe-text';

/**
 * Letters of intent (docs/product/back-office.md#letters-of-intent): the Add
 * dialog's schema, used by the form and by the server (style.md 'One schema per
 * form, used on both sides'), the list's parameters and rows. Pure.
 */
export const LETTER_STATUSES = ['pending', 'approved', 'declined'] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];

export const LETTER_STATUS_LABELS: Readonly<Record<LetterStatus, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

/** Badge styles for letters (docs/product/back-office.md#letters-of-intent): pending outline, approved default, declined destructive. */
export const LETTER_STATUS_BADGES: Readonly<Record<LetterStatus, 'outline' | 'default' | 'destructive'>> = {
  pending: 'outline',
  approved: 'default',
  declined: 'destructive',
};

/** docs/product/back-office.md#letters-of-intent: uploads up to 25 MB, as for application documents. */
export const MAX_LETTER_PDF_BYTES = MAX_DOCUMENT_BYTES;

/** The largest amount a money field takes (the column is numeric(14, 2); a billion is plenty for a home). */
export const MAX_LETTER_AMOUNT = 999_999_999.99;

const text = (label: string, max: number) =>
  safeString()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || null);

/**
 * docs/product/back-office.md#letters-of-intent: money fields take numbers with
 * step 0.01 and are stored as decimals, or null when left empty. '$' and
 * thousands separators people type are dropped.
 */
const money = (label: string) =>
  safeString()
    .optional()
    .transform((raw, ctx) => {
      const value = (raw ?? '').replace(/[$,\s]/g, '');
      if (value === '') return null;
      const issue = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) return issue(`${label} must be a number`);
      const amount = Number(value);
      if (amount < 0) return issue(`${label} cannot be negative`);
      if (!/^[+]?\d*(\.\d{0,2})?$/.test(value)) return issue(`${label} takes at most two decimals`);
      if (amount > MAX_LETTER_AMOUNT) return issue(`${label} must be less than $1,000,000,000`);
      return Math.round(amount * 100) / 100;
    });

function optionalChoice<const T extends readonly string[]>(values: T, message: string) {
  return safeString()
    .trim()
    .optional()
    .refine((v) => !v || values.includes(v), message)
    .transform((v) => (v ? (v as T[number]) : null));
}

export const letterSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: safeString({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(emailFormat('Enter a valid email address')),
  phone: safeString()
    .trim()
    .max(40, 'Phone must be at most 40 characters')
    .refine((v) => v === '' || /^[+()\d\s.-]*\d{3}[()\d\s.-]*\d{4}\s*$/.test(v), 'Enter a valid phone number')
    .optional()
    .transform((v) => v || null),
  propertyAddress: text('Property address', 300),
  propertyValue: money('Property value'),
  downPaymentAmount: money('Down payment'),
  desiredMonthlyPayment: money('Desired monthly payment'),
  /** Free text: a quarter, a season or 'Flexible' (docs/product/back-office.md#letters-of-intent). */
  moveInDate: text('Move-in date', 100),
  notes: text('Notes', 5000),
  /** Chosen at creation, pending when not given (docs/product/back-office.md#letters-of-intent). */
  status: optionalChoice(LETTER_STATUSES, 'Choose Pending, Approved or Declined').transform((v) => v ?? 'pending'),
  intendedState: optionalChoice(US_STATES, 'Choose a US state'),
});

/**
 * Edit on a letter's detail view (docs/product/back-office.md#letters-of-intent):
 * every field of Add but the status, which changes on its own (audited as an
 * approval, a decline or an update) and the PDF, which stays as it was.
 */
export const letterEditSchema = letterSchema.omit({ status: true });
export type LetterEditForm = z.input<typeof letterEditSchema>;
export type LetterEditInput = z.output<typeof letterEditSchema>;
export const LETTER_EDIT_FIELDS = Object.keys(letterEditSchema.shape) as (keyof LetterEditForm)[];

/** 'Attach PDF…' / 'Replace PDF…' (`POST /api/admin/letter-pdfs`): the letter's id beside the PDF in `file`. */
export const letterPdfFormSchema = z.object({ letterId: safeString().uuid({ error: 'Choose the letter the PDF belongs to.' }) });

/** A letter's status change (`PATCH /api/admin/letters/{id}/status`). */
export const letterStatusSchema = z.object({
  status: z.enum(LETTER_STATUSES, { error: 'Choose Pending, Approved or Declined' }),
  /** Why it is declined: asked for a buyer's letter, who is mailed it (docs/decisions/036-find-and-offer.md). */
  reason: safeString()
    .trim()
    .max(1000, 'Reason must be at most 1,000 characters')
    .optional()
    .transform((v) => v || null),
});

export const LETTER_SOURCES = ['staff', 'buyer'] as const;
export type LetterSource = (typeof LETTER_SOURCES)[number];
export const LETTER_SOURCE_LABELS: Readonly<Record<LetterSource, string>> = { staff: 'Staff', buyer: 'Buyer' };

/** What the form holds (all text) and what the server stores. */
export type LetterForm = z.input<typeof letterSchema>;
export type LetterInput = z.output<typeof letterSchema>;

export const LETTER_FORM_FIELDS = Object.keys(letterSchema.shape) as (keyof LetterForm)[];

export const EMPTY_LETTER_FORM: Required<LetterForm> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  propertyAddress: '',
  propertyValue: '',
  downPaymentAmount: '',
  desiredMonthlyPayment: '',
  moveInDate: '',
  notes: '',
  status: 'pending',
  intendedState: '',
};

/** One row of `GET /api/admin/letters`, and the reply to an add: amounts as numbers, `createdAt` in ISO 8601 (UTC). */
export const letterItemSchema = z.object({
  id: safeString(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
  firstName: safeString(),
  lastName: safeString(),
  email: safeString(),
  phone: safeString().nullable(),
  propertyAddress: safeString().nullable(),
  intendedState: safeString().nullable(),
  status: z.enum(LETTER_STATUSES),
  /** Who made it: staff, or the buyer's 'Make an offer'. */
  source: z.enum(['staff', 'buyer']),
  decisionReason: safeString().nullable(),
  /** Whether a PDF is stored (its key never leaves the server). */
  hasPdf: z.boolean(),
  propertyValue: z.number().nullable(),
  downPaymentAmount: z.number().nullable(),
  desiredMonthlyPayment: z.number().nullable(),
  moveInDate: safeString().nullable(),
  notes: safeString().nullable(),
});
export type LetterItem = z.output<typeof letterItemSchema>;

export const LETTER_SORTS = ['created_at', 'name', 'email', 'status', 'intended_state'] as const;
export type LetterSort = (typeof LETTER_SORTS)[number];

export const LETTER_STATUS_FILTERS = ['all', ...LETTER_STATUSES] as const;

/** `GET /api/admin/letters` and its export: the shared list parameters plus the status filter. */
// One object (safeExtend keeps the dates' refinement), not an intersection: the OpenAPI document lists an object's fields as query parameters.
export const letterListSchema = listParamsSchema(LETTER_SORTS, 'created_at').safeExtend({
  status: z.enum(LETTER_STATUS_FILTERS, { error: 'Status is all, pending, approved or declined.' }).default('all'),
});
export type LetterListParams = z.output<typeof letterListSchema>;

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/** docs/product/back-office.md#letters-of-intent: the browser saves the download as first-last-letter-of-intent.pdf (lower-case, safe characters). */
export function letterFileName(firstName: string, lastName: string): string {
  const stem = [slug(firstName), slug(lastName)].filter(Boolean).join('-');
  return `${stem ? `${stem}-` : ''}letter-of-intent.pdf`;
}

/** A browser-side check of the picked PDF (the server checks the content's first bytes again). */
export function checkLetterPdf(file: { name: string; size: number; type: string }): string | undefined {
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return 'Please upload a PDF file.';
  if (file.size > MAX_LETTER_PDF_BYTES) return 'Files must be smaller than 25MB.';
  if (file.size === 0) return 'This file is empty. Please choose another PDF.';
  return undefined;
}
