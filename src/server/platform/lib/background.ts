import type { Logger } from './logger';

/**
 * Work started after a reply was sent (mail to a user, for instance). Keeps
 * responses fast and uniform — forgot-password answers alike whether or not it
 * mails someone — while shutdown can still wait for the work to finish.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly logger: Logger) {}

  readonly add = (work: Promise<unknown>): void => {
    const tracked = work.catch((error: unknown) => this.logger.error({ err: error }, 'background task failed')).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  };

  /** Resolves once everything started so far (and anything it started) has finished. */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
