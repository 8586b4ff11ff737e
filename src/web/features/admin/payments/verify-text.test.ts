import { describe, expect, it } from 'vitest';
import type { VerifyResult } from '../../../../domain/homes/admin-payments';
import { verifyText } from './ledger-panel';

/** The sentence a Verify button answers with (docs/product/back-office.md#verify), now that it checks the signed checkpoints too. */

const result = (over: Partial<VerifyResult>): VerifyResult => ({
  ok: true,
  homes: 3,
  entries: 12,
  broken: [],
  brokenTotal: 0,
  checkpointProblems: [],
  ...over,
});
const forged = 'Checkpoint of 2026-10-05: its signature does not match its digest; it was changed or forged.';
const rewritten = {
  homeId: 'h1',
  address: '1 Main St',
  seq: 4,
  reason: 'statement',
  message: 'Entry 4 is not the one the signed checkpoint of 2026-10-05 recorded',
};

describe('verifyText', () => {
  it('says every ledger holds only when the chains and the checkpoints do', () => {
    expect(verifyText(result({}))).toBe('All 3 ledgers are intact (12 entries).');
    expect(verifyText(result({ homes: 1, entries: 1 }))).toBe('The ledger is intact (1 entry).');
  });

  it('names a checkpoint that does not hold although every chain does', () => {
    expect(verifyText(result({ ok: false, checkpointProblems: [forged] }))).toBe(`Every ledger holds, but the signed daily checkpoints do not: ${forged}`);
    expect(verifyText(result({ ok: false, homes: 1, checkpointProblems: [forged] }))).toBe(
      `The ledger holds, but the signed daily checkpoints do not: ${forged}`,
    );
  });

  it('names a broken chain, and adds that the checkpoints do not hold either when so', () => {
    expect(verifyText(result({ ok: false, homes: 1, broken: [rewritten], brokenTotal: 1 }))).toBe(`The ledger is broken: ${rewritten.message}`);
    expect(verifyText(result({ ok: false, broken: [rewritten], brokenTotal: 1, checkpointProblems: [forged] }))).toBe(
      '1 of 3 ledgers are broken. The signed daily checkpoints do not hold either.',
    );
  });
});
