import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PAYMENT_SOURCES } from '../homes/states';
import {
  canonicalEntryText,
  chainVerdictText,
  entryHash,
  GENESIS_HASH,
  LEDGER_KINDS,
  nextEntry,
  verifyChain,
  verifyLedgerFile,
  webSha256Hex,
  type LedgerEntry,
  type LedgerEntryContent,
  type LedgerEntryDraft,
} from './index';

const charge = (month: number): LedgerEntryDraft => ({
  kind: 'charge',
  amountCents: 235_403,
  month,
  effectiveOn: `2026-0${month + 1}-01`,
  reference: null,
  reversesSeq: null,
  note: null,
  source: null,
  recordedBy: null,
  recordedAt: `2026-0${month}-25T06:00:00.000Z`,
});
const payment: LedgerEntryDraft = {
  kind: 'payment',
  amountCents: 235_403,
  month: null,
  effectiveOn: '2026-02-03',
  reference: 'BANK-7781',
  reversesSeq: null,
  note: 'Paid by transfer — “thank you” ✓',
  source: 'staff',
  recordedBy: 'staff-7',
  recordedAt: '2026-02-03T14:12:09.120Z',
};

async function chainOf(homeId: string, drafts: readonly LedgerEntryDraft[]): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (const draft of drafts) entries.push(await nextEntry(homeId, entries.at(-1) ?? null, draft));
  return entries;
}

describe('canonicalEntryText and entryHash', () => {
  const first: LedgerEntryContent = { ...charge(1), homeId: 'home-1', seq: 1, prevHash: GENESIS_HASH };

  it('is JSON of exactly the content fields in a fixed order, so anyone can recompute a hash', () => {
    expect(canonicalEntryText(first)).toBe(
      '{"homeId":"home-1","seq":1,"kind":"charge","amountCents":235403,"month":1,"effectiveOn":"2026-02-01","reference":null,' +
        `"reversesSeq":null,"note":null,"source":null,"recordedBy":null,"recordedAt":"2026-01-25T06:00:00.000Z","prevHash":"${GENESIS_HASH}"}`,
    );
    // Key order of the object passed in does not matter; extra properties (a stored hash) are not hashed.
    const reordered = Object.fromEntries(Object.entries({ ...first, hash: 'x' }).reverse()) as unknown as LedgerEntryContent;
    expect(canonicalEntryText(reordered)).toBe(canonicalEntryText(first));
  });

  it('is the lowercase hex SHA-256 of that text in UTF-8 (values from sha256sum)', async () => {
    expect(await webSha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const firstHash = await entryHash(first);
    expect(firstHash).toBe('4c6d71f00d590bde01cf2f4d7a5afad9ecc0009f106960d303d17fd4d2e218d7');
    // Non-ASCII text (a memo with typographic quotes) hashes as UTF-8.
    const second: LedgerEntryContent = { ...payment, homeId: 'home-1', seq: 2, prevHash: firstHash };
    expect(await entryHash(second)).toBe('1550c48b3934b1475e11b4cd80bd6655ea4a0ef43e5c29e5d321a12cda815a22');
  });

  it('chains a home’s entries: seq 1, 2, 3 and each linked to the hash before', async () => {
    const entries = await chainOf('home-1', [charge(1), payment, charge(2)]);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(entries[0].prevHash).toBe(GENESIS_HASH);
    expect(entries[1].prevHash).toBe(entries[0].hash);
    expect(entries[2].prevHash).toBe(entries[1].hash);
  });
});

describe('verifyChain', () => {
  it('finds an intact chain and gives its head; an empty one has the genesis head', async () => {
    const entries = await chainOf('home-1', [charge(1), payment, charge(2)]);
    expect(await verifyChain(entries)).toEqual({ ok: true, head: entries[2].hash, count: 3 });
    expect(await verifyChain([])).toEqual({ ok: true, head: GENESIS_HASH, count: 0 });
    // The server may pass its own SHA-256 (node:crypto's, synchronous); it is the one used.
    expect(await verifyChain(entries, () => GENESIS_HASH)).toEqual({ ok: false, firstBrokenSeq: 1, reason: 'hash' });
    expect(chainVerdictText({ ok: true, head: entries[2].hash, count: 3 })).toBe('The ledger is intact (3 entries).');
  });

  it('names an entry changed after it was written', async () => {
    const entries = await chainOf('home-1', [charge(1), payment, charge(2)]);
    const altered = entries.map((entry) => (entry.seq === 2 ? { ...entry, amountCents: 535_403 } : entry));
    const verdict = await verifyChain(altered);
    expect(verdict).toEqual({ ok: false, firstBrokenSeq: 2, reason: 'hash' });
    expect(chainVerdictText(verdict)).toBe('Entry 2 does not match its recorded hash; it was changed after it was written.');
  });

  it('names the first entry after a rewrite that recomputed the changed entry’s hash', async () => {
    const entries = await chainOf('home-1', [charge(1), payment, charge(2)]);
    const rewritten = await nextEntry('home-1', entries[0], { ...payment, amountCents: 1 });
    expect(await verifyChain([entries[0], rewritten, entries[2]])).toEqual({ ok: false, firstBrokenSeq: 3, reason: 'prev-hash' });
  });

  it('names a missing or repeated entry, and one of another home', async () => {
    const entries = await chainOf('home-1', [charge(1), payment, charge(2), charge(3)]);
    expect(await verifyChain([entries[0], entries[1], entries[3]])).toEqual({ ok: false, firstBrokenSeq: 3, reason: 'seq' });
    expect(await verifyChain([entries[0], entries[0], entries[1]])).toEqual({ ok: false, firstBrokenSeq: 2, reason: 'seq' });
    expect(await verifyChain(entries.slice(1))).toEqual({ ok: false, firstBrokenSeq: 1, reason: 'seq' });
    const other = await chainOf('home-2', [charge(1), payment]);
    expect(await verifyChain([entries[0], other[1]])).toEqual({ ok: false, firstBrokenSeq: 2, reason: 'home' });
  });
});

describe('verifyLedgerFile', () => {
  it('verifies a downloaded ledger read back from its JSON', async () => {
    const entries = await chainOf('home-1', [charge(1), payment, { ...charge(1), kind: 'reversal', month: null, reversesSeq: 1, note: 'Billed twice' }]);
    const file = JSON.parse(JSON.stringify({ homeId: 'home-1', entries }));
    expect(await verifyLedgerFile(file)).toEqual({ ok: true, head: entries[2].hash, count: 3 });
    file.entries[1].reference = 'BANK-7782';
    expect(await verifyLedgerFile(file)).toEqual({ ok: false, firstBrokenSeq: 2, reason: 'hash' });
  });

  it('says where a file is not a ledger', async () => {
    const [entry] = await chainOf('home-1', [charge(1)]);
    const format = async (changes: Partial<Record<keyof LedgerEntry | 'extra', unknown>>, homeId = 'home-1') =>
      verifyLedgerFile({ homeId, entries: [{ ...entry, ...changes }] });
    expect(await format({ effectiveOn: '2026-02-30' })).toEqual({
      ok: false,
      reason: 'format',
      message: 'entries.0.effectiveOn: Use a real date like 2026-03-01.',
    });
    expect(await format({ recordedAt: '2026-01-25T06:00:00Z' })).toMatchObject({ ok: false, reason: 'format' });
    expect(await format({ amountCents: 12.5 })).toMatchObject({ ok: false, reason: 'format' });
    expect(await format({ amountCents: 0 })).toMatchObject({ ok: false, reason: 'format' });
    expect(await format({ month: null })).toEqual({
      ok: false,
      reason: 'format',
      message: 'entries.0.month: A charge or a late fee, and only those, has a month.',
    });
    expect(await format({ kind: 'reversal', month: null, reversesSeq: 1 })).toMatchObject({
      ok: false,
      message: 'entries.0.reversesSeq: A reversal undoes an earlier entry.',
    });
    expect(await format({ hash: entry.hash.toUpperCase() })).toMatchObject({ ok: false, reason: 'format' });
    expect(await format({ extra: 1 })).toMatchObject({ ok: false, reason: 'format' });
    expect(await format({}, 'home-2')).toEqual({ ok: false, reason: 'format', message: 'entries.0.homeId: This entry belongs to another home.' });
    expect(await verifyLedgerFile('not a ledger')).toMatchObject({ ok: false, reason: 'format' });
  });
});

const drafts: fc.Arbitrary<LedgerEntryDraft> = fc.record({
  kind: fc.constantFrom(...LEDGER_KINDS),
  amountCents: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  month: fc.option(fc.integer({ min: 1, max: 600 }), { nil: null }),
  effectiveOn: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  reference: fc.option(fc.string({ unit: 'grapheme' }), { nil: null }),
  reversesSeq: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
  note: fc.option(fc.string({ unit: 'grapheme' }), { nil: null }),
  source: fc.option(fc.constantFrom(...PAYMENT_SOURCES), { nil: null }),
  recordedBy: fc.option(fc.string({ unit: 'grapheme' }), { nil: null }),
  recordedAt: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString()),
});

/** A different value for one field of an entry. */
function changed(entry: LedgerEntry, field: keyof LedgerEntry, pick: number): LedgerEntry {
  const flip = (hex: string) => hex.slice(0, pick % 64) + (hex[pick % 64] === '0' ? '1' : '0') + hex.slice((pick % 64) + 1);
  const other = <T>(value: T | null, next: T): T | null => (value === null ? next : pick % 2 === 0 ? null : next);
  switch (field) {
    case 'homeId':
      return { ...entry, homeId: `${entry.homeId}x` };
    case 'seq':
      return { ...entry, seq: entry.seq + 1 + (pick % 3) };
    case 'kind':
      return { ...entry, kind: LEDGER_KINDS[(LEDGER_KINDS.indexOf(entry.kind) + 1 + (pick % 4)) % 5] };
    case 'amountCents':
      return { ...entry, amountCents: entry.amountCents === 1 ? 2 : entry.amountCents - 1 };
    case 'month':
      return { ...entry, month: other(entry.month, (entry.month ?? 0) + 1) };
    case 'effectiveOn':
      return { ...entry, effectiveOn: entry.effectiveOn === '2099-01-01' ? '2099-01-02' : '2099-01-01' };
    case 'reference':
      return { ...entry, reference: other(entry.reference, `${entry.reference ?? ''}1`) };
    case 'reversesSeq':
      return { ...entry, reversesSeq: other(entry.reversesSeq, (entry.reversesSeq ?? 0) + 1) };
    case 'note':
      return { ...entry, note: other(entry.note, `${entry.note ?? ''} `) };
    case 'source':
      return { ...entry, source: entry.source === 'staff' ? 'bank_csv' : 'staff' };
    case 'recordedBy':
      return { ...entry, recordedBy: other(entry.recordedBy, `${entry.recordedBy ?? ''}x`) };
    case 'recordedAt':
      return { ...entry, recordedAt: new Date(Date.parse(entry.recordedAt) + 1 + pick).toISOString() };
    case 'prevHash':
      return { ...entry, prevHash: flip(entry.prevHash) };
    case 'hash':
      return { ...entry, hash: flip(entry.hash) };
  }
}

const FIELDS: (keyof LedgerEntry)[] = [
  'homeId',
  'seq',
  'kind',
  'amountCents',
  'month',
  'effectiveOn',
  'reference',
  'reversesSeq',
  'note',
  'source',
  'recordedBy',
  'recordedAt',
  'prevHash',
  'hash',
];

describe('hash chain properties', () => {
  it('verifies any chain, and catches any single-field change to any entry at that entry', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(drafts, { minLength: 1, maxLength: 12 }), fc.nat(), fc.constantFrom(...FIELDS), fc.nat(), async (list, at, field, pick) => {
        const entries = await chainOf('home-9', list);
        expect(await verifyChain(entries)).toEqual({ ok: true, head: entries.at(-1)!.hash, count: entries.length });
        const index = at % entries.length;
        const tampered = entries.map((entry, i) => (i === index ? changed(entry, field, pick) : entry));
        const verdict = await verifyChain(tampered);
        expect(verdict).toMatchObject({ ok: false, firstBrokenSeq: index + 1 });
      }),
      { numRuns: 300 },
    );
  });
});
