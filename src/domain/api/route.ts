import { z } from 'zod';
import { safeString } from '../safe-text';
import type { CommonErrorCode, RouteErrorCode } from './error-codes';

/**
 * One declaration per API route (docs/decisions/017-route-contracts.md): its method,
 * path, who may call it, what it reads (path parameters, query, JSON body, or the
 * fields of a streamed multipart form) and what it answers, as zod schemas. The
 * server registers and validates the route from it (src/server/platform/http/route.ts), the
 * OpenAPI document is generated from it, and the web client calls it and infers its
 * types from it (src/web/lib/call-api.ts). Pure data: no I/O, shared by both sides.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route; the server's guards enforce it, the document states it. `homeowner`: the
 * homeowner rank (src/domain/roles.ts), which follows a home; an admin passes too.
 */
export type Access = 'public' | 'user' | 'homeowner' | 'admin';

/** The type of a file answered as it is stored (a CSV export, a PDF, a document). */
export type FileType = 'text/csv' | 'application/pdf' | 'image/jpeg' | 'image/png' | 'application/octet-stream';

/** A success answer: JSON described by `schema`, or a file (`contentType`) without one. */
export interface Reply {
  description: string;
  schema?: z.ZodType;
  /** Default `application/json`; files and exports name their type, or the types one of them can have. */
  contentType?: 'application/json' | FileType | readonly FileType[];
}

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface RouteContract {
  method: Method;
  /** The full path in OpenAPI style: `/api/admin/users/{id}`. */
  path: string;
  access: Access;
  summary: string;
  params?: AnyObject;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /**
   * The text fields of a `multipart/form-data` body with a `file` part. Documented and
   * typed here; the route streams the body itself (uploads are never buffered whole)
   * and validates these fields with this schema.
   */
  form?: AnyObject;
  /**
   * RFC 8058 one-click unsubscribe: a mail client POSTs a form body from no page of ours. Its origin
   * and body type are checked by the API's one-click rule (src/server/platform/http/same-origin.ts),
   * not as JSON; the body is ignored.
   */
  oneClick?: true;
  /** Success answers by status (202: accepted, nothing changed yet; 302: a redirect, answered as a Response); errors are the API's one shape and are added to the document. */
  responses: Partial<Record<200 | 201 | 202 | 302, Reply>>;
  /** Error statuses beyond those implied by the access and the inputs (401/403, 400, 404). */
  errors?: readonly (400 | 404 | 409 | 413 | 415 | 422 | 429 | 503)[];
  /** The error codes of this route's own rules (src/domain/api/error-codes.ts); any route may answer the common ones. */
  codes?: readonly RouteErrorCode[];
}

/** The codes a route can answer: the common ones and those its contract declares. */
export type ErrorCodeOf<C extends RouteContract> = CommonErrorCode | (C['codes'] extends readonly (infer K)[] ? K : never);

/** Declares a route; an identity function that keeps the literal types for inference. */
export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;

/** The status of a route's success answer: 201 or 202 when it declares one, otherwise 200. */
export type SuccessStatus<C extends RouteContract> = C['responses'] extends { 201: Reply } ? 201 : C['responses'] extends { 202: Reply } ? 202 : 200;

type ReplyOf<C extends RouteContract> = NonNullable<C['responses'][SuccessStatus<C>]>;

/** What a route answers on success, as the client receives it. */
export type ReplyBody<C extends RouteContract> = ReplyOf<C> extends { schema: infer S extends z.ZodType } ? z.output<S> : never;

/** What a caller passes: the inputs the route declares, as their schemas accept them. */
export type RouteInput<C extends RouteContract> = (C['params'] extends AnyObject ? { params: z.input<C['params']> } : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: Partial<z.input<C['query']>> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: z.input<C['body']> } : { body?: undefined }) &
  // A multipart upload: its text fields, and the file sent in its `file` part.
  (C['form'] extends AnyObject ? { form: z.input<C['form']>; file?: Blob & { name?: string } } : { form?: undefined; file?: undefined });

/** `/api/admin/users/{id}` with `{ id }` filled in, each value URL-encoded. */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string from a flat object: empty and undefined values left out; `?` included when not empty. */
export function queryStringOf(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The one answer to a successful delete (and to other commands with nothing to return): 200 `{ ok: true }`. */
export const okSchema = z.object({ ok: z.literal(true) });

/** The path parameter of a record addressed by its UUID; a malformed id is a 404 like an unknown one (src/server/platform/http/route.ts). */
export const idParamsSchema = z.object({ id: safeString().uuid() });
