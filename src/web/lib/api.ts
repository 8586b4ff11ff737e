import type { ErrorCode } from '../../domain/api/error-codes';
/** The one API client: JSON in, JSON out, errors as ApiError with the server's code and fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** What an error code carries beyond its fields (e.g. `steps` of application_incomplete). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface ApiInit {
  method?: string;
  /** JSON-encoded, except FormData (a multipart upload), which is sent as it is. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a last save while the tab closes). */
  keepalive?: boolean;
}

export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { body } = init;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: body === undefined || isForm ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: init.signal,
      keepalive: init.keepalive,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'We could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } & Record<string, unknown> } | undefined)?.error;
    const { code, message, fields, ...details } = error ?? {};
    throw new ApiError(response.status, (code ?? 'http_error') as ErrorCode, message ?? `The server answered ${response.status}.`, fields, details);
  }
  if (data === undefined) throw new ApiError(response.status, 'invalid_reply', 'The server sent an unreadable reply.');
  return data as T;
}
