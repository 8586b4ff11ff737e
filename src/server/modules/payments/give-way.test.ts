import { describe, expect, it } from 'vitest';
import { BURST_GAP_MS, giveWayToBurst, MAX_GIVE_WAY_MS } from './provider-events';

/** A clock whose sleep moves time on, and a webhook that stores an event every `every` ms until `until`. */
function scene({ every, until }: { every: number; until: number }) {
  let now = 1_000_000;
  const start = now;
  const clock = { now: () => now, sleep: async (ms: number) => void (now += ms) };
  const lastStoredAt = () => (now - start >= until ? start + until : now - ((now - start) % every));
  return { clock, lastStoredAt, waited: () => now - start };
}

describe('the applier gives way to a burst of stored events (docs/decisions/044-payments-throughput.md)', () => {
  it('applies at once when no event is arriving', async () => {
    const quiet = scene({ every: 1, until: 0 });
    const before = quiet.clock.now();
    await giveWayToBurst(() => before - 10 * BURST_GAP_MS, quiet.clock);
    expect(quiet.waited()).toBe(0);
  });

  it('waits while events keep arriving, and goes on once they stop', async () => {
    const burst = scene({ every: 2, until: 300 });
    await giveWayToBurst(burst.lastStoredAt, burst.clock);
    expect(burst.waited()).toBeGreaterThanOrEqual(300);
    expect(burst.waited()).toBeLessThanOrEqual(300 + 2 * BURST_GAP_MS);
  });

  it('never waits longer than MAX_GIVE_WAY_MS: a flood that never ends still has its events applied', async () => {
    const flood = scene({ every: 1, until: Number.POSITIVE_INFINITY });
    await giveWayToBurst(flood.lastStoredAt, flood.clock);
    expect(flood.waited()).toBeGreaterThanOrEqual(MAX_GIVE_WAY_MS);
    expect(flood.waited()).toBeLessThan(MAX_GIVE_WAY_MS + 2 * BURST_GAP_MS);
  });
});
