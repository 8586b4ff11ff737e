import type { ErrorCode } from '../../domain/api/error-codes';
import { pathOf, queryStringOf, type ReplyBody, type RouteContract, type RouteInput } from '../../domain/api/route';
import { api, ApiError } from './api';

/** A multipart body: the text fields (empty ones left out), then the file in its `file` part. */
function formDataOf(fields: Record<string, unknown>, file?: Blob & { name?: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    data.append(name, String(value));
  }
  if (file) data.append('file', file, file.name ?? 'file');
  return data;
}

/**
 * Calls a route declared in src/domain/api: the URL from its path and parameters, the
 * query string, and the JSON body — or, for an upload, the form's fields and file as
 * multipart/form-data — from the input, the answer typed by the route's own response
 * schema (docs/decisions/017-route-contracts.md). Errors are `ApiError`s with the
 * server's code and field messages, as from `api()`.
 */
export function callApi<C extends RouteContract>(
  contract: C,
  input: RouteInput<C>,
  init: { signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<ReplyBody<C>> {
  const { params, query, body, form, file } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    form?: Record<string, unknown>;
    file?: Blob & { name?: string };
  };
  const url = `${pathOf(contract.path, params)}${queryStringOf(query)}`;
  const payload = contract.form ? formDataOf(form ?? {}, file) : body;
  return api<ReplyBody<C>>(url, { method: contract.method.toUpperCase(), body: payload, signal: init.signal, keepalive: init.keepalive });
}

/** The address of a route's file or export (a download link): path, parameters and query. */
export function hrefOf<C extends RouteContract>(contract: C, input: Pick<RouteInput<C>, 'params' | 'query'>): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return `${pathOf(contract.path, params)}${queryStringOf(query)}`;
}

/**
 * An upload route called like callApi, reporting how much of the body has been sent
 * (`onProgress`, 0–1) for a progress bar: fetch cannot tell, XMLHttpRequest can. The
 * same errors as callApi: ApiError with the server's code and field messages; an
 * aborted `signal` stops the upload and rejects with an AbortError.
 */
export function uploadWithProgress<C extends RouteContract>(
  contract: C,
  input: RouteInput<C>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ReplyBody<C>> {
  const { params, query, form, file } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    form?: Record<string, unknown>;
    file?: Blob & { name?: string };
  };
  const url = `${pathOf(contract.path, params)}${queryStringOf(query)}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(contract.method.toUpperCase(), url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'We could not reach the server. Check your connection and try again.'));
    // Cancelled (a Cancel button): rejects with an AbortError, as fetch does.
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } & Record<string, unknown> } | undefined)?.error;
        const { code, message, fields, ...details } = error ?? {};
        reject(new ApiError(xhr.status, (code ?? 'http_error') as ErrorCode, message ?? `The server answered ${xhr.status}.`, fields, details));
        return;
      }
      if (data === undefined) reject(new ApiError(xhr.status, 'invalid_reply', 'The server sent an unreadable reply.'));
      else resolve(data as ReplyBody<C>);
    };
    xhr.send(formDataOf(form ?? {}, file));
  });
}
