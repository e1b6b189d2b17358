import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { ARRAY_LIMIT, containsNul, hardenSchema, INT32_MAX, INT32_MIN, STRING_LIMIT } from './request-bounds';

describe('request schema hardening', () => {
  it('bounds integers to 32 bits, 64-bit ids to safe integers, numbers to 1e15; keeps explicit bounds', () => {
    const s = Type.Object({
      cid: Type.Integer(),
      submitId: Type.Integer(),
      limit: Type.Integer({ minimum: 1, maximum: 100 }),
      ratio: Type.Number(),
      list: Type.Array(Type.Integer()),
    });
    hardenSchema(s);
    expect(s.properties.cid).toMatchObject({ minimum: INT32_MIN, maximum: INT32_MAX });
    expect(s.properties.submitId).toMatchObject({ maximum: Number.MAX_SAFE_INTEGER });
    expect(s.properties.limit).toMatchObject({ minimum: 1, maximum: 100 });
    expect(s.properties.ratio).toMatchObject({ maximum: 1e15 });
    expect(s.properties.list.items).toMatchObject({ maximum: INT32_MAX });
  });

  it('bounds strings and arrays that have no limit of their own, keeping explicit limits', () => {
    const s = Type.Object({
      content: Type.String(),
      title: Type.String({ maxLength: 255 }),
      tags: Type.Array(Type.String()),
      pick: Type.Array(Type.Integer(), { maxItems: 3 }),
      note: Type.Union([Type.String(), Type.Null()]),
    });
    hardenSchema(s);
    expect(s.properties.content).toMatchObject({ maxLength: STRING_LIMIT });
    expect(s.properties.title).toMatchObject({ maxLength: 255 });
    expect(s.properties.tags).toMatchObject({ maxItems: ARRAY_LIMIT, items: { maxLength: STRING_LIMIT } });
    expect(s.properties.pick).toMatchObject({ maxItems: 3 });
    expect(s.properties.note).toMatchObject({ type: ['string', 'null'], maxLength: STRING_LIMIT });
  });

  it('turns a scalar-or-null union into a type list, keeping its bounds', () => {
    const s = Type.Object({ gid: Type.Union([Type.Integer(), Type.Null()]) });
    hardenSchema(s);
    expect(s.properties.gid).toMatchObject({ type: ['integer', 'null'], maximum: INT32_MAX });
    expect(s.properties.gid).not.toHaveProperty('anyOf');
  });

  it('finds NUL characters in nested strings and keys', () => {
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul({ a: ['fine', 1, null] })).toBe(false);
    expect(containsNul({ a: 'x\ud800' })).toBe(true);
    expect(containsNul({ a: '\udc00x' })).toBe(true);
    expect(containsNul({ a: 'emoji 😀' })).toBe(false);
  });
});
