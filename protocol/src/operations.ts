/**
 * The wire contract's route table (issue #30): every JSON operation of `/api` keyed by
 * `"<METHOD> <path>"`, with its request schemas and its success envelope. Each capability keeps its
 * own table in `<capability>/operations.ts`; `api-operations.ts` joins them. The server builds each
 * route's Fastify schema from its entry (`routeSchema`), so validation, serialisation (fields not in
 * the schema never leave) and `/api/docs` all read the same objects, and the web client derives its
 * request and response types from the same table (type-only import: no TypeBox in the bundle).
 */
import type { Static, TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Operation {
  querystring?: TSchema;
  body?: TSchema;
  params?: TSchema;
  /** The success answer: an envelope (`EnvelopeOf(...)`), or the raw body of a non-envelope route. */
  response: TSchema;
}

export type OperationKey = `${HttpMethod} /api/${string}`;
export type OperationTable = Record<OperationKey, Operation>;

/** Fastify route schema parts of one operation (status 200 is the success answer). */
export type RouteSchemaOf<O extends Operation> = {
  querystring: O['querystring'];
  body: O['body'];
  params: O['params'];
  response: { 200: O['response'] };
};

/** The Fastify `schema` of an operation; spread it beside `tags`: `schema: { tags, ...routeSchema(op) }`. */
export function routeSchema<O extends Operation>(op: O): RouteSchemaOf<O> {
  const out: Record<string, unknown> = { response: { 200: op.response } };
  if (op.querystring) out.querystring = op.querystring;
  if (op.body) out.body = op.body;
  if (op.params) out.params = op.params;
  return out as RouteSchemaOf<O>;
}

// ---- type helpers for clients ----

type KeyOf<T, M extends HttpMethod> = Extract<keyof T, `${M} ${string}`>;

/** The paths a table answers for one method. */
export type PathsOf<T, M extends HttpMethod> = KeyOf<T, M> extends `${M} ${infer P}` ? P : never;

type Op<T, M extends HttpMethod, P extends string> = `${M} ${P}` extends keyof T ? T[`${M} ${P}`] : never;

/** Query parameters of an operation, as the client sends them (before the server's coercion). */
export type QueryOf<T, M extends HttpMethod, P extends string> =
  Op<T, M, P> extends { querystring: infer Q extends TSchema } ? Static<Q> : Record<string, never>;

export type BodyOf<T, M extends HttpMethod, P extends string> =
  Op<T, M, P> extends { body: infer B extends TSchema } ? Static<B> : undefined;

/** The envelope's `data` of a success (null for envelopes that carry none). */
export type DataOf<T, M extends HttpMethod, P extends string> =
  Op<T, M, P> extends { response: infer R extends TSchema }
    ? Static<R> extends { data: infer D }
      ? [Exclude<D, null>] extends [never]
        ? null
        : Exclude<D, null>
      : Static<R>
    : never;

/** The whole success envelope of an operation. */
export type ResponseOf<T, M extends HttpMethod, P extends string> =
  Op<T, M, P> extends { response: infer R extends TSchema } ? Static<R> : never;
