// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDocument } from '../../../domain/application';
import { useDocumentUploads } from './use-document-uploads';

/** The upload under test: the test reports its progress and settles it, as XMLHttpRequest would. */
let progress: (fraction: number) => void = () => {};
let signal: AbortSignal | undefined;
let settle: { resolve: (doc: ApplicationDocument) => void; reject: (error: unknown) => void } | undefined;
vi.mock('../../lib/call-api', () => ({
  uploadWithProgress: (_call: unknown, _input: unknown, onProgress: (fraction: number) => void, abortSignal: AbortSignal) => {
    progress = onProgress;
    signal = abortSignal;
    return new Promise<ApplicationDocument>((resolve, reject) => {
      settle = { resolve, reject };
      abortSignal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  },
}));
vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

afterEach(cleanup);

const pdf = () => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'passport.pdf', { type: 'application/pdf' });
const storedDoc = { id: 'doc-1', type: 'governmentId', originalName: 'passport.pdf' } as unknown as ApplicationDocument;

/** A Government ID upload under way, `fraction` of it sent. */
function startUpload(fraction: number) {
  const onStored = vi.fn();
  const { result } = renderHook(() => useDocumentUploads(onStored));
  let done: Promise<void> = Promise.resolve();
  act(() => {
    done = result.current.start('governmentId', pdf());
  });
  act(() => progress(fraction));
  expect(result.current.uploads.governmentId?.fraction).toBe(fraction);
  return { result, onStored, done };
}

describe('useDocumentUploads: Cancel (docs/product/application.md#documents)', () => {
  it('stops an upload still sending: nothing stored, the card says it was canceled', async () => {
    const { result, onStored, done } = startUpload(0.4);
    await act(async () => {
      result.current.cancel('governmentId');
      await done;
    });
    expect(signal?.aborted).toBe(true);
    expect(onStored).not.toHaveBeenCalled();
    expect(result.current.outcomes.governmentId).toEqual({ kind: 'cancelled', fileName: 'passport.pdf' });
  });

  it('once every byte is sent, Cancel calls nothing back: the server stores the file and the card shows it', async () => {
    const { result, onStored, done } = startUpload(1);
    act(() => result.current.cancel('governmentId'));
    expect(signal?.aborted).toBe(false);
    await act(async () => {
      settle?.resolve(storedDoc);
      await done;
    });
    expect(onStored).toHaveBeenCalledWith(storedDoc);
    expect(result.current.outcomes.governmentId).toEqual({ kind: 'stored', id: 'doc-1' });
  });
});
