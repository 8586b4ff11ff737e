import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { registerPendingWork } from '../../lib/pending-work';
import { loadApplication, saveApplication, type ApplicationView, type DraftBody } from './application-api';

/** issue 5 'Real behaviour': saved as the user goes, with a visible state. */
export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'retrying'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict' };

/** Debounce of typing (brief: about 800 ms). */
export const SAVE_DELAY_MS = 800;
const retryDelay = (attempt: number, error: ApiError) => (error.status === 429 ? 15_000 : Math.min(30_000, 1000 * 2 ** attempt));
const canRetry = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);

interface Options {
  enabled: boolean;
  initial: Pick<ApplicationView, 'id' | 'version'>;
  /** The whole draft to save now (without version). */
  buildBody: () => DraftBody;
  onSaved: (view: ApplicationView) => void;
  /** The application changed elsewhere (submitted in another tab, edited on another device). */
  onStale: (view?: ApplicationView) => void;
}

/**
 * Saves the draft debounced, and at once on flush (step change, submit, sign-out,
 * tab hidden). One request at a time, each with the version the last one
 * answered; network and server failures retry with back-off, shown as
 * 'Not saved — retrying'; a tab closing sends its last changes with keepalive.
 */
export function useAutosave(options: Options) {
  const [status, setStatus] = useState<SaveStatus>(options.initial.id ? { kind: 'saved' } : { kind: 'idle' });
  const opts = useRef(options);
  useEffect(() => {
    opts.current = options;
  });
  const s = useRef({
    dirty: false,
    timer: 0,
    attempt: 0,
    inFlight: null as Promise<void> | null,
    version: options.initial.version,
    stopped: false,
    retrying: false,
    lastOk: true,
  });

  const run = useCallback(async (): Promise<void> => {
    const state = s.current;
    if (state.inFlight) {
      await state.inFlight;
      return run();
    }
    if (!state.dirty || state.stopped || !opts.current.enabled) return;
    window.clearTimeout(state.timer);
    state.retrying = false;
    state.dirty = false;
    setStatus({ kind: 'saving' });
    const body = { ...opts.current.buildBody(), version: state.version };
    state.inFlight = (async () => {
      try {
        const view = await saveApplication(body);
        state.version = view.version;
        state.attempt = 0;
        state.lastOk = true;
        opts.current.onSaved(view);
        if (!state.dirty) setStatus({ kind: 'saved' });
      } catch (error) {
        state.lastOk = false;
        state.dirty = true;
        if (canRetry(error)) {
          state.attempt += 1;
          state.retrying = true;
          setStatus({ kind: 'retrying', message: (error as ApiError).message });
          state.timer = window.setTimeout(() => void run(), retryDelay(state.attempt, error as ApiError));
        } else if (error instanceof ApiError && error.code === 'application_submitted') {
          state.stopped = true;
          opts.current.onStale();
        } else if (error instanceof ApiError && error.code === 'version_conflict') {
          state.stopped = true;
          setStatus({ kind: 'conflict' });
        } else {
          // 401 (signed out elsewhere), 400: asking again will not help; the next change tries again.
          setStatus({ kind: 'failed', message: error instanceof Error ? error.message : 'The draft could not be saved.' });
        }
      } finally {
        state.inFlight = null;
      }
    })();
    await state.inFlight;
    // Typed while the request was out: save that too (unless now waiting to retry).
    if (state.dirty && state.lastOk) return run();
  }, []);

  /** A change: save after the debounce (while retrying, the retry timer stays as it is). */
  const schedule = useCallback(() => {
    const state = s.current;
    state.dirty = true;
    if (state.stopped || !opts.current.enabled || state.retrying) return;
    window.clearTimeout(state.timer);
    setStatus({ kind: 'saving' });
    state.timer = window.setTimeout(() => void run(), SAVE_DELAY_MS);
  }, [run]);

  /** Save now; resolves true when everything is on the server. `force` saves even without changes. */
  const flush = useCallback(
    async ({ force = false } = {}): Promise<boolean> => {
      const state = s.current;
      if (force && opts.current.enabled) state.dirty = true;
      await run();
      return !state.dirty && !state.stopped;
    },
    [run],
  );

  useEffect(() => {
    const state = s.current;
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => {
      if (!state.dirty || state.stopped || !opts.current.enabled) return;
      void saveApplication({ ...opts.current.buildBody(), version: state.version }, { keepalive: true }).catch(() => {});
    };
    // Back on the tab: pick up what another device saved meanwhile (only when nothing is unsaved here).
    const onShow = () => {
      if (document.visibilityState !== 'visible' || !opts.current.enabled || state.dirty || state.inFlight || state.stopped) return;
      loadApplication()
        .then((view) => {
          if (view.version !== state.version && !state.dirty && !state.inFlight) opts.current.onStale(view);
        })
        .catch(() => {});
    };
    document.addEventListener('visibilitychange', onHide);
    document.addEventListener('visibilitychange', onShow);
    window.addEventListener('pagehide', onPageHide);
    const unregister = registerPendingWork(() => Promise.race([flush(), new Promise((resolve) => setTimeout(resolve, 5000))]));
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      document.removeEventListener('visibilitychange', onShow);
      window.removeEventListener('pagehide', onPageHide);
      unregister();
      window.clearTimeout(state.timer);
      // Leaving the page (another route): the last changes still go out.
      if (state.dirty && !state.stopped && opts.current.enabled) {
        void saveApplication({ ...opts.current.buildBody(), version: state.version }, { keepalive: true }).catch(() => {});
      }
    };
  }, [flush]);

  return { status, schedule, flush };
}
