import { isDatabaseUnavailable } from './unavailable';
import type { Logger } from '../lib/logger';

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export interface BatchQueueOptions<T, R> {
  /** Writes one batch in one statement; answers one result per item, in order. */
  write(items: readonly T[]): Promise<R[]>;
  logger: Logger;
  /** Names the queue in the warning logged when a batch fails (no item is ever logged). */
  label: string;
  /** Batches written at once (database connections used). */
  concurrency?: number;
  maxBatch?: number;
}

/**
 * Items written in batches that form by themselves (docs/decisions/011-waitlist-batches.md,
 * docs/decisions/044-payments-throughput.md): the items that arrive in one turn of the event loop, or while every
 * writing slot is busy, go together in the next statement. No timer, so a lone item waits for nothing but that turn;
 * under load one statement and one commit carry many. Each caller is answered only once the statement holding its
 * item has committed. A failed batch of several is written again one by one, so one bad item cannot fail its
 * neighbours; with the database away, the batch and everything queued behind it fail at once instead.
 */
export class BatchQueue<T, R> {
  private readonly queue: Waiting<T, R>[] = [];
  private readonly writing = new Set<Promise<void>>();
  private readonly concurrency: number;
  private readonly maxBatch: number;
  private scheduled = false;

  constructor(private readonly options: BatchQueueOptions<T, R>) {
    this.concurrency = options.concurrency ?? 2;
    this.maxBatch = options.maxBatch ?? 200;
  }

  /** Hands in one item; resolves with its result once the statement holding it has committed. */
  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  /** Resolves when every item handed in so far has been written (or has failed). */
  async drain(): Promise<void> {
    while (this.writing.size > 0 || this.queue.length > 0) {
      if (this.writing.size > 0) await Promise.allSettled(this.writing);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Starts batches on the next turn of the event loop rather than at once: the requests whose bytes arrived in this
   * turn join the batch first. With PGlite, which runs each statement synchronously on this thread, it is the only
   * way a batch can form at all.
   */
  private pump() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.writing.size < this.concurrency && this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        const done: Promise<void> = this.write(batch).finally(() => {
          this.writing.delete(done);
          this.pump();
        });
        this.writing.add(done);
      }
    });
  }

  /**
   * The database could not be reached: the batch's callers, and every one queued behind it, fail now. Written next,
   * the queued ones would wait out the pool's connection timeout a second time to learn the same thing.
   */
  private failWaiting(batch: Waiting<T, R>[], error: unknown) {
    for (const waiting of [...batch, ...this.queue.splice(0)]) waiting.reject(error);
  }

  private async write(batch: Waiting<T, R>[]): Promise<void> {
    const { write, logger, label } = this.options;
    try {
      const results = await write(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      // Nothing of a failed statement was committed, so nobody is answered yet.
      if (isDatabaseUnavailable(error)) return this.failWaiting(batch, error);
      if (batch.length === 1) return batch[0]!.reject(error);
      logger.warn({ err: error, size: batch.length }, `${label}: a batch failed; writing its items one by one`);
      for (const [index, waiting] of batch.entries()) {
        try {
          waiting.resolve((await write([waiting.item]))[0]!);
        } catch (single) {
          if (!isDatabaseUnavailable(single)) waiting.reject(single);
          else return this.failWaiting(batch.slice(index), single);
        }
      }
    }
  }
}
