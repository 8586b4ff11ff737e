// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { ApplicationView } from '../../../domain/application';
import { SAVE_DELAY_MS } from './autosave-machine';
import { useAutosave } from './use-autosave';

const saveApplication = vi.fn();
const loadApplication = vi.fn((): Promise<unknown> => new Promise(() => {}));
vi.mock('./application-api', () => ({
  saveApplication: (...args: unknown[]) => saveApplication(...args),
  loadApplication: () => loadApplication(),
}));

/** Sets what document.visibilityState answers and tells the page it changed. */
function showTab(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

const reply = (version: number) => ({ id: 'app-1', version }) as ApplicationView;

function setup(initial = { id: null as string | null, version: 0 }) {
  let body = { personal: { firstName: 'Ada' } };
  const onSaved = vi.fn();
  const onStale = vi.fn();
  const hook = renderHook(() => useAutosave({ enabled: true, initial, buildBody: () => body, onSaved, onStale }));
  return { hook, onSaved, onStale, setBody: (next: typeof body) => (body = next) };
}

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    // Unmount this test's hook (its listeners would hear the next test's tab events); a last keepalive save may go out.
    saveApplication.mockResolvedValue(reply(99));
    cleanup();
    vi.useRealTimers();
    saveApplication.mockReset();
    loadApplication.mockReset();
    loadApplication.mockImplementation(() => new Promise(() => {}));
    showTab('visible');
  });

  it('debounces typing into one save, sent with the version it knows', async () => {
    saveApplication.mockResolvedValueOnce(reply(1));
    const { hook, onSaved } = setup();
    expect(hook.result.current.status.kind).toBe('idle');
    act(() => {
      hook.result.current.schedule();
      hook.result.current.schedule();
    });
    expect(hook.result.current.status.kind).toBe('saving');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS));
    expect(saveApplication).toHaveBeenCalledTimes(1);
    expect(saveApplication.mock.calls[0][0]).toEqual({ personal: { firstName: 'Ada' }, version: 0 });
    expect(onSaved).toHaveBeenCalledWith(reply(1));
    expect(hook.result.current.status.kind).toBe('saved');
  });

  it('saves a change typed during a request right after it, with the new version', async () => {
    let finish!: (view: ApplicationView) => void;
    saveApplication.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve))).mockResolvedValueOnce(reply(2));
    const { hook, setBody } = setup();
    act(() => hook.result.current.schedule());
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS));
    setBody({ personal: { firstName: 'Grace' } });
    act(() => hook.result.current.schedule());
    const flushed = act(() => hook.result.current.flush());
    finish(reply(1));
    await flushed;
    expect(saveApplication).toHaveBeenCalledTimes(2);
    expect(saveApplication.mock.calls[1][0]).toEqual({ personal: { firstName: 'Grace' }, version: 1 });
    expect(hook.result.current.status.kind).toBe('saved');
  });

  it("shows 'retrying' after a network failure and retries by itself", async () => {
    saveApplication.mockRejectedValueOnce(new ApiError(0, 'network_error', 'offline')).mockResolvedValueOnce(reply(1));
    const { hook } = setup();
    act(() => hook.result.current.schedule());
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS));
    expect(hook.result.current.status).toEqual({ kind: 'retrying', message: 'offline' });
    // Typing meanwhile does not restart the back-off.
    act(() => hook.result.current.schedule());
    expect(hook.result.current.status.kind).toBe('retrying');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(saveApplication).toHaveBeenCalledTimes(2);
    expect(hook.result.current.status.kind).toBe('saved');
  });

  it('stops on a version conflict and reports a submitted application as stale', async () => {
    saveApplication.mockRejectedValueOnce(new ApiError(409, 'version_conflict', 'changed elsewhere'));
    const first = setup({ id: 'app-1', version: 3 });
    expect(first.hook.result.current.status.kind).toBe('saved');
    await act(() => first.hook.result.current.flush({ force: true }));
    expect(first.hook.result.current.status.kind).toBe('conflict');
    act(() => first.hook.result.current.schedule());
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2));
    expect(saveApplication).toHaveBeenCalledTimes(1);

    saveApplication.mockRejectedValueOnce(new ApiError(409, 'application_submitted', 'submitted'));
    const second = setup({ id: 'app-1', version: 3 });
    const ok = await act(() => second.hook.result.current.flush({ force: true }));
    expect(ok).toBe(false);
    expect(second.onStale).toHaveBeenCalled();
  });
  it('sends unsaved changes with keepalive when the page goes away, and nothing when all is saved', async () => {
    saveApplication.mockResolvedValue(reply(1));
    const { hook } = setup();
    act(() => hook.result.current.schedule());
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(saveApplication).toHaveBeenCalledWith({ personal: { firstName: 'Ada' }, version: 0 }, { keepalive: true });
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS));
    saveApplication.mockClear();
    // Saved: leaving the page (another route) sends nothing more.
    hook.unmount();
    expect(saveApplication).not.toHaveBeenCalled();
  });

  it('saves at once when the tab is hidden, and on return asks whether another device saved meanwhile', async () => {
    saveApplication.mockResolvedValueOnce(reply(4));
    const { hook, onStale } = setup({ id: 'app-1', version: 3 });
    act(() => hook.result.current.schedule());
    await act(async () => showTab('hidden'));
    expect(saveApplication).toHaveBeenCalledTimes(1);
    expect(hook.result.current.status.kind).toBe('saved');

    loadApplication.mockResolvedValueOnce(reply(4));
    await act(async () => showTab('visible'));
    expect(onStale).not.toHaveBeenCalled();
    loadApplication.mockResolvedValueOnce(reply(6));
    await act(async () => showTab('visible'));
    expect(onStale).toHaveBeenCalledWith(reply(6));
  });

  it("waits 15 s after a 429, and shows 'failed' for a refusal until the next change saves", async () => {
    saveApplication
      .mockRejectedValueOnce(new ApiError(429, 'rate_limited', 'Too many saves'))
      .mockRejectedValueOnce(new ApiError(401, 'unauthenticated', 'Please sign in'))
      .mockResolvedValueOnce(reply(1));
    const { hook } = setup();
    act(() => hook.result.current.schedule());
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS));
    expect(hook.result.current.status).toEqual({ kind: 'retrying', message: 'Too many saves' });
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    expect(saveApplication).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(saveApplication).toHaveBeenCalledTimes(2);
    expect(hook.result.current.status).toEqual({ kind: 'failed', message: 'Please sign in' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(saveApplication).toHaveBeenCalledTimes(2);
    act(() => hook.result.current.schedule());
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS));
    expect(saveApplication).toHaveBeenCalledTimes(3);
    expect(hook.result.current.status.kind).toBe('saved');
  });
});
