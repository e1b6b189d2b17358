// The platform's OpenAPI document as stable text: the platform is composed in-process on a
// throwaway PGlite data dir, asked for /api/docs/json, and closed. Keys are sorted so the file
// only changes when the contract does (the test compares it byte for byte).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlatform } from '@oj/services/compose';
import { loadConfig } from '@oj/services/platform/config';

/** A JSON value with every object's keys in code-point order (array order is meaning, kept). */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
}

/** The OpenAPI document served at /api/docs/json, as the text written to sdk/openapi.json. */
export async function buildOpenApiText(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-sdk-openapi-'));
  const platform = await createPlatform({
    config: loadConfig({ OJ_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  });
  try {
    await platform.app.ready();
    const res = await platform.app.inject({ method: 'GET', url: '/api/docs/json' });
    if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
    return `${JSON.stringify(sortKeys(res.json()), null, 2)}\n`;
  } finally {
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
