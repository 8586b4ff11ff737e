import { describe, expect, it } from 'vitest';
import { BatchQueue } from './batch-queue';
import { createLogger } from '../lib/logger';

/** Batches that form by themselves (docs/decisions/011-waitlist-batches.md), shared by the waitlist and the webhook. */

const refused = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });

function queue(write: (items: readonly number[]) => Promise<string[]>, options: { concurrency?: number; maxBatch?: number } = {}) {
  const batches: number[][] = [];
  const batchQueue = new BatchQueue<number, string>({
    logger: createLogger('silent'),
    label: 'test',
    ...options,
    write: async (items) => {
      batches.push([...items]);
      return write(items);
    },
  });
  return { batchQueue, batches };
}

describe('BatchQueue', () => {
  it('writes the items handed in during one turn as one batch and answers each its own result', async () => {
    const { batchQueue, batches } = queue(async (items) => items.map((n) => `r${n}`));
    const results = await Promise.all([1, 2, 3].map((n) => batchQueue.push(n)));
    expect(results).toEqual(['r1', 'r2', 'r3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('splits at maxBatch and writes at most `concurrency` batches at once; the rest wait and join the next', async () => {
    let open = 0;
    let most = 0;
    const { batchQueue, batches } = queue(
      async (items) => {
        open += 1;
        most = Math.max(most, open);
        await new Promise((resolve) => setTimeout(resolve, 5));
        open -= 1;
        return items.map(String);
      },
      { concurrency: 2, maxBatch: 3 },
    );
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => batchQueue.push(n)));
    expect(results).toEqual(Array.from({ length: 10 }, (_, n) => String(n)));
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 3, 1]);
    expect(most).toBe(2);
  });

  it('writes a failed batch again one by one, so only the bad item fails', async () => {
    const { batchQueue, batches } = queue(async (items) => {
      if (items.includes(2)) throw new Error('bad item');
      return items.map(String);
    });
    const settled = await Promise.allSettled([1, 2, 3].map((n) => batchQueue.push(n)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('with the database away fails the batch and everything queued behind it at once, writing nothing again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { batchQueue, batches } = queue(
      async () => {
        await gate;
        throw refused;
      },
      { concurrency: 1 },
    );
    const first = [1, 2].map((n) => batchQueue.push(n));
    await new Promise((resolve) => setImmediate(resolve));
    const queued = [3, 4].map((n) => batchQueue.push(n));
    release();
    const settled = await Promise.allSettled([...first, ...queued]);
    expect(settled.every((s) => s.status === 'rejected' && s.reason === refused)).toBe(true);
    expect(batches).toEqual([[1, 2]]);
    await batchQueue.drain();
  });
});
