// Pure rules of the wire contract (reference/api/core.md §0), kept free of DOM and stores so they can be unit-tested.

/** Requests whose token must not be sent (they issue one). */
const LOGIN_PATHS = ['/api/login', '/api/admin/login'];

export type UrlType = 'admin' | 'general';

function pathOf(url: string): string {
  const noQuery = url.split('?')[0] ?? '';
  return noQuery.replace(/^[a-z]+:\/\/[^/]+/i, '');
}

/** `admin` when the second path segment is `admin` (`/api/admin/...`). */
export function urlTypeOf(url: string): UrlType {
  return pathOf(url).split('/')[2] === 'admin' ? 'admin' : 'general';
}

export function isLoginPath(url: string): boolean {
  return LOGIN_PATHS.includes(pathOf(url));
}

/** Headers every call carries: the raw token (no Bearer) except on login, and the Url-Type. */
export function requestHeaders(url: string, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { 'Url-Type': urlTypeOf(url) };
  if (token && !isLoginPath(url)) headers['Authorization'] = token;
  return headers;
}

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The token a response hands out, if any: on login the `authorization` header,
 * elsewhere only when `refresh-token` marks a sliding refresh.
 */
export function tokenFromResponse(url: string, headers: HeaderSource): string | null {
  const token = headers.get('authorization');
  if (!token) return null;
  if (isLoginPath(url) || headers.get('refresh-token')) return token;
  return null;
}

/** How a failed call is reported; `key` is an i18n key used when there is no server msg. */
export type Failure =
  | { kind: 'unauthorized'; msg: string | null }
  | { kind: 'forbidden'; msg: string | null }
  | { kind: 'notFound'; key: 'error.notFound' }
  | { kind: 'envelope'; status: number; msg: string | null; key: 'error.server' }
  | { kind: 'http'; status: number; msg: string | null; key: 'error.server' }
  | { kind: 'timeout'; key: 'error.timeout' }
  | { kind: 'network'; key: 'error.network' };

function msgOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'msg' in body) {
    const msg = (body as { msg: unknown }).msg;
    if (typeof msg === 'string' && msg.trim() !== '') return msg;
  }
  return null;
}

function envelopeStatus(body: unknown): number | null {
  if (body && typeof body === 'object' && 'status' in body) {
    const s = (body as { status: unknown }).status;
    if (typeof s === 'number') return s;
  }
  return null;
}

/**
 * Maps an HTTP status and parsed body to a failure, or null when the call succeeded
 * (HTTP 2xx and envelope status 200). Only HTTP 401/403 trigger session handling;
 * an envelope 401/403 inside HTTP 200 is an ordinary error toast.
 */
export function classifyResponse(httpStatus: number, body: unknown): Failure | null {
  if (httpStatus === 401) return { kind: 'unauthorized', msg: msgOf(body) };
  if (httpStatus === 403) return { kind: 'forbidden', msg: msgOf(body) };
  if (httpStatus === 404) return { kind: 'notFound', key: 'error.notFound' };
  if (httpStatus < 200 || httpStatus >= 300) {
    return { kind: 'http', status: httpStatus, msg: msgOf(body), key: 'error.server' };
  }
  const status = envelopeStatus(body);
  if (status === 200) return null;
  return { kind: 'envelope', status: status ?? 0, msg: msgOf(body), key: 'error.server' };
}

/** Failure of the transport itself: an abort we caused by the timer is a timeout, anything else a network error. */
export function classifyThrown(timedOut: boolean): Failure {
  return timedOut ? { kind: 'timeout', key: 'error.timeout' } : { kind: 'network', key: 'error.network' };
}

/** Drops empty query parameters (lists never send blanks) and serialises arrays as JSON. */
export function buildQuery(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    search.append(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

export const REQUEST_TIMEOUT_MS = 90_000;
export const DOWNLOAD_TIMEOUT_MS = 300_000;

/** File name from a Content-Disposition header (RFC 5987 `filename*` first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain?.[2]?.trim() ?? null;
}

/**
 * A fresh Idempotency-Key for a submit (issue #22.3): 128 random bits as hex. Sent again with a
 * retry of the same submit, it makes the server answer the first submission instead of storing a
 * second. getRandomValues, unlike randomUUID, also exists on plain-http pages.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
