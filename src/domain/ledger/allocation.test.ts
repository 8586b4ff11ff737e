import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateLedger, chargeDueOn, GENESIS_HASH, type LedgerEntryContent, type LedgerKind } from './index';

const PURCHASE = '2026-01-15'; // month 1 falls due on 2026-02-01, month 2 on 2026-03-01, …

/** A home's entries from short descriptions, numbered 1, 2, 3… (allocation does not look at hashes). */
function ledger(...items: [kind: LedgerKind, amountCents: number, target?: number][]): LedgerEntryContent[] {
  let month = 0;
  return items.map(([kind, amountCents, target], index) => {
    if (kind === 'charge') month = target ?? month + 1;
    return {
      homeId: 'home-1',
      seq: index + 1,
      kind,
      amountCents,
      month: kind === 'charge' ? month : null,
      effectiveOn: kind === 'charge' ? chargeDueOn(PURCHASE, month) : '2026-02-03',
      reference: kind === 'payment' ? `BANK-${index + 1}` : null,
      reversesSeq: kind === 'reversal' ? target! : null,
      note: kind === 'reversal' ? 'Entered by mistake' : null,
      source: kind === 'payment' ? 'staff' : null,
      recordedBy: null,
      recordedAt: '2026-02-03T10:00:00.000Z',
      prevHash: GENESIS_HASH,
    };
  });
}

const states = (entries: LedgerEntryContent[], today = '2026-03-05') =>
  allocateLedger(entries, today).charges.map(({ month, paidCents, state }) => ({ month, paidCents, state }));

describe('allocateLedger', () => {
  it('pays the oldest open charge first', () => {
    const entries = ledger(['charge', 10_000], ['charge', 10_000], ['charge', 10_000], ['payment', 15_000]);
    const result = allocateLedger(entries, '2026-03-05');
    expect(result.charges.map(({ month, dueOn, paidCents, state }) => ({ month, dueOn, paidCents, state }))).toEqual([
      { month: 1, dueOn: '2026-02-01', paidCents: 10_000, state: 'paid' },
      { month: 2, dueOn: '2026-03-01', paidCents: 5_000, state: 'due' },
      { month: 3, dueOn: '2026-04-01', paidCents: 0, state: 'due' },
    ]);
    expect(result.paidMonths).toEqual([1]);
    expect(result.billedMonths).toBe(3);
    expect(result.balanceCents).toBe(15_000);
    expect(result.creditCents).toBe(0);
  });

  it('adds up partial payments until a month is paid in full', () => {
    expect(states(ledger(['charge', 235_403], ['payment', 100_000]))).toEqual([{ month: 1, paidCents: 100_000, state: 'overdue' }]);
    expect(states(ledger(['charge', 235_403], ['payment', 100_000], ['payment', 135_402]))).toEqual([{ month: 1, paidCents: 235_402, state: 'overdue' }]);
    expect(states(ledger(['charge', 235_403], ['payment', 100_000], ['payment', 135_403]))).toEqual([{ month: 1, paidCents: 235_403, state: 'paid' }]);
  });

  it('keeps an over-payment as credit, which pays the next charge when it comes', () => {
    const before = allocateLedger(ledger(['charge', 10_000], ['payment', 25_000]), '2026-02-03');
    expect(before.paidMonths).toEqual([1]);
    expect(before.creditCents).toBe(15_000);
    expect(before.balanceCents).toBe(-15_000);

    const after = allocateLedger(ledger(['charge', 10_000], ['payment', 25_000], ['charge', 10_000]), '2026-03-02');
    expect(after.paidMonths).toEqual([1, 2]);
    expect(after.creditCents).toBe(5_000);
    expect(after.balanceCents).toBe(-5_000);
  });

  it('re-opens a month when its payment is reversed', () => {
    const entries = ledger(['charge', 10_000], ['payment', 10_000], ['reversal', 10_000, 2]);
    const result = allocateLedger(entries, '2026-02-20');
    expect(result.charges).toEqual([{ seq: 1, month: 1, dueOn: '2026-02-01', amountCents: 10_000, paidCents: 0, state: 'overdue' }]);
    expect(result.paidMonths).toEqual([]);
    expect(result.balanceCents).toBe(10_000);
    // Reversing the reversal restores the payment.
    expect(allocateLedger([...entries, ...ledger(['reversal', 10_000, 3]).map((e) => ({ ...e, seq: 4 }))], '2026-02-20').paidMonths).toEqual([1]);
  });

  it('drops a reversed charge: it owes nothing, and its month stays billed (waived, never billed again)', () => {
    const entries = ledger(['charge', 10_000], ['charge', 12_000], ['reversal', 12_000, 2], ['payment', 10_000]);
    const result = allocateLedger(entries, '2026-03-20');
    expect(result.charges.map((charge) => charge.month)).toEqual([1]);
    expect(result.paidMonths).toEqual([1]);
    expect(result.billedMonths).toBe(2);
    expect(result.chargedCents).toBe(10_000);
    expect(result.balanceCents).toBe(0);
    // An earlier month reversed: the credit goes to the next charge that counts.
    const first = allocateLedger(ledger(['charge', 10_000], ['charge', 10_000], ['reversal', 10_000, 1], ['payment', 10_000]), '2026-03-20');
    expect(first.paidMonths).toEqual([2]);
    expect(first.billedMonths).toBe(2);
  });

  it('takes credit back with a refund, and re-opens a month when more than the spare credit is refunded', () => {
    const refunded = allocateLedger(ledger(['charge', 10_000], ['payment', 25_000], ['refund', 15_000]), '2026-02-20');
    expect(refunded.paidMonths).toEqual([1]);
    expect(refunded.creditCents).toBe(0);
    expect(refunded.balanceCents).toBe(0);
    expect(refunded.creditedCents).toBe(10_000);

    const tooMuch = allocateLedger(ledger(['charge', 10_000], ['payment', 25_000], ['refund', 20_000]), '2026-02-20');
    expect(tooMuch.charges[0]).toMatchObject({ paidCents: 5_000, state: 'overdue' });
    expect(tooMuch.balanceCents).toBe(5_000);
  });

  it('leaves the charges alone when equity is paid out', () => {
    const entries = ledger(['charge', 10_000], ['payment', 10_000], ['charge', 10_000]);
    const withPayout = allocateLedger([...entries, ...ledger(['payout', 4_500_000]).map((e) => ({ ...e, seq: 4 }))], '2026-03-20');
    const without = allocateLedger(entries, '2026-03-20');
    expect(withPayout.payoutCents).toBe(4_500_000);
    expect({ ...withPayout, payoutCents: 0 }).toEqual(without);
  });

  it('calls an unpaid charge due until 10 days after its due date, and overdue from the 11th day', () => {
    const entries = ledger(['charge', 10_000], ['payment', 9_999]);
    expect(states(entries, '2026-01-20')[0].state).toBe('due'); // billed ahead of its due date
    expect(states(entries, '2026-02-01')[0].state).toBe('due');
    expect(states(entries, '2026-02-11')[0].state).toBe('due'); // exactly 10 days after
    expect(states(entries, '2026-02-12')[0].state).toBe('overdue'); // 11 days after
    expect(states(ledger(['charge', 10_000], ['payment', 10_000]), '2027-01-01')[0].state).toBe('paid');
  });

  it('refuses an amount that is not a positive whole number of cents', () => {
    expect(() => allocateLedger(ledger(['charge', 100.5]), '2026-02-01')).toThrow(RangeError);
    expect(() => allocateLedger(ledger(['payment', 0]), '2026-02-01')).toThrow(RangeError);
    expect(allocateLedger([], '2026-02-01')).toEqual({
      charges: [],
      fees: [],
      feeCents: 0,
      paidMonths: [],
      billedMonths: 0,
      chargedCents: 0,
      creditedCents: 0,
      payoutCents: 0,
      balanceCents: 0,
      creditCents: 0,
    });
  });
});

type Step = { kind: Exclude<LedgerKind, 'reversal'>; amountCents: number } | { kind: 'reversal'; pick: number };

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constantFrom('charge' as const, 'payment' as const, 'refund' as const, 'payout' as const),
      amountCents: fc.integer({ min: 1, max: 1_000_000 }),
    }),
    fc.record({ kind: fc.constant('reversal' as const), pick: fc.nat() }),
  ),
  { maxLength: 40 },
);

/** Entries from steps: charges bill months 1, 2, 3…; a reversal undoes one entry not yet undone (never a reversal). */
function build(list: Step[]): { entries: LedgerEntryContent[]; undone: Set<number> } {
  const items: [LedgerKind, number, number?][] = [];
  const undone = new Set<number>();
  for (const step of list) {
    if (step.kind !== 'reversal') {
      items.push([step.kind, step.amountCents]);
      continue;
    }
    const open = items.map((item, index) => ({ item, seq: index + 1 })).filter(({ item, seq }) => item[0] !== 'reversal' && !undone.has(seq));
    if (open.length === 0) continue;
    const { item, seq } = open[step.pick % open.length];
    undone.add(seq);
    items.push(['reversal', item[1], seq]);
  }
  return { entries: ledger(...items), undone };
}

describe('allocateLedger properties', () => {
  const today = fc.constantFrom('2026-01-01', '2026-06-15', '2027-03-01', '2030-01-01');

  it('allocates exactly the credit, oldest first, never more than a charge, in whole cents', () => {
    fc.assert(
      fc.property(steps, today, (list, day) => {
        const { entries, undone } = build(list);
        const counted = entries.filter((entry) => !undone.has(entry.seq));
        const sum = (kind: LedgerKind) => counted.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amountCents, 0);
        const credits = sum('payment') - sum('refund');
        const result = allocateLedger(entries, day);

        const paid = result.charges.reduce((total, charge) => total + charge.paidCents, 0);
        expect(paid + result.creditCents).toBe(Math.max(0, credits));
        expect(result.balanceCents).toBe(sum('charge') - credits);
        expect(result.creditCents).toBe(Math.max(0, -result.balanceCents));
        expect(result.payoutCents).toBe(sum('payout'));
        expect(result.charges.map((charge) => charge.seq)).toEqual(counted.filter((entry) => entry.kind === 'charge').map((entry) => entry.seq));

        let open = false;
        for (const charge of result.charges) {
          expect(Number.isSafeInteger(charge.paidCents)).toBe(true);
          expect(charge.paidCents).toBeGreaterThanOrEqual(0);
          expect(charge.paidCents).toBeLessThanOrEqual(charge.amountCents);
          expect(charge.state === 'paid').toBe(charge.paidCents === charge.amountCents);
          if (open) expect(charge.paidCents).toBe(0); // a later charge gets nothing while an older one is open
          if (charge.paidCents < charge.amountCents) open = true;
        }
        expect(result.paidMonths).toEqual(result.charges.filter((charge) => charge.state === 'paid').map((charge) => charge.month));
      }),
      { numRuns: 1000 },
    );
  });

  it('does not depend on the order the entries are given in', () => {
    fc.assert(
      fc.property(
        steps.chain((list) => {
          const { entries } = build(list);
          return fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length }));
        }),
        today,
        ([entries, shuffled], day) => {
          expect(allocateLedger(shuffled, day)).toEqual(allocateLedger(entries, day));
        },
      ),
      { numRuns: 300 },
    );
  });
});
