// The dashboard's live parts: judge servers from the runners' heartbeats, the submissions-per-
// minute series, and the processes of the deployment (service info). Each API process keeps
// its own copy from the bus and publishes changes for the gateways' admin room; with several
// API processes the pushes repeat the same absolute values, which clients simply replace.
import { cpus, freemem, hostname, loadavg, totalmem } from 'node:os';
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { JudgeHeartbeat } from '@oj/protocol/judge/schemas';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import type {
  JudgeServer,
  JudgeServerList,
  JudgeServiceInfo,
  ProcessInfo,
  ServiceInfo,
  SubmissionRate,
} from '@oj/protocol/admin/schemas';
import { judgeServerOf, minuteOf, MISSED_BEATS, rateSeries } from './rules';
import { judgeServiceInfoOf, serviceInstanceOf } from './service-shapes';

export interface LiveOptions {
  bus: Bus;
  now?: () => number;
  /** How often staleness is checked (ms). */
  tickMs?: number;
  /** Down after this long without a heartbeat when the runner's interval is unknown. */
  defaultStaleMs?: number;
  /** How often this process reports itself (service info). */
  beaconMs?: number;
  /** Seeds the rate series (counts per minute of the last hour). */
  loadRate?: () => Promise<Map<number, number>>;
  processName?: string;
  /** The HTTP port this process listens on (service info). */
  port?: number;
}

interface Beat {
  hb: JudgeHeartbeat;
  lastSeen: number;
  /** Observed interval between this runner's heartbeats. */
  interval: number | null;
  down: boolean;
}

export interface AdminLive {
  judgeServers(): JudgeServerList;
  submissionRate(): SubmissionRate;
  serviceInfo(): ServiceInfo;
  /** GET /api/admin/config/get-judge-service-info: the runners in the reference's shape. */
  judgeServiceInfo(): JudgeServiceInfo[];
  stop(): Promise<void>;
}

/** This process as service info shows it. */
export function selfProcess(kind: ProcessInfo['kind'], name: string, now: number): ProcessInfo {
  const mem = process.memoryUsage();
  return {
    kind,
    name,
    pid: process.pid,
    rssBytes: mem.rss,
    heapUsedBytes: mem.heapUsed,
    uptimeSeconds: Math.round(process.uptime()),
    load: loadavg()[0] ?? 0,
    lastSeen: now,
    host: hostname(),
  };
}

/**
 * A runner as service info shows it: its process figures from its last heartbeat (null from a
 * runner that sends none); the uptime runs on from that beat while the runner is not down.
 */
export function runnerProcess(s: JudgeServer, hb: JudgeHeartbeat | undefined, now: number): ProcessInfo {
  const since = s.state === 'down' ? 0 : Math.max(0, Math.round((now - s.lastSeen) / 1000));
  return {
    kind: 'runner',
    name: s.name,
    pid: hb?.pid ?? null,
    rssBytes: hb?.rssBytes ?? null,
    heapUsedBytes: hb?.heapUsedBytes ?? null,
    uptimeSeconds: typeof hb?.uptimeSeconds === 'number' ? hb.uptimeSeconds + since : null,
    load: s.load,
    lastSeen: s.lastSeen,
  };
}

/** A process (gateway, API) that reports itself on the bus every `ms`. */
export function startProcessBeacon(
  bus: Bus,
  kind: ProcessInfo['kind'],
  name: string,
  ms = 5000,
  extra: () => Partial<ProcessInfo> = () => ({}),
): () => void {
  const beat = () =>
    void bus
      .publish(Subjects.adminProcess(name), { ...selfProcess(kind, name, Date.now()), ...extra() })
      .catch(() => undefined);
  beat();
  const timer = setInterval(beat, ms);
  timer.unref();
  return () => clearInterval(timer);
}

export async function startAdminLive(o: LiveOptions): Promise<AdminLive> {
  const now = o.now ?? Date.now;
  const defaultStale = o.defaultStaleMs ?? 15_000;
  const beats = new Map<string, Beat>();
  const counts = new Map<number, number>();
  const processes = new Map<string, ProcessInfo>();
  const selfName = o.processName ?? `api-${hostname()}-${process.pid}`;

  const staleOf = (b: Beat) =>
    b.interval ? Math.max(1000, Math.round(b.interval * MISSED_BEATS)) : defaultStale;
  const list = (): JudgeServerList => {
    const t = now();
    const servers = [...beats.values()]
      .map((b) => judgeServerOf(b.hb, b.lastSeen, t, staleOf(b)))
      .sort((a, b) => a.name.localeCompare(b.name));
    const staleAfterMs = Math.max(0, ...[...beats.values()].map(staleOf));
    return { servers, staleAfterMs: staleAfterMs || defaultStale, at: t };
  };
  const pushServers = () => void o.bus.publish(Subjects.adminJudgeServers, list()).catch(() => undefined);
  const rate = (): SubmissionRate => ({ points: rateSeries(counts, now()), at: now() });
  let ratePending = false;
  const pushRate = () => {
    if (ratePending) return;
    ratePending = true;
    // At most one push a second, whatever the submission rate.
    setTimeout(() => {
      ratePending = false;
      void o.bus.publish(Subjects.adminSubmissionRate, rate()).catch(() => undefined);
    }, 1000).unref();
  };

  if (o.loadRate) for (const [m, n] of await o.loadRate()) counts.set(m, n);

  const subs: Unsubscribe[] = [
    await o.bus.subscribe<JudgeHeartbeat>(Subjects.judgeHeartbeatAll, (hb) => {
      if (!hb || typeof hb.name !== 'string') return;
      const t = now();
      const prev = beats.get(hb.name);
      const gap = prev && !prev.down ? t - prev.lastSeen : null;
      // The interval is learned from consecutive beats (a draining beat comes early: ignore it).
      const interval = gap && gap > 50 && !hb.draining ? gap : (prev?.interval ?? null);
      beats.set(hb.name, { hb, lastSeen: t, interval, down: false });
      pushServers();
    }),
    await o.bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, (u) => {
      if (u?.reason !== 'submitted') return;
      const m = minuteOf(now());
      counts.set(m, (counts.get(m) ?? 0) + 1);
      // Forget minutes older than the series.
      for (const k of counts.keys()) if (k < m - 61 * 60_000) counts.delete(k);
      pushRate();
    }),
    await o.bus.subscribe<ProcessInfo>(Subjects.adminProcessAll, (p) => {
      if (p && typeof p.name === 'string') processes.set(p.name, { ...p, lastSeen: now() });
    }),
  ];

  // A runner that stopped beating turns down: checked every tick, pushed once when it flips.
  const tick = setInterval(() => {
    const t = now();
    let changed = false;
    for (const b of beats.values()) {
      const down = t - b.lastSeen > staleOf(b);
      if (down !== b.down) {
        b.down = down;
        changed = true;
      }
    }
    if (changed) pushServers();
  }, o.tickMs ?? 1000);
  tick.unref();
  const stopBeacon = startProcessBeacon(o.bus, 'api', selfName, o.beaconMs);

  return {
    judgeServers: list,
    submissionRate: rate,
    serviceInfo() {
      const t = now();
      const procs = new Map(processes);
      procs.set(selfName, selfProcess('api', selfName, t));
      const runners = list().servers.map((s) => runnerProcess(s, beats.get(s.name)?.hb, t));
      const cores = cpus().length;
      // Processes silent for a minute are gone (restarted under another name).
      const alive = [...procs.values()].filter((p) => t - p.lastSeen < 60_000);
      // The reference's client writes this process's figures into backupService[0]: it comes first.
      const services = alive
        .filter((p) => p.kind !== 'runner')
        .sort((a, b) => Number(b.name === selfName) - Number(a.name === selfName));
      return {
        nacos: { status: 'UP' },
        backupCores: cores,
        backupPercentCpuLoad: `${(((loadavg()[0] ?? 0) / cores) * 100).toFixed(2)}%`,
        backupPercentMemoryLoad: `${((1 - freemem() / totalmem()) * 100).toFixed(2)}%`,
        backupService: services.map((p) =>
          serviceInstanceOf(p, { now: t, port: p.name === selfName ? (o.port ?? null) : null }),
        ),
        processes: [...alive, ...runners].sort(
          (a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name),
        ),
      };
    },
    judgeServiceInfo() {
      const t = now();
      return list().servers.map((s) => {
        const hb = beats.get(s.name)?.hb;
        return judgeServiceInfoOf(s, hb, runnerProcess(s, hb, t), t);
      });
    },
    async stop() {
      clearInterval(tick);
      stopBeacon();
      for (const u of subs) await u();
    },
  };
}
