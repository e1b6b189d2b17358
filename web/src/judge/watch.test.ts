import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { POLL_INTERVAL_MS, RESYNC_DELAYS_MS, resyncDelay, retryableFailure } from './watch';

describe('submission watch rules', () => {
  it('reads again quickly after the last push, then less often; every 2 s without a socket', () => {
    expect(resyncDelay(true, 0)).toBe(RESYNC_DELAYS_MS[0]);
    expect(resyncDelay(true, 1)).toBe(RESYNC_DELAYS_MS[1]);
    expect(resyncDelay(true, 50)).toBe(RESYNC_DELAYS_MS.at(-1));
    expect(RESYNC_DELAYS_MS[0]).toBeLessThanOrEqual(2000);
    expect(resyncDelay(false, 7)).toBe(POLL_INTERVAL_MS);
  });

  it('tries a failed read again unless the server refused the submission', () => {
    expect(retryableFailure(new TypeError('fetch failed'))).toBe(true);
    const err = (failure: ConstructorParameters<typeof ApiError>[0]) => new ApiError(failure, 'x');
    expect(retryableFailure(err({ kind: 'network', key: 'error.network' }))).toBe(true);
    expect(retryableFailure(err({ kind: 'timeout', key: 'error.timeout' }))).toBe(true);
    expect(retryableFailure(err({ kind: 'http', status: 502, msg: null, key: 'error.server' }))).toBe(true);
    expect(retryableFailure(err({ kind: 'envelope', status: 500, msg: null, key: 'error.server' }))).toBe(
      true,
    );
    expect(retryableFailure(err({ kind: 'envelope', status: 403, msg: 'no', key: 'error.server' }))).toBe(
      false,
    );
    expect(retryableFailure(err({ kind: 'forbidden', msg: null }))).toBe(false);
    expect(retryableFailure(err({ kind: 'notFound', key: 'error.notFound' }))).toBe(false);
  });
});
