// Prometheus metrics at /metrics: HTTP latency by route, the judge queue depth (submissions waiting
// or being judged), verdicts by status, judge run times, sockets connected (reported by gateways),
// event-bus lag (a ping through the bus every few seconds), plus the process defaults.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  /** Adds the HTTP latency hook, and GET /metrics behind the token when one is set (before the app is ready). */
  routes(app: App): void;
  /** Subscribes to the bus (verdicts, pings, gateway reports); opens the metrics port when one is set. */
  start(bus: Bus): Promise<void>;
  stop(): Promise<void>;
  /** The metrics port listening (OJ_METRICS_PORT; 0 = any free port), else null. */
  port(): number | null;
}

/**
 * Where /metrics is served (issue #23 item 15): never publicly. `token`: on the API port to
 * `Authorization: Bearer <token>` only; `port`: alone on its own port (keep it off the public
 * network; 0 = any free port). Neither: not served at all.
 */
export interface MetricsExposure {
  token?: string;
  port?: number;
  host?: string;
}

/** Constant-time comparison of the presented bearer token with the configured one. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const want = Buffer.from(`Bearer ${token}`);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** The metrics of one API process. */
export function createMetrics(o: {
  db: Kysely<Database>;
  pingMs?: number;
  exposure?: MetricsExposure;
}): Metrics {
  const exposure = o.exposure ?? {};
  let server: Server | null = null;
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
      // Prometheus text format, only to the scraper holding the configured token.
      const token = exposure.token;
      if (token)
        app.get(
          '/metrics',
          { config: { access: 'anonymous' }, schema: { hide: true } },
          async (req, reply) => {
            if (!bearerMatches(req.headers.authorization, token))
              return reply.code(404).send({ status: 404, msg: 'Not Found', data: null });
            return reply.type(registry.contentType).send(await registry.metrics());
          },
        );
    },
    port: () => (server ? (server.address() as AddressInfo).port : null),
    async start(bus) {
      if (exposure.port !== undefined) {
        const s = createServer((req, res) => {
          if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
            res.writeHead(404).end();
            return;
          }
          registry.metrics().then(
            (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
            () => res.writeHead(500).end(),
          );
        });
        await new Promise<void>((resolve, reject) => {
          s.once('error', reject);
          s.listen(exposure.port, exposure.host ?? '0.0.0.0', () => resolve());
        });
        server = s;
      }
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
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
      if (ping) clearInterval(ping);
      for (const u of subs) await u();
      subs = [];
    },
  };
}
