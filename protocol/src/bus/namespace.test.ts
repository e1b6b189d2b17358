import { describe, expect, it } from 'vitest';
import { natsNamespace } from './namespace';

describe('natsNamespace', () => {
  it('uses the default names when unset or blank', () => {
    expect(natsNamespace(undefined)).toEqual({});
    expect(natsNamespace('  ')).toEqual({});
  });
  it('prefixes streams, subjects and the blob bucket', () => {
    expect(natsNamespace('ci_42')).toEqual({
      streamPrefix: 'ci_42',
      subjectPrefix: 'ci_42',
      bucket: 'ci_42-blobs',
    });
  });
  it('refuses names NATS would reject', () => {
    expect(() => natsNamespace('a.b')).toThrow(/OJ_NATS_PREFIX/);
    expect(() => natsNamespace('x'.repeat(33))).toThrow(/OJ_NATS_PREFIX/);
  });
});
