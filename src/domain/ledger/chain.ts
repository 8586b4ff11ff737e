/**
 * Verifying a home's hash chain (docs/product/dashboard.md#what-comes-with-a-home): the
 * server's `ledger:verify` and admin button, and a homeowner checking their download,
 * run this same code and name the first broken entry.
 */
import { canonicalEntryText, GENESIS_HASH, webSha256Hex, type LedgerEntry, type Sha256Hex } from './entry';

/**
 * Why an entry breaks the chain:
 * - seq: it is not the next number (an entry missing, repeated, or its seq changed);
 * - home: it belongs to another home than the entries before it;
 * - prev-hash: its prevHash is not the stored hash of the entry before (GENESIS_HASH for the first);
 * - hash: its stored hash is not the hash of its content (the entry was changed).
 */
export type ChainBreak = 'seq' | 'home' | 'prev-hash' | 'hash';

export type ChainVerdict =
  | { ok: true; /** The last entry's hash (GENESIS_HASH when empty): what a statement prints. */ head: string; count: number }
  | { ok: false; /** The seq the broken entry should have: its position, counting from 1. */ firstBrokenSeq: number; reason: ChainBreak };

export const CHAIN_BREAK_TEXT: Record<ChainBreak, string> = {
  seq: 'is missing or out of order',
  home: 'belongs to another home',
  'prev-hash': 'does not link to the entry before it',
  hash: 'does not match its recorded hash; it was changed after it was written',
};

/** One line for people: 'The ledger is intact (12 entries).' or 'Entry 7 does not match …'. */
export function chainVerdictText(verdict: ChainVerdict): string {
  if (verdict.ok) return `The ledger is intact (${verdict.count} ${verdict.count === 1 ? 'entry' : 'entries'}).`;
  return `Entry ${verdict.firstBrokenSeq} ${CHAIN_BREAK_TEXT[verdict.reason]}.`;
}

/**
 * Checks `entries` in the order given (seq order, as stored): entry i must have seq i + 1,
 * the first entry's home, prevHash = the hash stored on entry i − 1, and a hash that is
 * the SHA-256 of its own content. The first failing check names the entry.
 */
export async function verifyChain(entries: readonly LedgerEntry[], sha256: Sha256Hex = webSha256Hex): Promise<ChainVerdict> {
  // Hash every entry at once: Web Crypto answers in parallel much faster than one by one.
  const hashes = await Promise.all(entries.map((entry) => sha256(canonicalEntryText(entry))));
  let prev = GENESIS_HASH;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index];
    const firstBrokenSeq = index + 1;
    if (entry.seq !== firstBrokenSeq) return { ok: false, firstBrokenSeq, reason: 'seq' };
    if (entry.homeId !== entries[0].homeId) return { ok: false, firstBrokenSeq, reason: 'home' };
    if (entry.prevHash !== prev) return { ok: false, firstBrokenSeq, reason: 'prev-hash' };
    if (entry.hash !== hashes[index]) return { ok: false, firstBrokenSeq, reason: 'hash' };
    prev = entry.hash;
  }
  return { ok: true, head: prev, count: entries.length };
}
