// Load shedding (issue #22.3, #23.4): when this process is behind (its event loop lags, or more
// requests are in flight than it can answer in time), new API requests are refused at once with
// an envelope that says "busy, retry in N s" and a Retry-After header, so the requests it did take
// keep being answered instead of every request timing out. Health, readiness and metrics probes,
// CORS preflights and the web client's static files are never shed.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface SheddingOptions {
  /** API requests in flight at once past which new ones are refused (0: no bound). */
  maxInFlight: number;
  /**
   * Event-loop lag (ms) past which new ones are refused (0: no bound): the lag must be sustained,
   * seen in each of the last three sampling windows (500 ms each), so one pause (a GC, a large
   * synchronous job, an embedded-database query) does not refuse the requests that follow it.
   */
  maxLagMs: number;
  /**
   * API requests in flight at which a lagging loop starts refusing new ones. A loop that lags
   * with only a few requests waiting is slowed by other work (verdicts, boards, an embedded
   * database): refusing its few clients would not relieve it. Lag sheds when requests pile up.
   */
  lagMinInFlight: number;
  /** What Retry-After says, in seconds. */
  retryAfterS: number;
}

/**
 * The app factory's defaults. The lag bound is off unless configured: the composed platform sets
 * it from OJ_SHED_MAX_LAG_MS (default 1000 ms), while bare test apps stay unaffected by the load of
 * the machine running them.
 */
export const DEFAULT_SHEDDING: SheddingOptions = {
  maxInFlight: 512,
  maxLagMs: 0,
  lagMinInFlight: 8,
  retryAfterS: 2,
};

/** Paths never shed: probes and metrics (an orchestrator must see a busy process as alive). */
export function shedExempt(method: string, url: string): boolean {
  if (method === 'OPTIONS') return true;
  const path = url.split('?')[0]!;
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return true;
  // The Contest API's event feed is a stream held for hours, not a request in flight: counting
  // it would have a few hundred feed clients shed every other request (issue #24).
  if (/^\/api\/ccs\/contests\/[^/]+\/event-feed$/.test(path)) return true;
  return !path.startsWith('/api/') || path.startsWith('/api/docs');
}

/**
 * The in-flight count and the event loop's sustained lag: each window (monitorEventLoopDelay, reset
 * every window) records the largest delay a timer saw in it; `lagMs` is the smallest of the last
 * `windows` records, i.e. a lag the loop had all along, not a single pause.
 */
export function createLoadGauge(opts: SheddingOptions, windowMs = 500, windows = 3) {
  let inFlight = 0;
  const recent: number[] = [];
  let lagMs = 0;
  let histogram: ReturnType<typeof monitorEventLoopDelay> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastTick = Date.now();
  if (opts.maxLagMs > 0) {
    histogram = monitorEventLoopDelay({ resolution: 20 });
    histogram.enable();
    timer = setInterval(() => {
      const now = Date.now();
      // The interval itself firing late is lag too (a loop blocked longer than the window).
      const late = Math.max(0, now - lastTick - windowMs);
      lastTick = now;
      recent.push(Math.max(histogram!.max / 1e6, late));
      if (recent.length > windows) recent.shift();
      lagMs = recent.length === windows ? Math.min(...recent) : 0;
      histogram!.reset();
    }, windowMs);
    timer.unref();
  }
  return {
    enter() {
      inFlight++;
    },
    leave() {
      inFlight--;
    },
    get inFlight() {
      return inFlight;
    },
    get lagMs() {
      return lagMs;
    },
    /** Why a new request would be refused now, or null. */
    overloaded(): 'in-flight' | 'lag' | null {
      if (opts.maxInFlight > 0 && inFlight >= opts.maxInFlight) return 'in-flight';
      if (opts.maxLagMs > 0 && lagMs > opts.maxLagMs && inFlight >= opts.lagMinInFlight) return 'lag';
      return null;
    },
    /** For tests: pretend the loop lagged this much in the last window. */
    setLagForTest(ms: number) {
      recent.splice(0, recent.length, ...Array<number>(windows).fill(ms));
      lagMs = ms;
    },
    close() {
      if (timer) clearInterval(timer);
      histogram?.disable();
    },
  };
}

export type LoadGauge = ReturnType<typeof createLoadGauge>;
