// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDocument } from '../../../domain/application';
import { ApiError } from '../../lib/api';
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

describe('useDocumentUploads: a refusal stays on its card (docs/product/application.md#documents)', () => {
  it("keeps the file's name and the server's reason until the next upload of the type starts", async () => {
    const { result, done } = startUpload(0.5);
    await act(async () => {
      settle?.reject(new ApiError(409, 'too_many_files', 'You can add at most 10 files of one kind. Remove one to add another.'));
      await done;
    });
    expect(result.current.outcomes.governmentId).toEqual({
      kind: 'failed',
      fileName: 'passport.pdf',
      reason: 'You can add at most 10 files of one kind. Remove one to add another.',
    });
    // Another type's upload leaves it alone; the next of this type clears it.
    act(() => void result.current.start('paystubs', pdf()));
    expect(result.current.outcomes.governmentId?.kind).toBe('failed');
    act(() => void result.current.start('governmentId', pdf()));
    expect(result.current.outcomes.governmentId).toBeUndefined();
  });

  it('says why a picked file is refused before it is sent: its type', async () => {
    const onStored = vi.fn();
    const { result } = renderHook(() => useDocumentUploads(onStored));
    await act(() => result.current.start('bankStatements', new File(['notes'], 'notes.txt', { type: 'text/plain' })));
    expect(result.current.outcomes.bankStatements).toEqual({ kind: 'failed', fileName: 'notes.txt', reason: 'Please upload PDF, JPG, or PNG files only.' });
  });
});

describe('useDocumentUploads: several files of one pick', () => {
  it("sends them one after another; a refused one is listed with its reason until the type's next pick", async () => {
    const onStored = vi.fn();
    const { result } = renderHook(() => useDocumentUploads(onStored));
    const notes = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.start('governmentId', [notes, pdf()]);
    });
    // The text file is refused in the browser; the PDF goes on.
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.uploads.governmentId?.fileName).toBe('passport.pdf');
    await act(async () => {
      settle?.resolve(storedDoc);
      await done;
    });
    expect(onStored).toHaveBeenCalledWith(storedDoc);
    expect(result.current.refusals.governmentId).toEqual([{ fileName: 'notes.txt', reason: 'Please upload PDF, JPG, or PNG files only.' }]);
    // A new pick starts a clean list; another pick of the type while it is under way is ignored.
    act(() => void result.current.start('governmentId', [pdf()]));
    expect(result.current.refusals.governmentId).toEqual([]);
    act(() => void result.current.start('governmentId', [notes]));
    expect(result.current.refusals.governmentId).toEqual([]);
  });
});
