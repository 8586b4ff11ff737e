import { ApiError } from '../../lib/api';
import { applicationApi } from '../../../domain/api/application';
import { isErrorOf } from '../../lib/form-errors';

/**
 * The autosave's rules as a pure state machine (docs/product/application.md#draft):
 * what a change, a due save, a saved answer or a failure does to the state, and what
 * the hook must do about it (show a status, set or clear the timer, send, tell the
 * page the application is stale, save again). No timers, requests or React here:
 * use-autosave.ts wires them; this file decides.
 */

/** What the save state beside the step title shows. */
export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'retrying'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict' };

/** The pause after typing before a save goes out (docs/product/application.md#draft: 800 ms). */
export const SAVE_DELAY_MS = 800;

export interface AutosaveState {
  /** Changes not yet on the server (typed since the last save went out, or a failed save's). */
  dirty: boolean;
  /** A save request is out; the next waits for it. */
  inFlight: boolean;
  /** A failed save waits for its back-off timer; typing meanwhile does not restart it. */
  retrying: boolean;
  /** Failures in a row, for the back-off. */
  attempt: number;
  /** The version the last save answered; the next save sends it. */
  version: number;
  /** A version conflict or a submitted application: nothing more is saved here. */
  stopped: boolean;
  /** The last save succeeded (after a failure, the retry timer decides when to try again). */
  lastOk: boolean;
}

export const initialAutosave = (version: number): AutosaveState => ({
  dirty: false,
  inFlight: false,
  retrying: false,
  attempt: 0,
  version,
  stopped: false,
  lastOk: true,
});

/** How a save failed, as far as the autosave cares. */
export type SaveFailure =
  /** Network, 5xx or 429: the server may take it later; 429 asks for a longer pause. */
  | { kind: 'retry'; message: string; rateLimited: boolean }
  /** Submitted meanwhile (another tab): the page reloads it, read-only. */
  | { kind: 'submitted' }
  /** Saved elsewhere meanwhile: stop, and offer the latest version. */
  | { kind: 'conflict' }
  /** 401 (signed out elsewhere), 400: asking again will not help; the next change tries again. */
  | { kind: 'failed'; message: string };

export function failureOf(error: unknown): SaveFailure {
  if (error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500)) {
    return { kind: 'retry', message: error.message, rateLimited: error.status === 429 };
  }
  if (isErrorOf(applicationApi.save, error, 'application_submitted')) return { kind: 'submitted' };
  if (isErrorOf(applicationApi.save, error, 'version_conflict')) return { kind: 'conflict' };
  return { kind: 'failed', message: error instanceof Error ? error.message : 'The draft could not be saved.' };
}

/** Back-off after the `attempt`-th failure in a row: 2 s, 4 s, … up to 30 s; 15 s after a 429. */
export const retryDelay = (attempt: number, rateLimited: boolean) => (rateLimited ? 15_000 : Math.min(30_000, 1000 * 2 ** attempt));

export type AutosaveEvent =
  /** The user changed something. */
  | { type: 'change'; enabled: boolean }
  /** A save is due (the debounce or retry timer, a flush); only when no request is out. */
  | { type: 'due'; enabled: boolean }
  /** The save answered with the application's new version. */
  | { type: 'saved'; version: number }
  | { type: 'failed'; failure: SaveFailure };

/** What an event leads to: the next state and what the hook must do. */
export interface AutosaveStep {
  state: AutosaveState;
  /** Show this status (absent: leave it). */
  status?: SaveStatus;
  /** Set the timer to call a save after so many ms (replacing any), or clear it. */
  timer?: { dueIn: number } | 'clear';
  /** Send a save now, with the version in `state`. */
  send?: boolean;
  /** The application was submitted elsewhere: the page loads it again. */
  stale?: boolean;
  /** Changes came in while the request was out: save them now. */
  again?: boolean;
}

/** The transition function: every rule of the autosave, one event at a time. */
export function autosaveStep(state: AutosaveState, event: AutosaveEvent): AutosaveStep {
  switch (event.type) {
    case 'change': {
      const next = { ...state, dirty: true };
      // While retrying, the retry timer stays as it is; the change goes with the retry.
      if (next.stopped || !event.enabled || next.retrying) return { state: next };
      return { state: next, status: { kind: 'saving' }, timer: { dueIn: SAVE_DELAY_MS } };
    }
    case 'due': {
      if (state.inFlight) throw new Error('a save is due while another is out: wait for it first');
      if (!state.dirty || state.stopped || !event.enabled) return { state };
      return { state: { ...state, dirty: false, retrying: false, inFlight: true }, status: { kind: 'saving' }, timer: 'clear', send: true };
    }
    case 'saved': {
      const next = { ...state, inFlight: false, version: event.version, attempt: 0, lastOk: true };
      return next.dirty ? { state: next, again: true } : { state: next, status: { kind: 'saved' } };
    }
    case 'failed': {
      const next = { ...state, inFlight: false, lastOk: false, dirty: true };
      const { failure } = event;
      switch (failure.kind) {
        case 'retry': {
          const attempt = next.attempt + 1;
          return {
            state: { ...next, attempt, retrying: true },
            status: { kind: 'retrying', message: failure.message },
            timer: { dueIn: retryDelay(attempt, failure.rateLimited) },
          };
        }
        case 'submitted':
          return { state: { ...next, stopped: true }, stale: true };
        case 'conflict':
          return { state: { ...next, stopped: true }, status: { kind: 'conflict' } };
        case 'failed':
          return { state: next, status: { kind: 'failed', message: failure.message } };
      }
    }
  }
}

/** Everything is on the server, and saving has not stopped (what a flush answers). */
export const allSaved = (state: AutosaveState) => !state.dirty && !state.stopped;

/** Changes to send with keepalive as the page goes away. */
export const unsavedOnLeave = (state: AutosaveState, enabled: boolean) => state.dirty && !state.stopped && enabled;

/** Back on the tab with nothing pending here: worth asking whether another device saved meanwhile. */
export const mayLookElsewhere = (state: AutosaveState, enabled: boolean) => enabled && !state.dirty && !state.inFlight && !state.stopped;

/** The application loaded on return was saved elsewhere, and nothing here has changed since. */
export const changedElsewhere = (state: AutosaveState, version: number) => version !== state.version && !state.dirty && !state.inFlight;
