// Prometheus metrics at /metrics: HTTP latency by route, the judge queue depth (submissions waiting
// or being judged), verdicts by status, judge run times, sockets connected (reported by gateways),
// event-bus lag (a ping through the bus every few seconds), plus the process defaults.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import { JudgeStatus, Subjects } from '@oj/protocol';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import type { Database } from '../platform/db/schema';
import type { App } from '../platform/http/app';

const PING_SUBJECT = 'oj.admin.ping';

export interface Metrics {
  registry: Registry;
  /** Adds the HTTP latency hook and GET /metrics (before the app is ready). */
  routes(app: App): void;
  /** Subscribes to the bus (verdicts, pings, gateway reports). */
  start(bus: Bus): Promise<void>;
  stop(): Promise<void>;
}

/** The metrics of one API process. */
export function createMetrics(o: { db: Kysely<Database>; pingMs?: number }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'oj_' });
  const http = new Histogram({
    name: 'oj_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const verdicts = new Counter({
    name: 'oj_judge_verdicts_total',
    help: 'Final verdicts by status',
    labelNames: ['status'],
    registers: [registry],
  });
  const runTime = new Histogram({
    name: 'oj_judge_run_time_ms',
    help: 'Reported run time of judged submissions (ms)',
    buckets: [1, 5, 10, 50, 100, 250, 500, 1000, 2000, 5000],
    registers: [registry],
  });
  const sockets = new Gauge({
    name: 'oj_sockets_connected',
    help: 'socket.io connections per gateway',
    labelNames: ['gateway'],
    registers: [registry],
  });
  const lag = new Gauge({
    name: 'oj_event_bus_lag_seconds',
    help: 'Time a ping takes through the event bus (last one)',
    registers: [registry],
  });
  new Gauge({
    name: 'oj_judge_queue_depth',
    help: 'Submissions waiting or being judged (Pending, Compiling, Judging)',
    registers: [registry],
    async collect() {
      const r = await o.db
        .selectFrom('judge')
        .select(sql<string>`count(*)`.as('n'))
        .where('status', 'in', [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING])
        .executeTakeFirst();
      this.set(Number(r?.n ?? 0));
    },
  });
  const name = (status: number) =>
    Object.entries(JudgeStatus)
      .find(([, v]) => v === status)?.[0]
      ?.toLowerCase() ?? String(status);

  let subs: Unsubscribe[] = [];
  let ping: ReturnType<typeof setInterval> | null = null;

  return {
    registry,
    routes(app) {
      app.addHook('onResponse', async (req, reply) => {
        const route = req.routeOptions.url;
        if (!route || route === '/metrics') return;
        http.observe(
          { method: req.method, route, status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      });
      // Prometheus text format, no login: scrape it from inside the deployment.
      app.get('/metrics', { config: { access: 'anonymous' }, schema: { hide: true } }, async (_req, reply) =>
        reply.type(registry.contentType).send(await registry.metrics()),
      );
    },
    async start(bus) {
      subs = [
        await bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, (u) => {
          if (u?.reason !== 'result') return;
          verdicts.inc({ status: name(u.status) });
          if (typeof u.time === 'number') runTime.observe(u.time);
        }),
        await bus.subscribe<{ at: number }>(PING_SUBJECT, (p) => {
          if (typeof p?.at === 'number') lag.set(Math.max(0, (Date.now() - p.at) / 1000));
        }),
        await bus.subscribe<{ kind?: string; name?: string; sockets?: number }>(
          Subjects.adminProcessAll,
          (p) => {
            if (p?.kind === 'gateway' && typeof p.name === 'string' && typeof p.sockets === 'number')
              sockets.set({ gateway: p.name }, p.sockets);
          },
        ),
      ];
      const send = () => void bus.publish(PING_SUBJECT, { at: Date.now() }).catch(() => undefined);
      send();
      ping = setInterval(send, o.pingMs ?? 5000);
      ping.unref();
    },
    async stop() {
      if (ping) clearInterval(ping);
      for (const u of subs) await u();
      subs = [];
    },
  };
}
