import { Type, type TSchema, type Static } from '@sinclair/typebox';

/** Envelope status values of the wire contract (reference/api/core.md §0.1). */
export const EnvelopeStatus = {
  OK: 200,
  FAIL: 400,
  ACCESS_DENIED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  SYSTEM_ERROR: 500,
} as const;
export type EnvelopeStatus = (typeof EnvelopeStatus)[keyof typeof EnvelopeStatus];

/** Every JSON response: `{ status, msg, data }`; `data` is always present (null when empty). */
export interface Envelope<T> {
  status: number;
  msg: string;
  data: T | null;
}

/** Schema of an envelope wrapping `data`, for Fastify response serialization and OpenAPI. */
export const EnvelopeOf = <T extends TSchema>(data: T) =>
  Type.Object({
    status: Type.Integer(),
    msg: Type.String(),
    data: Type.Union([data, Type.Null()]),
  });

export const EmptyEnvelope = EnvelopeOf(Type.Null());

/** MyBatis-Plus style page (reference/api/core.md §0.3). */
export const PageOf = <T extends TSchema>(record: T) =>
  Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    orders: Type.Array(Type.Object({ column: Type.String(), asc: Type.Boolean() })),
    searchCount: Type.Boolean(),
    pages: Type.Integer(),
  });
export type Page<T> = {
  records: T[];
  total: number;
  size: number;
  current: number;
  orders: { column: string; asc: boolean }[];
  searchCount: boolean;
  pages: number;
};

/** Largest page size any list endpoint honours. */
export const MAX_PAGE_SIZE = 500;

export function makePage<T>(records: T[], total: number, size: number, current: number): Page<T> {
  return {
    records,
    total,
    size,
    current,
    orders: [],
    searchCount: true,
    pages: size > 0 ? Math.ceil(total / size) : 0,
  };
}

export type StaticEnvelope<T extends TSchema> = Envelope<Static<T>>;

/** ISO-8601 UTC date with a colon-less offset, as the original serializes dates: 2023-05-01T08:30:00.000+0000 */
export function toDateStr(d: Date | string | null | undefined): string | null {
  if (d == null) return null;
  const date = typeof d === 'string' ? new Date(d) : d;
  return date.toISOString().replace('Z', '+0000');
}

/** The success answer of a download or image route: the file's bytes (documented, never serialised). */
export const FileBytes = Type.String({ format: 'binary', description: 'the file' });
