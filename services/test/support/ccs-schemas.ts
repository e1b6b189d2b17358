/**
 * The ICPC Contest API 2023-06 JSON schemas (the spec's own files, test/fixtures/ccs-specs-2023-06)
 * compiled once, with additional properties refused as the spec's check-api.sh does without its
 * extra-properties option.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import { expect } from 'vitest';

const SPECS = fileURLToPath(new URL('../fixtures/ccs-specs-2023-06', import.meta.url));
const ANCHOR = 'ANCHOR_TO_INSERT_REQUIRE_STRICT_PROPERTIES';
const ID = 'https://github.com/icpc/ccs-specs/raw/2023-06/json-schema/';

function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (!node || typeof node !== 'object') return node;
  const o = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, strict(v)]));
  if (o.$comment === ANCHOR) o.additionalProperties = false;
  return o;
}

// The spec's schemas keep definitions outside $defs (strict schema mode off) and check
// 0.001-multiples of seconds, which binary floats need a precision for.
const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
for (const f of readdirSync(SPECS).filter((n) => n.endsWith('.json')))
  ajv.addSchema(strict(JSON.parse(readFileSync(join(SPECS, f), 'utf8'))) as object);

/** Expects `data` to validate against the spec's schema file `schema` (e.g. `team.json`). */
export function expectCcsValid(schema: string, data: unknown, where: string): void {
  const check = ajv.getSchema(ID + schema)!;
  expect(check, schema).toBeTruthy();
  const ok = check(data);
  expect(ok, `${where}: ${ajv.errorsText(check.errors)} in ${JSON.stringify(data)}`).toBe(true);
}
