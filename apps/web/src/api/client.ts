import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../../http/app.js';

/** Where the API is mounted on this origin. */
export const API_BASE = '/api';

/**
 * The typed API client: paths, request bodies and answers come from the server's own routes
 * (AppType), so a route or body the server does not have fails to compile. Every call sends the
 * session cookie. Call it through `call()`, which turns a non-OK answer into an ApiError.
 */
export const api = hc<AppType>(API_BASE, { init: { credentials: 'include' } });

/**
 * A route's path as the typed client's `$path()` gives it: relative to API_BASE ('/admin/staff').
 * A path that already starts with '/api' is refused by the type checker: written by hand, it would
 * be asked as '/api/api/…' (a 404 that once hid the side panel's "Reassign to").
 */
export type RoutePath<P extends string> = P extends typeof API_BASE | `${typeof API_BASE}/${string}` | `${typeof API_BASE}?${string}` ? never : P;

/**
 * The API path of a typed route: `apiPath(api.applications[':id'].$path({ param: { id: '7' } }))` is
 * '/api/applications/7'. Take the path from the typed client, never write it by hand; a path that
 * starts with '/api' already throws here as well as failing to compile.
 */
export function apiPath<P extends string>(routePath: RoutePath<P>): string {
  if (/^\/api([/?]|$)/.test(routePath)) throw new Error(`apiPath takes a route's $path() (relative to ${API_BASE}), not ${routePath}`);
  return `${API_BASE}${routePath}`;
}

/**
 * A non-OK answer. Its message is `${status}: ${text}` — the response text, or the status text
 * when the body is empty (docs/product.md §7.1); `serverMessage` and `serverFieldErrors` dig the API's
 * `{ message, errors }` out of it.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

async function throwIfNotOk(res: { ok: boolean; status: number; statusText: string; text(): Promise<string> }): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }
}

/** What a typed call answers when it succeeds: the JSON of its success statuses. */
export type SuccessBody<R> = R extends ClientResponse<infer T, infer S, infer F> ? (S extends SuccessStatusCode ? (F extends 'json' ? T : undefined) : never) : never;

/**
 * Runs a typed request (`call(api.applications.$get())`) and answers its success body, typed from
 * the route; a non-OK answer throws an ApiError. An empty body answers undefined.
 */
export async function call<R extends { ok: boolean; status: number; statusText: string; text(): Promise<string> }>(request: Promise<R>): Promise<SuccessBody<R>> {
  const res = await request;
  await throwIfNotOk(res);
  const text = await res.text();
  // The one place the answer's type is taken on trust: it is the route's own c.json type.
  return (text ? JSON.parse(text) : undefined) as SuccessBody<R>;
}

/** Runs a typed request whose answer is not read: only a non-OK answer matters (an ApiError). */
export async function send(request: Promise<{ ok: boolean; status: number; statusText: string; text(): Promise<string> }>): Promise<void> {
  await throwIfNotOk(await request);
}

/**
 * The default query of docs/product.md §7.8: a GET of the path the query is keyed by. Untyped by nature (the path is
 * data); every query of this app names its typed queryFn, this only answers a bare key.
 */
export async function getPath(path: string): Promise<unknown> {
  const res = await fetch(path, { credentials: 'include' });
  await throwIfNotOk(res);
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** The server's own message, if the error carries one (JSON `{ message }` or plain text). */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const body = error.body.trim();
    if (!body) return undefined;
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
        return parsed.message;
      }
      return undefined;
    } catch {
      return body.startsWith('<') ? undefined : body;
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/**
 * The fields a validation answer (400 `{ message, errors: { field: [messages] } }`) refused, each
 * with its first message. Form-level messages (`_form`) are left to the toast.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof ApiError)) return fields;
  let errors: unknown;
  try {
    const parsed: unknown = JSON.parse(error.body);
    errors = parsed && typeof parsed === 'object' && 'errors' in parsed ? parsed.errors : undefined;
  } catch {
    return fields;
  }
  if (!errors || typeof errors !== 'object') return fields;
  for (const [field, messages] of Object.entries(errors)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
    if (field !== '_form' && typeof first === 'string' && first) fields[field] = first;
  }
  return fields;
}

/** Upload steps shown to the applicant (docs/product.md §5.6): 25, 50, 75, 100 percent. */
export type UploadProgress = 0 | 25 | 50 | 75 | 100;

/**
 * A multipart upload with progress reported in 25 % steps. XHR (not fetch) because only XHR
 * reports upload progress in browsers. Error bodies are read as plain text (docs/product.md §7.1). `T` is the
 * upload route's typed answer (the caller names it with InferResponseType). A list of files is
 * sent as the field repeated (a reply's documents).
 */
export function upload<T>(path: string, fields: Record<string, string | Blob | readonly Blob[]>, onProgress?: (step: UploadProgress) => void): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' || value instanceof Blob) form.append(name, value);
    else for (const file of value) form.append(name, file);
  }
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let reached: UploadProgress = 0;
    const report = (step: UploadProgress) => {
      if (step > reached) {
        reached = step;
        onProgress?.(step);
      }
    };
    xhr.open('POST', path);
    xhr.withCredentials = true;
    report(25);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0 && e.loaded >= e.total / 2) report(50);
    };
    xhr.upload.onload = () => report(75);
    xhr.onload = () => {
      report(75);
      if (xhr.status >= 200 && xhr.status < 300) {
        report(100);
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new Error('Invalid document response'));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new Error('Network error: the upload could not reach the server.'));
    xhr.send(form);
  });
}
