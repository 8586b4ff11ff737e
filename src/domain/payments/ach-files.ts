import { z } from 'zod';
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, PAGE_SIZE } from '../admin/lists';
import { safeString } from '../safe-text';
import { autopaySchema } from './autopay';
import { BANK_ACCOUNT_STATES } from './bank-account';

/**
 * The day's NACHA debit file and staff's view of autopay (docs/decisions/037-autopay-and-ach-files.md): what the
 * back office lists. Money in whole cents. Pure.
 */

/** The company's hour (America/Los_Angeles) from which a banking day's file is written: debits after it wait for the next one. */
export const ACH_CUTOFF_HOUR = 16;
/** A bank debit not returned by this many banking days after its effective date has settled: it posts to the ledger then. */
export const SETTLE_AFTER_BANKING_DAYS = 2;

export const achFileSchema = z.object({
  id: safeString(),
  businessDay: safeString(),
  effectiveDate: safeString(),
  fileName: safeString(),
  debitCount: z.number().int(),
  entryCount: z.number().int(),
  totalDebitCents: z.number().int(),
  totalCreditCents: z.number().int(),
  sha256: safeString(),
  createdAt: safeString(),
  /** When the copy in the outbox folder was written; null until it is. */
  droppedAt: safeString().nullable(),
});
export type AchFileView = z.output<typeof achFileSchema>;

export const achFilesSchema = z.object({
  files: z.array(achFileSchema),
  /** Who collects the debits now: with the processor, the files carry none. */
  collector: z.enum(['processor', 'bank']),
});
export type AchFiles = z.output<typeof achFilesSchema>;

export const autopayListSchema = z.object({
  page: z.coerce.number().int('Page must be a whole number.').min(1, 'Page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows per page.`).default(PAGE_SIZE),
  /** Address or homeowner's name or e-mail. */
  q: safeString().trim().max(MAX_SEARCH_LENGTH, `Search is limited to ${MAX_SEARCH_LENGTH} characters.`).default(''),
});
export type AutopayListParams = z.output<typeof autopayListSchema>;

export const autopayHomeSchema = z.object({
  homeId: safeString(),
  address: safeString(),
  homeownerName: safeString(),
  /** `•••• 6789`: never the whole number. */
  accountMasked: safeString(),
  accountState: z.enum(BANK_ACCOUNT_STATES),
  autopay: autopaySchema.pick({ on: true, since: true }),
});
export type AutopayHome = z.output<typeof autopayHomeSchema>;

export const autopayPageSchema = z.object({
  items: z.array(autopayHomeSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Homes with autopay on, of all the accounts on file. */
  onCount: z.number().int(),
});
export type AutopayPage = z.output<typeof autopayPageSchema>;
