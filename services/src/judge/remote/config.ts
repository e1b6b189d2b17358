// The remote judge's settings from the environment (OJ_REMOTE_*), validated like the platform's
// own (platform/config.ts): a typo fails at start-up with a message naming the variable.
//   OJ_REMOTE_POLL_MS (2500) × OJ_REMOTE_POLL_TRIES (60): result polling (judge.md §6.2)
//   OJ_REMOTE_ACCOUNT_WAIT_MS (3000) × OJ_REMOTE_ACCOUNT_TRIES (200): waiting for a free account
//   OJ_REMOTE_CONCURRENCY (16): judgings in flight per worker (most of their time is waiting)
//   OJ_REMOTE_BASE_<OJ> (HDU, CF, GYM, POJ, SPOJ, AC, LIBRE): a judge's base URL (tests: the fakes)
//   OJ_REMOTE_JUDGE_NAME: the worker's name (lease holder); default from host and pid
import type { RemoteBases } from './adapters';
import { REMOTE_JUDGES, type RemoteJudgeName } from './types';
import { DEFAULT_TIMINGS, type RemoteTimings } from './worker';

type Env = Record<string, string | undefined>;

export interface RemoteJudgeConfig {
  timings: RemoteTimings;
  concurrency: number;
  bases: RemoteBases;
  workerName: string | undefined;
}

export class RemoteConfigError extends Error {
  override name = 'RemoteConfigError';
}

const read = (env: Env, name: string) => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new RemoteConfigError(`${name} must be an integer, got "${raw}"`);
  const v = Number(raw);
  if (v < min || v > max) throw new RemoteConfigError(`${name} must be between ${min} and ${max}, got ${v}`);
  return v;
}

function base(env: Env, oj: RemoteJudgeName): string | undefined {
  const name = `OJ_REMOTE_BASE_${oj}`;
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemoteConfigError(`${name} is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RemoteConfigError(`${name} must use http: or https:, got "${url.protocol}"`);
  return raw.endsWith('/') ? raw : `${raw}/`;
}

export function remoteConfigFromEnv(env: Env = process.env): RemoteJudgeConfig {
  const bases: RemoteBases = {};
  for (const oj of REMOTE_JUDGES) {
    const b = base(env, oj);
    if (b) bases[oj] = b;
  }
  return {
    timings: {
      pollEveryMs: int(env, 'OJ_REMOTE_POLL_MS', DEFAULT_TIMINGS.pollEveryMs, 1, 600_000),
      pollTries: int(env, 'OJ_REMOTE_POLL_TRIES', DEFAULT_TIMINGS.pollTries, 1, 1_000_000),
      accountEveryMs: int(env, 'OJ_REMOTE_ACCOUNT_WAIT_MS', DEFAULT_TIMINGS.accountEveryMs, 1, 600_000),
      accountTries: int(env, 'OJ_REMOTE_ACCOUNT_TRIES', DEFAULT_TIMINGS.accountTries, 1, 1_000_000),
    },
    concurrency: int(env, 'OJ_REMOTE_CONCURRENCY', 16, 1, 1024),
    bases,
    workerName: read(env, 'OJ_REMOTE_JUDGE_NAME'),
  };
}
