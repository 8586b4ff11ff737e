import type { z } from 'zod';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { errorFacts } from '../lib/error-facts';

/**
 * The job queue's write side (docs/decisions/020-job-runner.md): a kind of job is
 * declared once with the schema of its payload; anything that wants work done
 * later enqueues it in its own transaction, so a state change and its job commit
 * together or not at all. The runner (runner.ts) runs what is due.
 */

/** A kind of job: its name and the schema its payload must pass, when enqueued and again before it runs. */
export interface JobKind<S extends z.ZodType = z.ZodType> {
  kind: string;
  payload: S;
  /** Runs before it is kept as failed (default 5). */
  maxAttempts?: number;
}

/** Declares a kind of job; importable anywhere (no handler, no dependencies), e.g. to enqueue it. */
export function jobKind<S extends z.ZodType>(kind: string, payload: S, options: { maxAttempts?: number } = {}): JobKind<S> {
  return { kind, payload, ...options };
}

/** The database, or a transaction of it. */
export type JobExecutor = Pick<Db, 'insert'>;

export interface EnqueueOptions {
  /** Not before this time (default now). */
  runAt?: Date;
  /**
   * Names the logical job: while a job with this key is stored (not yet done, failed, or done and not yet
   * pruned), enqueueing it again does nothing. E.g. 'reminder:draft:<id>:24h'.
   */
  uniqueKey?: string;
  /** Overrides the kind's maxAttempts. */
  maxAttempts?: number;
}

/**
 * Queues a job — pass the caller's transaction so it commits with the change it
 * belongs to. Answers the new job's id, or undefined when a job with the same
 * uniqueKey is already stored. A payload its kind's schema refuses throws: that is
 * a bug in the caller, not a job to keep.
 */
export async function enqueue<S extends z.ZodType>(
  db: JobExecutor,
  kind: JobKind<S>,
  payload: z.input<S>,
  options: EnqueueOptions = {},
): Promise<string | undefined> {
  const parsed = kind.payload.parse(payload);
  const rows = await db
    .insert(jobs)
    .values({
      kind: kind.kind,
      payload: parsed ?? {},
      ...(options.runAt ? { runAt: options.runAt } : {}),
      uniqueKey: options.uniqueKey ?? null,
      maxAttempts: options.maxAttempts ?? kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return rows[0]?.id;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

const MAX_ERROR_LENGTH = 500;

/**
 * What a job keeps of the error that stopped it: the class, the code and a message
 * with every value cut out (src/server/platform/lib/error-facts.ts) — an SMTP refusal or a
 * failed statement would otherwise store the addresses and values it was about.
 */
export function jobErrorText(error: unknown): string {
  const facts = errorFacts(error);
  const code = facts.code ?? (facts.status ? String(facts.status) : undefined);
  const text = `${facts.type}${code ? ` ${code}` : ''}${facts.message ? `: ${facts.message}` : ''}`;
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
