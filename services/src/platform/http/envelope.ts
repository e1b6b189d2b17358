import type { Envelope } from '@oj/protocol';

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { status: 200, msg, data };
}

export function okEmpty(msg = 'success'): Envelope<null> {
  return { status: 200, msg, data: null };
}
