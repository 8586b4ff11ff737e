/**
 * The downloaded ledger file (docs/product/dashboard.md#what-comes-with-a-home: the homeowner
 * can download and verify their own ledger): `{ homeId, entries }` with every entry's hash.
 * `verifyLedgerFile` reads such a file and checks its chain with verifyChain.
 */
import { z } from 'zod';
import { safeString } from '../safe-text';
import { verifyChain, type ChainVerdict } from './chain';
import { PAYMENT_SOURCES } from '../homes/states';
import { LEDGER_KINDS, webSha256Hex, type Sha256Hex } from './entry';

const hash = safeString().regex(/^[0-9a-f]{64}$/, { error: 'A hash is 64 lowercase hexadecimal digits.' });
const positiveInt = z.int({ error: 'Enter a whole number.' }).positive({ error: 'Enter a number above 0.' });
/** A real calendar day, YYYY-MM-DD ('2025-02-30' is refused). */
export const ledgerDate = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-03-01.' })
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, 'Use a real date like 2026-03-01.');
/** `Date#toISOString()` text, the one form recordedAt is hashed in. */
const instant = safeString().refine((text) => {
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString() === text;
}, 'Use a UTC time like 2026-03-01T09:30:00.000Z.');

export const ledgerEntrySchema = z
  .object({
    homeId: safeString().min(1),
    seq: positiveInt,
    kind: z.enum(LEDGER_KINDS),
    amountCents: positiveInt,
    month: positiveInt.nullable(),
    effectiveOn: ledgerDate,
    reference: safeString().nullable(),
    reversesSeq: positiveInt.nullable(),
    note: safeString().nullable(),
    source: z.enum(PAYMENT_SOURCES).nullable(),
    recordedBy: safeString().nullable(),
    recordedAt: instant,
    prevHash: hash,
    hash,
  })
  .strict()
  .superRefine((entry, ctx) => {
    // Only a charge or its late fee has a month, only a reversal names an entry, and only an earlier one.
    if ((entry.kind === 'charge' || entry.kind === 'fee') !== (entry.month !== null)) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: 'A charge or a late fee, and only those, has a month.' });
    }
    if ((entry.kind === 'payment') !== (entry.source !== null)) {
      ctx.addIssue({ code: 'custom', path: ['source'], message: 'A payment, and only a payment, says where it came from.' });
    }
    if ((entry.kind === 'reversal') !== (entry.reversesSeq !== null)) {
      ctx.addIssue({ code: 'custom', path: ['reversesSeq'], message: 'A reversal, and only a reversal, names the entry it undoes.' });
    } else if (entry.reversesSeq !== null && entry.reversesSeq >= entry.seq) {
      ctx.addIssue({ code: 'custom', path: ['reversesSeq'], message: 'A reversal undoes an earlier entry.' });
    }
  });

export const ledgerFileSchema = z.object({ homeId: safeString().min(1), entries: z.array(ledgerEntrySchema) }).superRefine((file, ctx) => {
  const other = file.entries.findIndex((entry) => entry.homeId !== file.homeId);
  if (other >= 0) ctx.addIssue({ code: 'custom', path: ['entries', other, 'homeId'], message: 'This entry belongs to another home.' });
});

export type LedgerFile = z.infer<typeof ledgerFileSchema>;

export type LedgerFileVerdict = ChainVerdict | { ok: false; reason: 'format'; message: string };

/** Reads a downloaded ledger (parsed JSON) and verifies its chain; a file that is not a ledger says where. */
export async function verifyLedgerFile(data: unknown, sha256: Sha256Hex = webSha256Hex): Promise<LedgerFileVerdict> {
  const parsed = ledgerFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { ok: false, reason: 'format', message: `${where}${issue.message}` };
  }
  return verifyChain(parsed.data.entries, sha256);
}
