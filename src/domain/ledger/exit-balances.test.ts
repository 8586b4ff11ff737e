import { describe, expect, it } from 'vitest';
import type { AllocatableEntry } from './allocation';
import { exitBalances } from './exit-balances';

const charge = (seq: number, month: number, effectiveOn: string, amountCents = 200_000): AllocatableEntry => ({
  seq,
  kind: 'charge',
  amountCents,
  month,
  effectiveOn,
  reversesSeq: null,
});
const payment = (seq: number, effectiveOn: string, amountCents: number): AllocatableEntry => ({
  seq,
  kind: 'payment',
  amountCents,
  month: null,
  effectiveOn,
  reversesSeq: null,
});

describe('exitBalances', () => {
  const ledger = [
    charge(1, 1, '2026-02-01'),
    charge(2, 2, '2026-03-01'),
    payment(3, '2026-02-03', 250_000),
    charge(4, 3, '2026-04-01'),
    payment(5, '2026-04-20', 500_000),
  ];

  it('arrears are the open parts of charges due by t; credit what no charge used', () => {
    expect(exitBalances(ledger, '2026-03-15')).toMatchObject({ arrearsCents: 150_000, creditCents: 0 });
    // On 20 Apr the second payment covers everything and leaves 1,500.00 over.
    expect(exitBalances(ledger, '2026-04-20')).toMatchObject({ arrearsCents: 0, creditCents: 150_000 });
  });

  it('reads the ledger as it stood: entries after the head or effective after t do not count', () => {
    expect(exitBalances(ledger, '2026-04-20', 4)).toMatchObject({ arrearsCents: 350_000, creditCents: 0 });
    expect(exitBalances(ledger, '2026-01-31')).toMatchObject({ arrearsCents: 0, creditCents: 0 });
  });

  it('a reversed charge owes nothing', () => {
    const reversed = [...ledger, { seq: 6, kind: 'reversal' as const, amountCents: 200_000, month: null, effectiveOn: '2026-04-02', reversesSeq: 4 }];
    expect(exitBalances(reversed, '2026-04-02')).toMatchObject({ arrearsCents: 150_000, creditCents: 0 });
  });

  it('counts an open late fee as arrears, and credit pays the charge before the fee of the same day', () => {
    const fee: AllocatableEntry = { seq: 3, kind: 'fee', amountCents: 10_000, month: 1, effectiveOn: '2026-02-12', reversesSeq: null };
    const withFee = [charge(1, 1, '2026-02-01'), charge(2, 2, '2026-03-01'), fee];
    expect(exitBalances(withFee, '2026-02-20')).toMatchObject({ arrearsCents: 210_000, creditCents: 0 });
    // 2,050.00 paid on 20 Feb: the charge first, then the fee; nothing over.
    expect(exitBalances([...withFee, payment(4, '2026-02-20', 205_000)], '2026-02-20')).toMatchObject({ arrearsCents: 5_000, creditCents: 0 });
  });
});
