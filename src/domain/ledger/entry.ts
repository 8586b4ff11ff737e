/**
 * A home's ledger entries and their hash chain (docs/product/dashboard.md#what-comes-with-a-home,
 * docs/decisions/022-homes-and-ledger.md#the-ledger): append-only, whole cents, each entry
 * storing the hash of the one before and of its own content, so any change to a stored
 * entry is detectable — by the server and by a homeowner verifying their download.
 * Isomorphic: SHA-256 comes from Web Crypto (`globalThis.crypto.subtle`, Node 20 and browsers).
 */

import type { PaymentSource } from '../homes/states';

export const LEDGER_KINDS = ['charge', 'payment', 'refund', 'payout', 'reversal', 'fee', 'buy_out'] as const;
/**
 * - charge: a month's payment owed (`month` set, `effectiveOn` its due date);
 * - payment: money received (`effectiveOn` the date received, `reference` the bank's);
 * - refund: money returned to the homeowner, taking credit back;
 * - payout: equity paid out at a transfer (does not touch the charges' balance);
 * - reversal: undoes the entry `reversesSeq` names, with its reason in `note` (a waived fee is one);
 * - fee: a month's late fee (`month` the charge's month, `effectiveOn` the day it was made and fell due;
 *   calculators.md 'Fees'), one per charge ever;
 * - buy_out: the buy-out price the homeowner paid Ownstead when an accepted buy-out quote completed (outside the
 *   charges' balance, as a payout is; docs/decisions/040-exit-quote-completion.md).
 */
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What an entry's hash covers: every stored field but the hash itself. */
export interface LedgerEntryContent {
  homeId: string;
  /** 1, 2, 3… per home, without gaps. */
  seq: number;
  kind: LedgerKind;
  /** Whole cents, a positive safe integer; the kind says which way the money moves. */
  amountCents: number;
  /** The agreement month k of a charge, or of the charge a late fee is for; null for every other kind. */
  month: number | null;
  /** YYYY-MM-DD: a charge's due date, a payment's date received, the date of a refund, payout or reversal. */
  effectiveOn: string;
  /** The bank's reference of a payment (imports are idempotent by it); null otherwise. */
  reference: string | null;
  /** The seq of the entry a reversal undoes; null for every other kind. */
  reversesSeq: number | null;
  /** A reversal's reason, or a memo. */
  note: string | null;
  /** A payment's origin (staff, a bank CSV import, a processor); null for every other kind. */
  source: PaymentSource | null;
  /** Who wrote it: the staff account's id, or null for the server's own work (the charge run). */
  recordedBy: string | null;
  /**
   * When the entry was written: `Date#toISOString()` text (`2026-03-01T09:30:00.000Z`), hashed
   * as given. A timestamptz column read back as a Date gives the same text (milliseconds).
   */
  recordedAt: string;
  /** The hash of the entry before; GENESIS_HASH for seq 1. */
  prevHash: string;
}

export interface LedgerEntry extends LedgerEntryContent {
  /** Lowercase hex SHA-256 of canonicalEntryText(content). */
  hash: string;
}

/** The prevHash of a home's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** SHA-256 of UTF-8 text as lowercase hex. The server may pass a faster synchronous one (node:crypto). */
export type Sha256Hex = (text: string) => Promise<string> | string;

/**
 * The text an entry's hash covers: JSON with exactly the content fields, in this fixed
 * order (JSON.stringify keeps insertion order for non-numeric keys), values as stored.
 * Changing the order or the set of fields changes every hash, so it never changes for
 * stored chains; anyone can recompute it from a downloaded ledger.
 */
export function canonicalEntryText(entry: LedgerEntryContent): string {
  return JSON.stringify({
    homeId: entry.homeId,
    seq: entry.seq,
    kind: entry.kind,
    amountCents: entry.amountCents,
    month: entry.month,
    effectiveOn: entry.effectiveOn,
    reference: entry.reference,
    reversesSeq: entry.reversesSeq,
    note: entry.note,
    source: entry.source,
    recordedBy: entry.recordedBy,
    recordedAt: entry.recordedAt,
    prevHash: entry.prevHash,
  });
}

function toHex(bytes: ArrayBuffer): string {
  let hex = '';
  for (const byte of new Uint8Array(bytes)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Web Crypto's SHA-256 of `text` (UTF-8) as lowercase hex. */
export const webSha256Hex: Sha256Hex = async (text) => toHex(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

/** The hash an entry stores: lowercase hex SHA-256 of canonicalEntryText(entry). */
export async function entryHash(entry: LedgerEntryContent, sha256: Sha256Hex = webSha256Hex): Promise<string> {
  return sha256(canonicalEntryText(entry));
}

/** The content with its hash, ready to store. */
export async function sealEntry(content: LedgerEntryContent, sha256: Sha256Hex = webSha256Hex): Promise<LedgerEntry> {
  return { ...content, hash: await entryHash(content, sha256) };
}

/** An entry as a writer states it; nextEntry adds the home, the seq and the link. */
export type LedgerEntryDraft = Omit<LedgerEntryContent, 'homeId' | 'seq' | 'prevHash'>;

/**
 * The entry that follows `last` (null for a home's first) in `homeId`'s chain: seq + 1, linked
 * to last's hash, sealed. The writer holds the home's lock while it reads `last` and stores
 * this (docs/decisions/022-homes-and-ledger.md#the-ledger).
 */
export async function nextEntry(
  homeId: string,
  last: Pick<LedgerEntry, 'seq' | 'hash'> | null,
  draft: LedgerEntryDraft,
  sha256: Sha256Hex = webSha256Hex,
): Promise<LedgerEntry> {
  return sealEntry({ ...draft, homeId, seq: last ? last.seq + 1 : 1, prevHash: last ? last.hash : GENESIS_HASH }, sha256);
}
