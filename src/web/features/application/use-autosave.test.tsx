// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { ApplicationView } from './application-api';
import { SAVE_DELAY_MS, useAutosave } from './use-autosave';

const saveApplication = vi.fn();
vi.mock('./application-api', () => ({
  saveApplication: (...args: unknown[]) => saveApplication(...args),
  loadApplication: vi.fn(() => new Promise(() => {})),
}));

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
    vi.useRealTimers();
    saveApplication.mockReset();
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
});
