import { pathOf, queryStringOf, type ReplyBody, type RouteContract, type RouteInput } from '../../domain/api/route';
import { api } from './api';

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
