import { AsyncLocalStorage } from 'node:async_hooks';
import { isDatabaseUnavailable } from '../db/unavailable';

/**
 * better-auth catches some database errors itself and answers with a status of
 * its own: getSession a 500 "failed to get session", sign-up a 422 "failed to
 * create user". The cause is gone from the answer, but better-auth logs it
 * first, through our log bridge. The bridge notes a database outage in the
 * request's watch, and the mount answers 503 instead (src/server/platform/db/unavailable.ts).
 */
const watches = new AsyncLocalStorage<{ outage?: unknown }>();

/** Called with what better-auth logs: remembers the first sign of a database outage for the current request. */
export function noteOutage(args: unknown[]): void {
  const watch = watches.getStore();
  if (watch && watch.outage === undefined) watch.outage = args.find(isDatabaseUnavailable);
}

/** Runs a better-auth request; `outage` is the database error better-auth caught and logged on the way, if any. */
export async function watchForOutage<T>(work: () => Promise<T>): Promise<{ value: T; outage: unknown }> {
  const watch: { outage?: unknown } = {};
  const value = await watches.run(watch, work);
  return { value, outage: watch.outage };
}
