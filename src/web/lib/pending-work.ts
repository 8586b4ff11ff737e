/**
 * Work that must reach the server before the session ends — the application's
 * unsaved draft (docs/product/application.md#draft: nothing typed is lost by a sign-out). A page registers
 * a flush while it is open; signing out waits for every flush first.
 */
type Flush = () => Promise<unknown>;

const flushes = new Set<Flush>();

export function registerPendingWork(flush: Flush): () => void {
  flushes.add(flush);
  return () => {
    flushes.delete(flush);
  };
}

/** Runs every registered flush; a failure does not stop the others (the caller goes on regardless). */
export async function flushPendingWork(): Promise<void> {
  await Promise.allSettled([...flushes].map((flush) => flush()));
}
