// Process configuration, read once from the environment. Every value is
// validated here so a typo fails at start-up with a message naming the variable.
import { isIP } from 'node:net';
import path from 'node:path';

export interface MailConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  pass: string | undefined;
  from: string;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; absent means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** NATS server; absent means the in-process bus. */
  natsUrl: string | undefined;
  /** Absolute path of the data directory (embedded database, uploaded files). */
  dataDir: string;
  rootPassword: string | undefined;
  jwtExpireSeconds: number;
  jwtRefreshSeconds: number;
  /** OJ_JWT_SECRET: the token signing secret (≥ 32 characters); unset: generated once and kept in the database. */
  jwtSecret?: string;
  /**
   * Per client address: login tries a minute (OJ_LOGINS_PER_IP, each costs an argon2 hash) and
   * mail-sending requests per 10 minutes (OJ_MAILS_PER_IP). A classroom behind one NAT shares them.
   */
  ipLimits: { loginsPerMinute: number; mailsPer10Minutes: number };
  /**
   * OJ_TRUST_PROXY: addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is
   * believed (comma separated); unset: none, the client address is the connection's.
   */
  trustProxy: string[] | false;
  /**
   * /metrics: OJ_METRICS_TOKEN answers it on the API port to `Authorization: Bearer <token>`;
   * OJ_METRICS_PORT serves it alone on that port (keep it off the public network). Neither: not served.
   */
  metrics: { token?: string; port?: number };
  /** null when SMTP_HOST is unset: mail is disabled. */
  mail: MailConfig | null;
  baseUrl: string;
  logLevel: LogLevel;
  /** PostgreSQL connections per process (OJ_DB_POOL). */
  dbPool: number;
  /**
   * Test-case zip uploads (streamed to a temp file under dataDir, unpacked entry by entry):
   * the largest zip (OJ_MAX_TESTCASE_ZIP_MB, default 512), and against zip bombs the most
   * entries (OJ_MAX_TESTCASE_ZIP_ENTRIES, default 5000) and the largest sum of declared
   * uncompressed sizes (OJ_MAX_TESTCASE_UNZIPPED_MB, default 2048).
   */
  testCaseZip: TestCaseZipConfig;
  /** Issue #22/#23 bounds (absent: the defaults); see README's configuration table. */
  reliability?: ReliabilityConfig;
  /** Test data quotas and the collector of unreferenced upload blobs (issue #23 item 13; absent: defaults). */
  testDataQuota?: TestDataQuotaConfig;
}

export interface TestDataQuotaConfig {
  /** OJ_TESTCASE_QUOTA_USER_MB (default 4096): test data one uploader may hold (root: no limit). */
  userBytes: number;
  /** OJ_TESTCASE_QUOTA_GROUP_MB (default 8192): test data uploaded for one group. */
  groupBytes: number;
  /** OJ_BLOB_GC_GRACE_HOURS (default 24): an upload's blobs named by no problem are removed after this. */
  gcGraceMs: number;
  /** OJ_BLOB_GC_EVERY_MINUTES (default 60; 0: never): how often each API process collects. */
  gcEveryMs: number;
}

export interface ReliabilityConfig {
  /** OJ_SHED_MAX_INFLIGHT (default 512): API requests in flight past which new ones are shed. */
  shedMaxInFlight: number;
  /** OJ_SHED_MAX_LAG_MS (default 1000): event-loop lag past which new API requests are shed. */
  shedMaxLagMs: number;
  /** OJ_SUBMIT_BOUND_MS (default 5000): a submit not stored within this is refused, leaving nothing. */
  submitBoundMs: number;
  /** OJ_UPLOAD_STALE_MINUTES (default 5): temp uploads untouched this long, and held by no request, are swept. */
  uploadStaleMinutes: number;
  /** OJ_LOGIN_QUEUE (default 4096): password checks waiting for the pool past which sign-ins answer busy. */
  loginQueue: number;
  /** OJ_LOGIN_WAIT_MS (default 10000): longest a sign-in waits for the password pool before it answers busy. */
  loginWaitMs: number;
}

export interface TestCaseZipConfig {
  maxZipBytes: number;
  maxEntries: number;
  maxUnzippedBytes: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function readUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${url.protocol}"`);
  }
  return raw;
}

function readSecret(env: Env, name: string, minLength: number): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  if (raw.length < minLength) throw new ConfigError(`${name} must be at least ${minLength} characters`);
  return raw;
}

/** A comma-separated list of IPv4/IPv6 addresses or CIDR ranges; unset or empty: false. */
function readProxies(env: Env, name: string): string[] | false {
  const raw = read(env, name);
  if (raw === undefined) return false;
  const list = raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of list) {
    const [addr, bits, extra] = item.split('/');
    const v = isIP(addr ?? '');
    const max = v === 4 ? 32 : 128;
    if (!v || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max)))
      throw new ConfigError(`${name} must list IP addresses or CIDR ranges, got "${item}"`);
  }
  return list.length ? list : false;
}

function readMail(env: Env): MailConfig | null {
  const host = read(env, 'SMTP_HOST');
  if (host === undefined) return null;
  const secure = readBool(env, 'SMTP_SECURE', false);
  return {
    host,
    secure,
    port: readInt(env, 'SMTP_PORT', secure ? 465 : 587, 1, 65535),
    user: read(env, 'SMTP_USER'),
    pass: read(env, 'SMTP_PASS'),
    from: read(env, 'SMTP_FROM') ?? `no-reply@${host}`,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = readInt(env, 'PORT', 8080, 0, 65535);
  const logLevel = read(env, 'LOG_LEVEL')?.toLowerCase() ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const baseUrl = readUrl(env, 'OJ_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:', 'socket:']),
    // Passed through untouched: NATS also accepts host:port and comma-separated server lists.
    natsUrl: read(env, 'NATS_URL'),
    dataDir: path.resolve(read(env, 'OJ_DATA_DIR') ?? './data'),
    rootPassword: read(env, 'OJ_ROOT_PASSWORD'),
    jwtExpireSeconds: readInt(env, 'OJ_JWT_EXPIRE_S', 86400, 1, 10 * 365 * 86400),
    jwtRefreshSeconds: readInt(env, 'OJ_JWT_REFRESH_S', 43200, 0, 10 * 365 * 86400),
    jwtSecret: readSecret(env, 'OJ_JWT_SECRET', 32),
    ipLimits: {
      loginsPerMinute: readInt(env, 'OJ_LOGINS_PER_IP', 120, 1, 1_000_000),
      // 30 (README, docs/compat.md X15): a classroom behind one NAT shares the budget.
      mailsPer10Minutes: readInt(env, 'OJ_MAILS_PER_IP', 30, 1, 1_000_000),
    },
    trustProxy: readProxies(env, 'OJ_TRUST_PROXY'),
    metrics: {
      token: readSecret(env, 'OJ_METRICS_TOKEN', 16),
      port:
        read(env, 'OJ_METRICS_PORT') === undefined ? undefined : readInt(env, 'OJ_METRICS_PORT', 0, 1, 65535),
    },
    mail: readMail(env),
    baseUrl: baseUrl.replace(/\/+$/, ''),
    logLevel: logLevel as LogLevel,
    // 20: 32 concurrent mixed reads (problem list, submission list, contest rank) on one API process
    // with verdicts flowing (services/bench/reliability.ts, 2 cores shared with other work): at load
    // 13-15, 239 req/s p99 597 ms at 20 against 193 req/s p99 769 ms at 10; at load 9, 1,048 req/s
    // p99 149 ms against 1,066 req/s p99 143 ms (the same). Never worse, sometimes better.
    dbPool: readInt(env, 'OJ_DB_POOL', 20, 1, 500),
    testCaseZip: {
      maxZipBytes: readInt(env, 'OJ_MAX_TESTCASE_ZIP_MB', 512, 1, 1024 * 1024) * 1048576,
      maxEntries: readInt(env, 'OJ_MAX_TESTCASE_ZIP_ENTRIES', 5000, 2, 65535),
      maxUnzippedBytes: readInt(env, 'OJ_MAX_TESTCASE_UNZIPPED_MB', 2048, 1, 1024 * 1024) * 1048576,
    },
    reliability: {
      shedMaxInFlight: readInt(env, 'OJ_SHED_MAX_INFLIGHT', 512, 0, 1_000_000),
      shedMaxLagMs: readInt(env, 'OJ_SHED_MAX_LAG_MS', 1000, 0, 600_000),
      submitBoundMs: readInt(env, 'OJ_SUBMIT_BOUND_MS', 5000, 100, 600_000),
      uploadStaleMinutes: readInt(env, 'OJ_UPLOAD_STALE_MINUTES', 5, 1, 24 * 60),
      loginQueue: readInt(env, 'OJ_LOGIN_QUEUE', 4096, 1, 1_000_000),
      loginWaitMs: readInt(env, 'OJ_LOGIN_WAIT_MS', 10_000, 100, 600_000),
    },
    testDataQuota: {
      userBytes: readInt(env, 'OJ_TESTCASE_QUOTA_USER_MB', 4096, 1, 1024 * 1024) * 1048576,
      groupBytes: readInt(env, 'OJ_TESTCASE_QUOTA_GROUP_MB', 8192, 1, 1024 * 1024) * 1048576,
      gcGraceMs: readInt(env, 'OJ_BLOB_GC_GRACE_HOURS', 24, 1, 24 * 365) * 3_600_000,
      gcEveryMs: readInt(env, 'OJ_BLOB_GC_EVERY_MINUTES', 60, 0, 24 * 60) * 60_000,
    },
  };
}
