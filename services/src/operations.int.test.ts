// Issue #30: protocol's route table is the contract. Every JSON route the platform registers under
// /api is in the table with the very schema objects the table holds (so validation, serialisation
// and /api/docs read one source), every table entry is served, and /api/docs documents a success
// response for every operation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOperations } from '@oj/protocol/api-operations';
import type { Operation } from '@oj/protocol/operations';
import { loadConfig } from './platform/config';
import { createPlatform, type Platform } from './compose';

const dataDir = mkdtempSync(join(tmpdir(), 'oj-operations-'));
let platform: Platform;

beforeAll(async () => {
  platform = await createPlatform({ config: loadConfig({ OJ_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
  await platform.app.ready();
}, 120_000);

afterAll(async () => {
  await platform?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Routes outside the envelope contract: the Contest API (its own spec) and the docs themselves. */
const outside = (url: string) =>
  !url.startsWith('/api/') || url.startsWith('/api/ccs') || url.startsWith('/api/docs');

function served() {
  return platform.app.registeredRoutes.filter(
    (r) => !outside(r.url) && !(r.schema as { hide?: boolean } | undefined)?.hide,
  );
}

const table = apiOperations as Record<string, Operation>;

describe('the route table and the served routes', () => {
  it('serves every route from its table entry, with the same schema objects', () => {
    const problems: string[] = [];
    for (const route of served()) {
      const key = `${route.method} ${route.url}`;
      const op = table[key];
      const schema = (route.schema ?? {}) as Record<string, unknown> & { response?: Record<number, unknown> };
      if (!op) {
        problems.push(`${key}: not in the table`);
        continue;
      }
      if (schema.response?.[200] !== op.response) problems.push(`${key}: response is not the table's`);
      for (const part of ['querystring', 'body', 'params'] as const)
        if ((schema[part] ?? undefined) !== (op[part] ?? undefined))
          problems.push(`${key}: ${part} is not the table's`);
    }
    expect(problems).toEqual([]);
  });

  it('registers every operation of the table', () => {
    const keys = new Set(served().map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(table).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('documents a success schema for every operation in /api/docs', async () => {
    const res = await platform.app.inject({ url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
      >;
    };
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (outside(path)) continue;
      for (const [method, op] of Object.entries(methods))
        if (!Object.values(op.responses?.['200']?.content ?? {}).some((c) => c.schema))
          missing.push(`${method.toUpperCase()} ${path}`);
    }
    expect(missing).toEqual([]);
  });
});
