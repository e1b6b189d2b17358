// Values built from a route's JSON schema: a plausible request (for the authorization matrix)
// and hostile variants per field (for the fuzz test).

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
}

/** Supplies a value for a named field, or undefined to let the schema decide. */
export type Picker = (name: string, schema: JsonSchema) => unknown;

function branches(s: JsonSchema): JsonSchema[] | null {
  return s.anyOf ?? s.oneOf ?? null;
}

/** A value the schema accepts, preferring what `pick` says for a field of that name. */
export function sample(schema: JsonSchema | undefined, pick: Picker, name = ''): unknown {
  if (!schema) return undefined;
  const picked = pick(name, schema);
  if (picked !== undefined) return picked;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alts = branches(schema);
  if (alts) {
    const nonNull = alts.find((a) => a.type !== 'null') ?? alts[0]!;
    return sample(nonNull, pick, name);
  }
  if (schema.allOf?.length) return sample(schema.allOf[0], pick, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        const v = sample(sub, pick, key);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case 'array': {
      const n = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: n }, () => sample(schema.items, pick, name));
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** Leaf fields of an object schema: name, schema, whether the schema allows null. */
export interface Field {
  name: string;
  schema: JsonSchema;
  nullable: boolean;
  kind: 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'other';
}

export function fieldsOf(schema: JsonSchema | undefined): Field[] {
  if (!schema?.properties) return [];
  return Object.entries(schema.properties).map(([name, s]) => {
    const alts = branches(s) ?? [s];
    const types = alts.flatMap((a) => (Array.isArray(a.type) ? a.type : a.type ? [a.type] : []));
    const nullable = types.includes('null');
    const main = types.find((t) => t !== 'null');
    const kind = (
      ['integer', 'number', 'string', 'boolean', 'array', 'object'].includes(main ?? '') ? main : 'other'
    ) as Field['kind'];
    return { name, schema: s, nullable, kind };
  });
}

/** Hostile values for one field, by its kind. */
export function hostileValues(field: Field): unknown[] {
  const common: unknown[] = ['NaN', '\u0000', 'x'.repeat(100_000), { a: 1 }, [1, 2], true];
  switch (field.kind) {
    case 'integer':
    case 'number':
      return [2 ** 31, 2 ** 53 + 2, 1e308, -1, -(2 ** 31) - 1, 1.5, '1e308', 'NaN', '', ...common];
    case 'string':
      return ['\u0000', 'a\u0000b', 'x'.repeat(100_000), '', 12345, 1e308, '\ud800', ...common];
    case 'boolean':
      return ['maybe', 2, ...common];
    case 'array':
      return [[null], [2 ** 31], ['\u0000'], Array.from({ length: 2000 }, (_, i) => i), 'x', ...common];
    default:
      return common;
  }
}

/** Field names that hold ids (of rows in 32-bit or bigserial columns). */
const ID_NAME = /(^|[a-z])(id|Id|ID|Ids|IDs|IdList)$|^[a-z]?id$/;

/**
 * Ids past the 32-bit (and the safe-integer) range, in every form the field takes: numbers,
 * numeric strings, lists and comma-joined lists (issue #23 item 17). Empty for other fields.
 */
export function overflowIdValues(field: Field): unknown[] {
  if (!ID_NAME.test(field.name)) return [];
  switch (field.kind) {
    case 'integer':
    case 'number':
      return [2 ** 31, 2 ** 32 + 1, 2 ** 53 + 2, -(2 ** 31) - 1];
    case 'string':
      return ['2147483648', '9007199254740993', '1,2147483648'];
    case 'array':
      return [[2 ** 31], ['2147483648'], ['1,2147483648'], ['9007199254740993']];
    default:
      return [String(2 ** 31)];
  }
}
