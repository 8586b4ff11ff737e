import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  allSaved,
  autosaveStep,
  changedElsewhere,
  failureOf,
  initialAutosave,
  mayLookElsewhere,
  retryDelay,
  SAVE_DELAY_MS,
  unsavedOnLeave,
  type AutosaveEvent,
  type AutosaveState,
} from './autosave-machine';

/** Runs events from `state`, answering the last step. */
function run(state: AutosaveState, ...events: AutosaveEvent[]) {
  let step = { state };
  for (const event of events) step = autosaveStep(step.state, event);
  return step as ReturnType<typeof autosaveStep>;
}

const on = { enabled: true };
const offline = { kind: 'retry', message: 'offline', rateLimited: false } as const;

describe('autosave machine', () => {
  it('a change marks the draft unsaved and sets the debounce; a due save sends it once and clears the timer', () => {
    const changed = run(initialAutosave(3), { type: 'change', ...on });
    expect(changed).toEqual({ state: expect.objectContaining({ dirty: true }), status: { kind: 'saving' }, timer: { dueIn: SAVE_DELAY_MS } });
    const due = run(changed.state, { type: 'due', ...on });
    expect(due).toMatchObject({ send: true, timer: 'clear', status: { kind: 'saving' }, state: { dirty: false, inFlight: true, version: 3 } });
    // Nothing unsaved: a due save sends nothing.
    expect(run(initialAutosave(3), { type: 'due', ...on }).send).toBeUndefined();
  });

  it("takes the answer's version, says 'Saved', and saves again what was typed while the request was out", () => {
    const out = run(initialAutosave(0), { type: 'change', ...on }, { type: 'due', ...on });
    expect(run(out.state, { type: 'saved', version: 1 })).toEqual({
      state: expect.objectContaining({ version: 1, inFlight: false, dirty: false }),
      status: { kind: 'saved' },
    });
    const typedMeanwhile = run(out.state, { type: 'change', ...on }, { type: 'saved', version: 1 });
    expect(typedMeanwhile).toMatchObject({ again: true, state: { version: 1, dirty: true } });
    expect(typedMeanwhile.status).toBeUndefined();
  });

  it('backs off after network and server failures (2 s, 4 s … 30 s; 15 s after a 429); typing meanwhile keeps the timer', () => {
    const out = run(initialAutosave(0), { type: 'change', ...on }, { type: 'due', ...on });
    const first = run(out.state, { type: 'failed', failure: offline });
    expect(first).toMatchObject({
      status: { kind: 'retrying', message: 'offline' },
      timer: { dueIn: 2000 },
      state: { retrying: true, dirty: true, attempt: 1 },
    });
    expect(run(first.state, { type: 'change', ...on })).toEqual({ state: expect.objectContaining({ dirty: true, retrying: true }) });
    const second = run(first.state, { type: 'due', ...on }, { type: 'failed', failure: offline });
    expect(second.timer).toEqual({ dueIn: 4000 });
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, false))).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    expect(retryDelay(1, true)).toBe(15_000);
    // A success resets the count.
    expect(run(second.state, { type: 'due', ...on }, { type: 'saved', version: 1 }).state).toMatchObject({ attempt: 0, retrying: false, lastOk: true });
  });

  it('stops for good on a conflict or a submitted application; a refusal waits for the next change', () => {
    const out = run(initialAutosave(0), { type: 'change', ...on }, { type: 'due', ...on });
    const conflict = run(out.state, { type: 'failed', failure: { kind: 'conflict' } });
    expect(conflict).toMatchObject({ status: { kind: 'conflict' }, state: { stopped: true } });
    expect(run(conflict.state, { type: 'change', ...on }).timer).toBeUndefined();
    expect(run(conflict.state, { type: 'due', ...on }).send).toBeUndefined();
    expect(allSaved(conflict.state)).toBe(false);

    const submitted = run(out.state, { type: 'failed', failure: { kind: 'submitted' } });
    expect(submitted).toMatchObject({ stale: true, state: { stopped: true } });
    expect(submitted.status).toBeUndefined();

    const refused = run(out.state, { type: 'failed', failure: { kind: 'failed', message: 'Please sign in' } });
    expect(refused).toMatchObject({ status: { kind: 'failed', message: 'Please sign in' }, state: { dirty: true, stopped: false, retrying: false } });
    expect(refused.timer).toBeUndefined();
    expect(run(refused.state, { type: 'change', ...on }).timer).toEqual({ dueIn: SAVE_DELAY_MS });
  });

  it('does nothing while disabled (a submitted application is read-only)', () => {
    const off = { enabled: false };
    const changed = run(initialAutosave(0), { type: 'change', ...off });
    expect(changed).toEqual({ state: expect.objectContaining({ dirty: true }) });
    expect(run(changed.state, { type: 'due', ...off }).send).toBeUndefined();
    expect(unsavedOnLeave(changed.state, false)).toBe(false);
  });

  it('refuses a due save while one is out (the hook waits for it first)', () => {
    const out = run(initialAutosave(0), { type: 'change', ...on }, { type: 'due', ...on });
    expect(() => autosaveStep(out.state, { type: 'due', ...on })).toThrow();
  });

  it('answers the questions of leaving and coming back', () => {
    const clean = initialAutosave(2);
    const dirty = run(clean, { type: 'change', ...on }).state;
    expect(unsavedOnLeave(clean, true)).toBe(false);
    expect(unsavedOnLeave(dirty, true)).toBe(true);
    expect(mayLookElsewhere(clean, true)).toBe(true);
    expect(mayLookElsewhere(dirty, true)).toBe(false);
    expect(changedElsewhere(clean, 2)).toBe(false);
    expect(changedElsewhere(clean, 5)).toBe(true);
    expect(changedElsewhere(dirty, 5)).toBe(false);
  });

  it('reads a failure from the API error', () => {
    expect(failureOf(new ApiError(0, 'network_error', 'offline'))).toEqual(offline);
    expect(failureOf(new ApiError(503, 'database_unavailable', 'later'))).toMatchObject({ kind: 'retry', rateLimited: false });
    expect(failureOf(new ApiError(429, 'rate_limited', 'slow down'))).toMatchObject({ kind: 'retry', rateLimited: true });
    expect(failureOf(new ApiError(409, 'application_submitted', 'submitted'))).toEqual({ kind: 'submitted' });
    expect(failureOf(new ApiError(409, 'version_conflict', 'changed'))).toEqual({ kind: 'conflict' });
    expect(failureOf(new ApiError(401, 'unauthenticated', 'Please sign in'))).toEqual({ kind: 'failed', message: 'Please sign in' });
    expect(failureOf('?')).toEqual({ kind: 'failed', message: 'The draft could not be saved.' });
  });
});
