import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      natsUrl: undefined,
      dataDir: path.resolve('./data'),
      rootPassword: undefined,
      jwtExpireSeconds: 86400,
      jwtRefreshSeconds: 43200,
      jwtSecret: undefined,
      trustProxy: false,
      metrics: { token: undefined, port: undefined },
      mail: null,
      baseUrl: 'http://localhost:8080',
      logLevel: 'info',
      dbPool: 20,
      ipLimits: { loginsPerMinute: 120, mailsPer10Minutes: 30 },
      testCaseZip: { maxZipBytes: 512 * 1048576, maxEntries: 5000, maxUnzippedBytes: 2048 * 1048576 },
      reliability: {
        shedMaxInFlight: 512,
        shedMaxLagMs: 1000,
        submitBoundMs: 5000,
        uploadStaleMinutes: 5,
        loginQueue: 4096,
        loginWaitMs: 10_000,
      },
      testDataQuota: {
        userBytes: 4096 * 1048576,
        groupBytes: 8192 * 1048576,
        gcGraceMs: 24 * 3_600_000,
        gcEveryMs: 60 * 60_000,
      },
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/oj',
      NATS_URL: 'nats://127.0.0.1:4222',
      OJ_DATA_DIR: '/var/lib/oj',
      OJ_ROOT_PASSWORD: 'secret',
      OJ_JWT_EXPIRE_S: '600',
      OJ_JWT_REFRESH_S: '300',
      SMTP_HOST: 'smtp.example.org',
      SMTP_PORT: '2525',
      SMTP_USER: 'mailer',
      SMTP_PASS: 'pw',
      SMTP_FROM: 'oj@example.org',
      SMTP_SECURE: 'true',
      OJ_BASE_URL: 'https://oj.example.org/',
      LOG_LEVEL: 'DEBUG',
      OJ_DB_POOL: '32',
      OJ_LOGINS_PER_IP: '500',
      OJ_MAILS_PER_IP: '99',
      OJ_MAX_TESTCASE_ZIP_MB: '64',
      OJ_MAX_TESTCASE_ZIP_ENTRIES: '100',
      OJ_MAX_TESTCASE_UNZIPPED_MB: '256',
      OJ_JWT_SECRET: 's'.repeat(32),
      OJ_TRUST_PROXY: '10.0.0.0/8, 192.168.1.2',
      OJ_METRICS_TOKEN: 'm'.repeat(16),
      OJ_METRICS_PORT: '9464',
      OJ_SHED_MAX_INFLIGHT: '100',
      OJ_SHED_MAX_LAG_MS: '250',
      OJ_SUBMIT_BOUND_MS: '3000',
      OJ_UPLOAD_STALE_MINUTES: '2',
      OJ_LOGIN_QUEUE: '64',
      OJ_LOGIN_WAIT_MS: '15000',
      OJ_TESTCASE_QUOTA_USER_MB: '10',
      OJ_TESTCASE_QUOTA_GROUP_MB: '20',
      OJ_BLOB_GC_GRACE_HOURS: '2',
      OJ_BLOB_GC_EVERY_MINUTES: '0',
    });
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/oj',
      natsUrl: 'nats://127.0.0.1:4222',
      dataDir: '/var/lib/oj',
      rootPassword: 'secret',
      jwtExpireSeconds: 600,
      jwtRefreshSeconds: 300,
      jwtSecret: 's'.repeat(32),
      trustProxy: ['10.0.0.0/8', '192.168.1.2'],
      metrics: { token: 'm'.repeat(16), port: 9464 },
      mail: {
        host: 'smtp.example.org',
        port: 2525,
        secure: true,
        user: 'mailer',
        pass: 'pw',
        from: 'oj@example.org',
      },
      baseUrl: 'https://oj.example.org',
      logLevel: 'debug',
      dbPool: 32,
      ipLimits: { loginsPerMinute: 500, mailsPer10Minutes: 99 },
      testCaseZip: { maxZipBytes: 64 * 1048576, maxEntries: 100, maxUnzippedBytes: 256 * 1048576 },
      reliability: {
        shedMaxInFlight: 100,
        shedMaxLagMs: 250,
        submitBoundMs: 3000,
        uploadStaleMinutes: 2,
        loginQueue: 64,
        loginWaitMs: 15_000,
      },
      testDataQuota: {
        userBytes: 10 * 1048576,
        groupBytes: 20 * 1048576,
        gcGraceMs: 2 * 3_600_000,
        gcEveryMs: 0,
      },
    });
  });

  it('refuses a pool size out of range', () => {
    expect(() => loadConfig({ OJ_DB_POOL: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ OJ_DB_POOL: 'many' })).toThrow(/OJ_DB_POOL/);
  });

  it('derives the base URL from PORT and resolves a relative data dir', () => {
    const config = loadConfig({ PORT: '9000', OJ_DATA_DIR: 'var/oj' });
    expect(config.baseUrl).toBe('http://localhost:9000');
    expect(config.dataDir).toBe(path.resolve('var/oj'));
  });

  it('takes a configured token secret, else leaves it to the database', () => {
    expect(loadConfig({}).jwtSecret).toBeUndefined();
    expect(loadConfig({ OJ_JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', SMTP_HOST: '  ', DATABASE_URL: '' });
    expect(config.port).toBe(8080);
    expect(config.mail).toBeNull();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('defaults SMTP port by SMTP_SECURE and sender by host', () => {
    expect(loadConfig({ SMTP_HOST: 'mx' }).mail).toMatchObject({
      port: 587,
      secure: false,
      from: 'no-reply@mx',
    });
    expect(loadConfig({ SMTP_HOST: 'mx', SMTP_SECURE: '1' }).mail).toMatchObject({ port: 465, secure: true });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer/],
    [{ PORT: '80.5' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ OJ_JWT_EXPIRE_S: '-1' }, /OJ_JWT_EXPIRE_S must be an integer/],
    [{ OJ_JWT_EXPIRE_S: '0' }, /OJ_JWT_EXPIRE_S must be between/],
    [{ SMTP_HOST: 'mx', SMTP_PORT: 'x' }, /SMTP_PORT must be an integer/],
    [{ SMTP_HOST: 'mx', SMTP_SECURE: 'maybe' }, /SMTP_SECURE must be true or false/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not a valid URL/],
    [{ DATABASE_URL: 'mysql://x/y' }, /DATABASE_URL must use/],
    [{ OJ_BASE_URL: 'ftp://x' }, /OJ_BASE_URL must use/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ OJ_JWT_SECRET: 'short' }, /OJ_JWT_SECRET must be at least 32 characters/],
    [{ OJ_MAX_TESTCASE_ZIP_MB: '0' }, /OJ_MAX_TESTCASE_ZIP_MB must be between/],
    [{ OJ_MAX_TESTCASE_ZIP_MB: '1.5' }, /OJ_MAX_TESTCASE_ZIP_MB must be an integer/],
    [{ OJ_MAX_TESTCASE_ZIP_ENTRIES: '70000' }, /OJ_MAX_TESTCASE_ZIP_ENTRIES must be between/],
    [{ OJ_SUBMIT_BOUND_MS: '50' }, /OJ_SUBMIT_BOUND_MS must be between/],
    [{ OJ_LOGIN_QUEUE: '0' }, /OJ_LOGIN_QUEUE must be between/],
    [{ OJ_LOGIN_WAIT_MS: '50' }, /OJ_LOGIN_WAIT_MS must be between/],
    [{ OJ_UPLOAD_STALE_MINUTES: 'soon' }, /OJ_UPLOAD_STALE_MINUTES must be an integer/],
  ])('rejects %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('reliability bounds (issues #22, #23)', () => {
  it('has defaults and reads every variable', () => {
    expect(loadConfig({}).reliability).toEqual({
      shedMaxInFlight: 512,
      shedMaxLagMs: 1000,
      submitBoundMs: 5000,
      uploadStaleMinutes: 5,
      loginQueue: 4096,
      loginWaitMs: 10_000,
    });
    expect(
      loadConfig({
        OJ_SHED_MAX_INFLIGHT: '0',
        OJ_SHED_MAX_LAG_MS: '250',
        OJ_SUBMIT_BOUND_MS: '3000',
        OJ_UPLOAD_STALE_MINUTES: '2',
        OJ_LOGIN_QUEUE: '64',
        OJ_LOGIN_WAIT_MS: '15000',
      }).reliability,
    ).toEqual({
      shedMaxInFlight: 0,
      shedMaxLagMs: 250,
      submitBoundMs: 3000,
      uploadStaleMinutes: 2,
      loginQueue: 64,
      loginWaitMs: 15_000,
    });
  });
});
