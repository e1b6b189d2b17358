/**
 * `T | null` for wire schemas: the one helper every capability's schemas use (each had its own
 * copy). An `anyOf` of the schema and null; the server's validator (Ajv 8 with type coercion)
 * tries the null branch without first coercing a null into 0, "" or false
 * (services/src/platform/http/app.test.ts holds it to that).
 */
import { Type, type TNull, type TSchema, type TUnion } from '@sinclair/typebox';

export type TNullable<T extends TSchema> = TUnion<[T, TNull]>;

export const Nullable = <T extends TSchema>(schema: T): TNullable<T> => Type.Union([schema, Type.Null()]);

/** An optional field that may also be null. */
export const OptionalNullable = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
