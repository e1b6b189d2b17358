import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Nullable, OptionalNullable } from './nullable';

describe('Nullable', () => {
  it('accepts null or what the inner schema accepts', () => {
    const S = Type.Object({ a: Nullable(Type.Integer({ minimum: 1 })), b: OptionalNullable(Type.String()) });
    expect(Value.Check(S, { a: null })).toBe(true);
    expect(Value.Check(S, { a: 3, b: null })).toBe(true);
    expect(Value.Check(S, { a: 0 })).toBe(false);
    expect(Value.Check(S, { a: 'x' })).toBe(false);
    expect(Value.Check(S, { a: 2, b: 5 })).toBe(false);
  });
});
