// The one HTTP client of the web app: envelope handling, token headers, session side effects.
import type { Envelope } from '@oj/protocol';
import type { ApiOperations } from '@oj/protocol/api-operations';
import type { BodyOf, DataOf, HttpMethod, PathsOf, QueryOf } from '@oj/protocol/operations';
import {
  buildQuery,
  classifyResponse,
  classifyThrown,
  DOWNLOAD_TIMEOUT_MS,
  fileNameFromDisposition,
  REQUEST_TIMEOUT_MS,
  requestHeaders,
  tokenFromResponse,
  urlTypeOf,
  type Failure,
  type UrlType,
} from './http-rules';

/** Side effects the app wires in at start-up (kept injectable so tests run without stores). */
export interface ClientHooks {
  getToken(): string | null;
  setToken(token: string): void;
  /** HTTP 401: clear the session, then open the login dialog or go to /admin/login. */
  onUnauthorized(urlType: UrlType): void;
  /** HTTP 403: refresh roles, then go to /admin for admin URLs. */
  onForbidden(urlType: UrlType): void;
  /** Shows an error text (already translated). */
  notifyError(text: string): void;
  /** Shows an informational text (a download that answered with JSON). */
  notifyInfo(text: string): void;
  translate(key: string): string;
  /** The interface language, sent as Accept-Language so the server answers in it (issue #16). */
  language(): string;
}

let hooks: ClientHooks = {
  getToken: () => null,
  setToken: () => undefined,
  onUnauthorized: () => undefined,
  onForbidden: () => undefined,
  notifyError: () => undefined,
  notifyInfo: () => undefined,
  translate: (k) => k,
  language: () => (typeof document !== 'undefined' && document.documentElement.lang) || 'zh-CN',
};

export function configureClient(next: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...next };
}

/** Rejection value of every failed call. */
export class ApiError extends Error {
  constructor(
    readonly failure: Failure,
    message: string,
    readonly envelope: Envelope<unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  body?: unknown;
  /** Do not toast the error (the caller shows it differently or it is decoration only). */
  quiet?: boolean;
  timeoutMs?: number;
  /** Sees the response headers of a successful call (e.g. x-oj-board-version of rank pages). */
  onHeaders?: (headers: Headers) => void;
  /** Extra request headers (e.g. a submit's Idempotency-Key). */
  headers?: Record<string, string>;
}

export function failureText(failure: Failure): string {
  if ('msg' in failure && failure.msg) return failure.msg;
  if (failure.kind === 'unauthorized' || failure.kind === 'forbidden') return hooks.translate('error.server');
  return hooks.translate(failure.key);
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fail(failure: Failure, urlType: UrlType, quiet: boolean, body: unknown): never {
  const text = failureText(failure);
  if (failure.kind === 'unauthorized') hooks.onUnauthorized(urlType);
  if (failure.kind === 'forbidden') hooks.onForbidden(urlType);
  // 401 without a msg stays silent: the login dialog says enough.
  const silent = quiet || (failure.kind === 'unauthorized' && !failure.msg);
  if (!silent) hooks.notifyError(text);
  const envelope = body && typeof body === 'object' ? (body as Envelope<unknown>) : null;
  throw new ApiError(failure, text, envelope);
}

/** A GET sent ahead of its caller (see prefetchGet). */
interface EarlyGet {
  response: Promise<Response>;
  controller: AbortController;
}

const earlyGets = new Map<string, EarlyGet>();

/** An early GET is only taken this soon after it was sent: later callers ask again. */
export const EARLY_GET_TTL_MS = 30_000;

const earlyKey = (fullUrl: string, headers: Record<string, string>) =>
  `${fullUrl}\n${JSON.stringify(Object.entries(headers).sort(([a], [b]) => a.localeCompare(b)))}`;

function headersOf(url: string, token: string | null, language: string): Record<string, string> {
  return { ...requestHeaders(url, token), 'Accept-Language': language };
}

/**
 * Sends a GET now, before the app has mounted (issue #16: the problem page's detail leaves with
 * the first script, not after the route's chunks). The first identical GET through the client
 * (same URL, query and headers, within EARLY_GET_TTL_MS) takes its response once and handles it
 * as its own: token refresh, failures, toasts. `token` and `language` are what the client's hooks
 * will answer once installed (the session's stored token and the interface language). Resolves
 * with a copy of the response for the sender to look into (its body is the sender's to read).
 */
export function prefetchGet(
  url: string,
  params: Record<string, unknown> | undefined,
  { token, language }: { token: string | null; language: string },
): Promise<Response> {
  const fullUrl = url + buildQuery(params);
  const headers = headersOf(url, token, language);
  const key = earlyKey(fullUrl, headers);
  const controller = new AbortController();
  // the copy is made on arrival, before the taker can read the body
  const both = fetch(fullUrl, { method: 'GET', headers, signal: controller.signal }).then(
    (res) => [res, res.clone()] as const,
  );
  const response = both.then(([res]) => res);
  // unhandled until taken; a failure then reaches the caller
  response.catch(() => undefined);
  const entry = { response, controller };
  earlyGets.set(key, entry);
  setTimeout(() => {
    if (earlyGets.get(key) === entry) earlyGets.delete(key);
  }, EARLY_GET_TTL_MS);
  return both.then(([, copy]) => copy);
}

function takeEarlyGet(fullUrl: string, headers: Record<string, string>): EarlyGet | undefined {
  const key = earlyKey(fullUrl, headers);
  const entry = earlyGets.get(key);
  earlyGets.delete(key);
  return entry;
}

/** Sends a request and resolves with the full envelope when its status is 200. */
export async function requestEnvelope<T>(
  method: string,
  url: string,
  opts: RequestOptions = {},
): Promise<Envelope<T>> {
  const urlType = urlTypeOf(url);
  const headers = { ...headersOf(url, hooks.getToken(), hooks.language()), ...opts.headers };
  // FormData (file uploads) goes as multipart: fetch sets the boundary header itself.
  const multipart = opts.body instanceof FormData;
  if (opts.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const fullUrl = url + buildQuery(opts.params);
  const early = method === 'GET' && opts.body === undefined ? takeEarlyGet(fullUrl, headers) : undefined;
  const controller = early?.controller ?? new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let res: Response;
  let body: unknown;
  try {
    res = await (early?.response ??
      fetch(fullUrl, {
        method,
        headers,
        body:
          opts.body === undefined
            ? undefined
            : multipart
              ? (opts.body as FormData)
              : JSON.stringify(opts.body),
        signal: controller.signal,
      }));
    body = await readBody(res);
  } catch {
    fail(classifyThrown(timedOut), urlType, !!opts.quiet, null);
  } finally {
    clearTimeout(timer);
  }
  // The token is replaced on any response carrying it, success or error.
  const token = tokenFromResponse(url, res.headers);
  if (token) hooks.setToken(token);
  const failure = classifyResponse(res.status, body);
  if (failure) fail(failure, urlType, !!opts.quiet, body);
  opts.onHeaders?.(res.headers);
  return body as Envelope<T>;
}

async function request<T>(method: string, url: string, opts?: RequestOptions): Promise<T> {
  const env = await requestEnvelope<T>(method, url, opts);
  return env.data as T;
}

export const api = {
  get: <T>(url: string, params?: Record<string, unknown>, opts?: RequestOptions) =>
    request<T>('GET', url, { ...opts, params }),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, { ...opts, body }),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', url, { ...opts, body }),
  delete: <T>(url: string, params?: Record<string, unknown>, opts?: RequestOptions) =>
    request<T>('DELETE', url, { ...opts, params }),
};

export interface Download {
  blob: Blob;
  fileName: string | null;
}

/**
 * GETs a file (300 s timeout). An error response's blob is passed through by the server as a file;
 * a JSON answer means no file: its msg is shown as info (or 'Invalid file format') and the call rejects.
 */
export async function download(url: string, params?: Record<string, unknown>): Promise<Download> {
  const urlType = urlTypeOf(url);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, DOWNLOAD_TIMEOUT_MS);
  let res: Response;
  let blob: Blob;
  try {
    res = await fetch(url + buildQuery(params), {
      headers: { ...requestHeaders(url, hooks.getToken()), 'Accept-Language': hooks.language() },
      signal: controller.signal,
    });
    blob = await res.blob();
  } catch {
    fail(classifyThrown(timedOut), urlType, false, null);
  } finally {
    clearTimeout(timer);
  }
  const token = tokenFromResponse(url, res.headers);
  if (token) hooks.setToken(token);
  if (res.status === 401 || res.status === 403)
    fail(classifyResponse(res.status, null)!, urlType, false, null);
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    let msg: string | null = null;
    try {
      const body = JSON.parse(await blob.text()) as { msg?: unknown };
      if (typeof body.msg === 'string' && body.msg) msg = body.msg;
    } catch {
      // not even JSON: treat as an unknown format
    }
    const text = msg ?? hooks.translate('error.invalidFile');
    hooks.notifyInfo(text);
    throw new ApiError({ kind: 'http', status: res.status, msg, key: 'error.server' }, text);
  }
  if (!res.ok) fail(classifyResponse(res.status, null)!, urlType, false, null);
  return { blob, fileName: fileNameFromDisposition(res.headers.get('content-disposition')) };
}

/**
 * The typed client (issue #30): the path picks the operation in protocol's route table, which
 * gives the query or body it takes and the envelope data it resolves with. A path typo or a wrong
 * field is a type error. Type-only: the table's schemas never reach the bundle.
 */
type Ops = ApiOperations;
export const http = {
  get: <P extends PathsOf<Ops, 'GET'>>(path: P, params?: QueryOf<Ops, 'GET', P>, opts?: RequestOptions) =>
    request<DataOf<Ops, 'GET', P>>('GET', path, { ...opts, params: params as Record<string, unknown> }),
  post: <P extends PathsOf<Ops, 'POST'>>(path: P, body?: BodyOf<Ops, 'POST', P>, opts?: RequestOptions) =>
    request<DataOf<Ops, 'POST', P>>('POST', path, { ...opts, body }),
  put: <P extends PathsOf<Ops, 'PUT'>>(path: P, body?: BodyOf<Ops, 'PUT', P>, opts?: RequestOptions) =>
    request<DataOf<Ops, 'PUT', P>>('PUT', path, { ...opts, body }),
  delete: <P extends PathsOf<Ops, 'DELETE'>>(
    path: P,
    params?: QueryOf<Ops, 'DELETE', P>,
    opts?: RequestOptions,
  ) =>
    request<DataOf<Ops, 'DELETE', P>>('DELETE', path, { ...opts, params: params as Record<string, unknown> }),
  /** The whole envelope (msg included), for the calls whose success text is shown. */
  envelope: <M extends HttpMethod, P extends PathsOf<Ops, M>>(
    method: M,
    path: P,
    opts: RequestOptions = {},
  ) => requestEnvelope<DataOf<Ops, M, P>>(method, path, opts),
};
