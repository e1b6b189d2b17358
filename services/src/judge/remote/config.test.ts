// OJ_REMOTE_* parsing: defaults (the reference's timings), every variable read, bad values refused
// with the variable's name, base URLs checked and given their trailing slash.
import { describe, expect, it } from 'vitest';
import { createAdapters } from './adapters';
import { RemoteConfigError, remoteConfigFromEnv } from './config';

describe('remoteConfigFromEnv', () => {
  it('applies the reference timings on an empty environment', () => {
    expect(remoteConfigFromEnv({})).toEqual({
      timings: { pollEveryMs: 2500, pollTries: 60, accountEveryMs: 3000, accountTries: 200 },
      concurrency: 16,
      bases: {},
      workerName: undefined,
    });
  });

  it('reads every variable', () => {
    const c = remoteConfigFromEnv({
      OJ_REMOTE_POLL_MS: '100',
      OJ_REMOTE_POLL_TRIES: '7',
      OJ_REMOTE_ACCOUNT_WAIT_MS: '50',
      OJ_REMOTE_ACCOUNT_TRIES: '3',
      OJ_REMOTE_CONCURRENCY: '4',
      OJ_REMOTE_BASE_HDU: 'http://127.0.0.1:9001',
      OJ_REMOTE_BASE_CF: 'http://127.0.0.1:9002/',
      OJ_REMOTE_BASE_LIBRE: ' https://loj.example/api/ ',
      OJ_REMOTE_JUDGE_NAME: 'remote-a',
    });
    expect(c).toEqual({
      timings: { pollEveryMs: 100, pollTries: 7, accountEveryMs: 50, accountTries: 3 },
      concurrency: 4,
      bases: {
        HDU: 'http://127.0.0.1:9001/',
        CF: 'http://127.0.0.1:9002/',
        LIBRE: 'https://loj.example/api/',
      },
      workerName: 'remote-a',
    });
  });

  it('treats empty values as unset', () => {
    expect(remoteConfigFromEnv({ OJ_REMOTE_POLL_MS: '', OJ_REMOTE_BASE_HDU: '  ' })).toMatchObject({
      timings: { pollEveryMs: 2500 },
      bases: {},
    });
  });

  it('refuses bad numbers and URLs, naming the variable', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ OJ_REMOTE_POLL_MS: '2.5s' }, /OJ_REMOTE_POLL_MS must be an integer/],
      [{ OJ_REMOTE_POLL_TRIES: '0' }, /OJ_REMOTE_POLL_TRIES must be between 1/],
      [{ OJ_REMOTE_ACCOUNT_WAIT_MS: '-5' }, /OJ_REMOTE_ACCOUNT_WAIT_MS must be an integer/],
      [{ OJ_REMOTE_ACCOUNT_TRIES: '99999999' }, /OJ_REMOTE_ACCOUNT_TRIES must be between/],
      [{ OJ_REMOTE_CONCURRENCY: '0' }, /OJ_REMOTE_CONCURRENCY must be between 1 and 1024/],
      [{ OJ_REMOTE_BASE_POJ: 'poj.org' }, /OJ_REMOTE_BASE_POJ is not a valid URL/],
      [{ OJ_REMOTE_BASE_SPOJ: 'ftp://spoj.com/' }, /OJ_REMOTE_BASE_SPOJ must use http: or https:/],
    ];
    for (const [env, message] of bad) {
      expect(() => remoteConfigFromEnv(env)).toThrow(RemoteConfigError);
      expect(() => remoteConfigFromEnv(env)).toThrow(message);
    }
  });

  it('points the adapters at the configured bases (GYM follows CF)', () => {
    const { bases } = remoteConfigFromEnv({ OJ_REMOTE_BASE_CF: 'http://127.0.0.1:9002' });
    const adapters = createAdapters(bases);
    expect(adapters.CF!.session().url('enter')).toBe('http://127.0.0.1:9002/enter');
    expect(adapters.GYM!.session().url('gym/1/submit')).toBe('http://127.0.0.1:9002/gym/1/submit');
    expect(adapters.HDU!.session().url('status.php')).toBe('https://acm.hdu.edu.cn/status.php');
  });
});
