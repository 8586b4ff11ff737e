import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationApi, documentsApi } from '../../domain/api/application';
import { callApi, hrefOf, uploadWithProgress } from './call-api';

const answered = (body: unknown) => vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status: 200 }));

describe('callApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends an upload as multipart/form-data: the query in the URL, the file in its `file` part', async () => {
    const fetch = answered({ id: 'doc-1' });
    vi.stubGlobal('fetch', fetch);
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'scan.pdf', { type: 'application/pdf' });
    await callApi(applicationApi.uploadDocument, { query: { type: 'paystubs' }, form: {}, file });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/application/documents?type=paystubs');
    expect(init.method).toBe('POST');
    // No JSON content type: the browser sets multipart/form-data with its boundary.
    expect(init.headers).toBeUndefined();
    const sent = init.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect([...sent.keys()]).toEqual(['file']);
    expect((sent.get('file') as File).name).toBe('scan.pdf');
  });

  it('sends a JSON body, and fills in path parameters', async () => {
    const fetch = answered({ ok: true });
    vi.stubGlobal('fetch', fetch);
    await callApi(applicationApi.save, { body: { personal: { firstName: 'Ada' }, version: 2 } });
    expect(fetch.mock.calls[0][0]).toBe('/api/application');
    expect(fetch.mock.calls[0][1]).toMatchObject({ method: 'PUT', body: JSON.stringify({ personal: { firstName: 'Ada' }, version: 2 }) });
    await callApi(documentsApi.delete, { params: { id: 'a b' } });
    expect(fetch.mock.calls[1][0]).toBe('/api/documents/a%20b');
    expect(hrefOf(documentsApi.download, { params: { id: 'x' } })).toBe('/api/documents/x');
  });
});

/** Just enough of XMLHttpRequest for uploadWithProgress: it records what is sent, and the test drives the events. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  withCredentials = false;
  sent = false;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  send() {
    this.sent = true;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

describe('uploadWithProgress', () => {
  afterEach(() => vi.unstubAllGlobals());
  const file = () => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'scan.pdf', { type: 'application/pdf' });

  it('reports the share of the body sent, and answers the reply', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const reply = uploadWithProgress(applicationApi.uploadDocument, { query: { type: 'paystubs' }, form: {}, file: file() }, (f) => progress.push(f));
    FakeXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    FakeXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    Object.assign(FakeXhr.last, { status: 201, responseText: JSON.stringify({ id: 'doc-1' }) });
    FakeXhr.last.onload?.();
    await expect(reply).resolves.toEqual({ id: 'doc-1' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('stops the upload when its signal is aborted (Cancel) and rejects with an AbortError', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const reply = uploadWithProgress(applicationApi.uploadDocument, { query: { type: 'paystubs' }, form: {}, file: file() }, () => {}, controller.signal);
    expect(FakeXhr.last.sent).toBe(true);
    controller.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends nothing when the signal was aborted already', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    controller.abort();
    const reply = uploadWithProgress(applicationApi.uploadDocument, { query: { type: 'paystubs' }, form: {}, file: file() }, () => {}, controller.signal);
    await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last.sent).toBe(false);
  });
});
