// The reference's service-info shapes (groups-admin-files.md §4.5): its dashboard draws Nacos
// `ServiceInstance`s and each judge server's `/get-sys-config` figures. There is no Nacos here;
// these pure functions dress this platform's own process reports in those shapes.
import type { JudgeHeartbeat } from '@oj/protocol/judge/schemas';
import type { JudgeServer, JudgeServiceInfo, ProcessInfo, ServiceInstance } from '@oj/protocol/admin/schemas';

/** A process reporting itself within this window counts as healthy (beacons come every 5 s). */
export const HEALTHY_WITHIN_MS = 15_000;

const SERVICE_ID: Record<ProcessInfo['kind'], string> = {
  api: 'oj-api',
  gateway: 'oj-gateway',
  runner: 'oj-judge-runner',
};

const percent = (x: number) => `${x.toFixed(2)}%`;

export function serviceInstanceOf(
  p: ProcessInfo,
  o: { now: number; healthy?: boolean; port?: number | null },
): ServiceInstance {
  const healthy = o.healthy ?? o.now - p.lastSeen < HEALTHY_WITHIN_MS;
  const host = p.host ?? null;
  const port = o.port ?? null;
  const metadata: Record<string, string> = {
    'nacos.healthy': String(healthy),
    kind: p.kind,
  };
  if (p.pid != null) metadata.pid = String(p.pid);
  return {
    serviceId: SERVICE_ID[p.kind],
    instanceId: p.name,
    host,
    port,
    secure: false,
    scheme: 'http',
    uri: host && port ? `http://${host}:${port}` : null,
    metadata,
  };
}

/** A judge server as the reference's judge service info lists it, plus our row. */
export function judgeServiceInfoOf(
  s: JudgeServer,
  hb: JudgeHeartbeat | undefined,
  runner: ProcessInfo,
  now: number,
): JudgeServiceInfo {
  const cores = hb?.cpuCores ?? null;
  return {
    ...s,
    cpuCores: cores,
    percentCpuLoad: cores ? percent((s.load / cores) * 100) : null,
    percentMemoryLoad: typeof hb?.memoryPercent === 'number' ? percent(hb.memoryPercent) : null,
    service: serviceInstanceOf(runner, { now, healthy: s.state === 'up' }),
  };
}
