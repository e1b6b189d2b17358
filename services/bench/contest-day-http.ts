// Contest-day bench (issue #22.7): HTTP requests as the web client sends them (the token in
// `authorization`, JSON bodies, a client-side timeout), each timed under a name, and errors
// counted by name: a transport error or timeout, an HTTP status other than 200, or an envelope
// status other than 200 (a "busy" answer is an error of the platform here).

export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export interface HttpTally {
  /** name → latencies (ms) of the answered requests. */
  latencies: Record<string, number[]>;
  /** name → errors, by kind (`timeout`, `network`, `http 503`, `envelope 400`, ...). */
  errors: Record<string, Record<string, number>>;
}

export const REQUEST_TIMEOUT_MS = 30_000;

export class Http {
  readonly tally: HttpTally = { latencies: {}, errors: {} };

  private error(name: string, kind: string) {
    const byKind = (this.tally.errors[name] ??= {});
    byKind[kind] = (byKind[kind] ?? 0) + 1;
  }

  /** One request; resolves with the envelope (null on any failure) and the response headers. */
  async call<T = unknown>(
    name: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    opts: { token?: string | null; body?: unknown; headers?: Record<string, string>; expect?: number[] } = {},
  ): Promise<{ env: Envelope<T> | null; headers: Headers | null; ms: number }> {
    const started = performance.now();
    try {
      const res = await fetch(url, {
        method,
        headers: {
          ...(opts.token ? { authorization: opts.token } : {}),
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      (this.tally.latencies[name] ??= []).push(ms);
      if (res.status !== 200) {
        this.error(name, `http ${res.status}`);
        return { env: null, headers: res.headers, ms };
      }
      const env = JSON.parse(text) as Envelope<T>;
      if (env.status !== 200 && !(opts.expect ?? []).includes(env.status)) {
        this.error(name, `envelope ${env.status}: ${String(env.msg).slice(0, 60)}`);
        return { env: null, headers: res.headers, ms };
      }
      return { env, headers: res.headers, ms };
    } catch (err) {
      const ms = performance.now() - started;
      const kind =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? 'timeout'
          : 'network';
      this.error(name, kind);
      return { env: null, headers: null, ms };
    }
  }
}

/** Adds `b`'s figures into `a`. */
export function mergeTally(a: HttpTally, b: HttpTally): void {
  for (const [k, v] of Object.entries(b.latencies)) (a.latencies[k] ??= []).push(...v);
  for (const [k, v] of Object.entries(b.errors)) {
    const to = (a.errors[k] ??= {});
    for (const [kind, n] of Object.entries(v)) to[kind] = (to[kind] ?? 0) + n;
  }
}

export function errorCount(t: HttpTally): number {
  let n = 0;
  for (const v of Object.values(t.errors)) for (const c of Object.values(v)) n += c;
  return n;
}

export function percentile(xs: readonly number[], p: number): number | null {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
