// Request schemas hardened once, at route registration, for every capability:
// - an integer without bounds is held to 32 bits (PostgreSQL `integer` columns), or to the safe
//   integer range for the 64-bit ids named in ID64_FIELDS (bigserial columns);
// - a number without bounds is held to ±1e15 (1e308 passes JSON but no column);
// - a string without a maxLength is held to STRING_LIMIT characters and an array without maxItems
//   to ARRAY_LIMIT items (fields with a rule of their own keep it; these only close what has none);
// - a union of one scalar type with null becomes a type list (`type: ['integer', 'null']`): ajv
//   coerces only values of neither type, so a JSON null stays null instead of turning into 0 or ""
//   in the first branch of an anyOf (the original client sends `gid: null` meaning "none"), and
//   a 0 stays 0.
// NUL characters and lone surrogates, which PostgreSQL text/json cannot store, are refused by
// `containsNul` (preValidation).

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  patternProperties?: Record<string, Schema>;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
  maxItems?: number;
}

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
export const NUMBER_LIMIT = 1e15;
/** The longest string any field takes without a limit of its own (a statement, a case typed in). */
export const STRING_LIMIT = 1 << 20;
/** The longest array any field takes without a limit of its own. */
export const ARRAY_LIMIT = 100_000;
/** Fields that hold ids of bigserial columns: they may exceed 32 bits. */
export const ID64_FIELDS: ReadonlySet<string> = new Set(['submitId', 'submitIds', 'submitIdList']);

const done = new WeakSet<object>();

function isNull(s: Schema): boolean {
  return s.type === 'null';
}

const SCALARS = ['integer', 'number', 'string', 'boolean'];
function isScalar(s: Schema): boolean {
  return typeof s.type === 'string' && SCALARS.includes(s.type) && !s.anyOf && !s.oneOf && !s.allOf;
}

/** Applies the bounds and the null-first order in place (schemas are shared TypeBox objects). */
export function hardenSchema(schema: unknown, field = ''): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Schema;
  if (done.has(s)) return;
  done.add(s);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const unbounded = (lo: keyof Schema, hi: keyof Schema) => s[lo] === undefined && s[hi] === undefined;
  if (types.includes('integer')) {
    const wide = ID64_FIELDS.has(field);
    if (unbounded('minimum', 'exclusiveMinimum')) s.minimum = wide ? -Number.MAX_SAFE_INTEGER : INT32_MIN;
    if (unbounded('maximum', 'exclusiveMaximum')) s.maximum = wide ? Number.MAX_SAFE_INTEGER : INT32_MAX;
  } else if (types.includes('number')) {
    if (unbounded('minimum', 'exclusiveMinimum')) s.minimum = -NUMBER_LIMIT;
    if (unbounded('maximum', 'exclusiveMaximum')) s.maximum = NUMBER_LIMIT;
  }
  if (types.includes('string') && s.maxLength === undefined) s.maxLength = STRING_LIMIT;
  if (types.includes('array') && s.maxItems === undefined) s.maxItems = ARRAY_LIMIT;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alts = s[key];
    if (!alts) continue;
    for (const a of alts) hardenSchema(a, field);
    const others = alts.filter((a) => !isNull(a));
    const only = others[0];
    if (others.length === 1 && alts.length === 2 && only && isScalar(only)) {
      const merged = s as Record<string, unknown>;
      delete merged[key];
      for (const [k, v] of Object.entries(only)) if (k !== 'type') merged[k] = v;
      merged.type = [only.type as string, 'null'];
    }
  }
  for (const a of s.allOf ?? []) hardenSchema(a, field);
  for (const [name, sub] of Object.entries(s.properties ?? {})) hardenSchema(sub, name);
  for (const sub of Object.values(s.patternProperties ?? {})) hardenSchema(sub, field);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    hardenSchema(s.additionalProperties, field);
  if (Array.isArray(s.items)) for (const i of s.items) hardenSchema(i, field);
  else if (s.items) hardenSchema(s.items, field);
}

/** A NUL, or a UTF-16 surrogate without its pair (not a character: PostgreSQL json refuses it). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a parsed request value holds a NUL or a lone surrogate in any string or key. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (UNSTORABLE.test(k) || containsNul(v, depth + 1)) return true;
  }
  return false;
}
