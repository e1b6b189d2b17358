// Load shedding (issue #22.3, #23.4): when this process is behind (its event loop lags, or more
// requests are in flight than it can answer in time), new API requests are refused at once with
// an envelope that says "busy, retry in N s" and a Retry-After header, so the requests it did take
// keep being answered instead of every request timing out. Health, readiness and metrics probes,
// CORS preflights and the web client's static files are never shed.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface SheddingOptions {
  /** API requests in flight at once past which new ones are refused (0: no bound). */
  maxInFlight: number;
  /** Event-loop lag (ms, measured over the last sampling window) past which new ones are refused (0: no bound). */
  maxLagMs: number;
  /** What Retry-After says, in seconds. */
  retryAfterS: number;
}

export const DEFAULT_SHEDDING: SheddingOptions = { maxInFlight: 512, maxLagMs: 1000, retryAfterS: 2 };

/** Paths never shed: probes and metrics (an orchestrator must see a busy process as alive). */
export function shedExempt(method: string, url: string): boolean {
  if (method === 'OPTIONS') return true;
  const path = url.split('?')[0]!;
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return true;
  return !path.startsWith('/api/') || path.startsWith('/api/docs');
}

/**
 * The in-flight count and the event loop's recent lag. `lagMs` is the largest delay a timer saw
 * during the last window (monitorEventLoopDelay, reset every window), so a loop blocked for a
 * second reads as a second of lag until a quiet window follows.
 */
export function createLoadGauge(opts: SheddingOptions, windowMs = 500) {
  let inFlight = 0;
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
      lagMs = Math.max(histogram!.max / 1e6, late);
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
      if (opts.maxLagMs > 0 && lagMs > opts.maxLagMs) return 'lag';
      return null;
    },
    /** For tests: pretend the loop lagged this much in the last window. */
    setLagForTest(ms: number) {
      lagMs = ms;
    },
    close() {
      if (timer) clearInterval(timer);
      histogram?.disable();
    },
  };
}

export type LoadGauge = ReturnType<typeof createLoadGauge>;
