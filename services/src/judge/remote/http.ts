// The HTTP client of the remote judge adapters: one cookie jar per session (an account's login),
// a timeout per request, retries on network errors, and a per-judge rate limit shared by every
// session of this process (the minimum gap between two requests to one judge).

export interface HttpOptions {
  /** Per request, ms (default 15 s). */
  timeoutMs?: number;
  /** Extra attempts after a network error or timeout (default 2). */
  retries?: number;
  /** Minimum gap between two requests to this judge, ms (default 0). */
  minGapMs?: number;
}

export interface HttpResponse {
  status: number;
  /** The Location header of a redirect, resolved against the request URL. */
  location: string | null;
  text: string;
  url: string;
}

export interface RequestInit {
  method?: 'GET' | 'POST';
  /** Form fields (sent urlencoded) */
  form?: Record<string, string>;
  /** JSON body */
  json?: unknown;
  headers?: Record<string, string>;
}

const lastRequestAt = new Map<string, number>();
const nextSlot = new Map<string, Promise<void>>();

/** Waits for this judge's next request slot (requests to one judge are spaced by `gapMs`). */
async function rateLimit(key: string, gapMs: number): Promise<void> {
  if (gapMs <= 0) return;
  const previous = nextSlot.get(key) ?? Promise.resolve();
  const mine = previous.then(async () => {
    const wait = (lastRequestAt.get(key) ?? 0) + gapMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lastRequestAt.set(key, Date.now());
  });
  nextSlot.set(key, mine);
  return mine;
}

export class HttpSession {
  private readonly cookies = new Map<string, string>();
  /** Bearer token of JSON APIs (LibreOJ). */
  bearer: string | null = null;
  readonly opts: Required<HttpOptions>;

  constructor(
    readonly base: string,
    private readonly judgeKey: string,
    opts: HttpOptions = {},
  ) {
    this.opts = {
      timeoutMs: opts.timeoutMs ?? 15_000,
      retries: opts.retries ?? 2,
      minGapMs: opts.minGapMs ?? 0,
    };
  }

  url(path: string): string {
    return new URL(path, this.base.endsWith('/') ? this.base : `${this.base}/`).toString();
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
    this.bearer = null;
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(path: string, init: RequestInit = {}): Promise<HttpResponse> {
    const url = path.startsWith('http') ? path : this.url(path);
    let lastError: unknown;
    for (let attempt = 0; attempt <= this.opts.retries; attempt++) {
      await rateLimit(this.judgeKey, this.opts.minGapMs);
      const headers: Record<string, string> = {
        'user-agent': 'Mozilla/5.0 (oj remote judge)',
        ...init.headers,
      };
      if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
      let body: string | undefined;
      if (init.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(init.form).toString();
      } else if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      }
      try {
        const res = await fetch(url, {
          method: init.method ?? (body === undefined ? 'GET' : 'POST'),
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.opts.timeoutMs),
        });
        this.storeCookies(res.headers);
        const text = decodeBody(new Uint8Array(await res.arrayBuffer()), res.headers.get('content-type'));
        const location = res.headers.get('location');
        return {
          status: res.status,
          location: location ? new URL(location, url).toString() : null,
          text,
          url,
        };
      } catch (err) {
        lastError = err;
      }
    }
    throw new RemoteError(`request to ${url} failed: ${(lastError as Error)?.message ?? String(lastError)}`);
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request(path, { headers });
  }

  post(path: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request(path, { method: 'POST', form, headers });
  }

  postJson(path: string, json: unknown) {
    return this.request(path, { method: 'POST', json });
  }
}

/**
 * The charset of a page: the Content-Type header's, else a `<meta charset>` or
 * `<meta http-equiv="Content-Type" content="…; charset=…">` in its first 2 KB, else UTF-8.
 */
export function charsetOf(bytes: Uint8Array, contentType: string | null): string {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  return meta ? meta.toLowerCase() : 'utf-8';
}

/**
 * A body decoded by its charset (HDU serves GB2312/GBK pages; the WHATWG decoder reads the
 * `gb2312` label as GBK). An unknown label falls back to UTF-8.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  const charset = charsetOf(bytes, contentType);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(bytes);
}

/** A remote judge answered something we cannot use (counts as a failed attempt). */
export class RemoteError extends Error {
  override name = 'RemoteError';
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
