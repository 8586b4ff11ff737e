import { describe, expect, it } from 'vitest';
import { applyEvent, failureWords, PROCESSOR_PAYMENT_STATES, returnCodeWords, type PaymentEventKind, type ProcessorPaymentState } from './states';

/** Folds `events` over a new payment: its end state and the ledger entries it posted, in order. */
function replay(events: PaymentEventKind[]) {
  let state: ProcessorPaymentState = 'scheduled';
  const ledger: string[] = [];
  for (const event of events) {
    const outcome = applyEvent(state, event);
    if (!outcome.applies) continue;
    state = outcome.next;
    if (outcome.ledger === 'payment' || outcome.ledger === 'payment_and_reversal') ledger.push('payment');
    if (outcome.ledger === 'reversal' || outcome.ledger === 'payment_and_reversal') ledger.push('reversal');
  }
  return { state, ledger };
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('processor payment events in any order', () => {
  it('a success posts the payment once, whatever the order and however often each event comes', () => {
    for (const order of permutations<PaymentEventKind>(['processing', 'succeeded', 'succeeded', 'processing'])) {
      expect(replay(order), order.join(',')).toEqual({ state: 'succeeded', ledger: ['payment'] });
    }
  });

  it('a return ends returned with one payment and one reversal, in every order', () => {
    for (const order of permutations<PaymentEventKind>(['processing', 'succeeded', 'returned'])) {
      expect(replay(order), order.join(',')).toEqual({ state: 'returned', ledger: ['payment', 'reversal'] });
    }
  });

  it('a failure posts nothing; processing after succeeded changes nothing', () => {
    for (const order of permutations<PaymentEventKind>(['processing', 'failed'])) expect(replay(order)).toEqual({ state: 'failed', ledger: [] });
    expect(applyEvent('succeeded', 'processing')).toEqual({ applies: false, reason: 'stale' });
    expect(applyEvent('returned', 'succeeded')).toEqual({ applies: false, reason: 'stale' });
  });

  it('never leaves a final state', () => {
    for (const state of ['failed', 'returned'] as const) {
      for (const event of ['processing', 'succeeded', 'failed', 'returned'] as const) expect(applyEvent(state, event).applies).toBe(false);
    }
    expect(PROCESSOR_PAYMENT_STATES).toHaveLength(5);
  });

  it('says failures and return codes in words', () => {
    expect(failureWords('insufficient_funds').reason).toMatch(/not enough money/);
    expect(failureWords('account_closed').whatToDo).toMatch(/add an account/);
    expect(failureWords(null).reason).toMatch(/did not go through/);
    expect(returnCodeWords('R01')).toBe('Insufficient funds');
    expect(returnCodeWords('R99')).toBe('Returned by the bank');
  });
});
