// Both locales must carry every key, and every key the code asks for must exist.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

function leaves(obj: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const zh = leaves(zhCN);
const en = leaves(enUS);

describe('locales', () => {
  it('have the same keys and no empty strings', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    for (const [key, value] of [...zh, ...en]) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('contain every literal key the code translates', () => {
    const root = join(__dirname, '..');
    const pattern =
      /\bt\(\s*'([A-Za-z0-9_.]+)'|titleKey="([A-Za-z0-9_.]+)"|label: '([a-z]+\.[A-Za-z0-9_.]+)'|return '([A-Z][A-Za-z_]+)'/g;
    const used = new Set<string>();
    for (const file of sourceFiles(root)) {
      for (const m of readFileSync(file, 'utf8').matchAll(pattern)) used.add((m[1] ?? m[2] ?? m[3] ?? m[4])!);
    }
    expect(used.size).toBeGreaterThan(50);
    // A plural key (`t('a.total', { count })`) exists as a.total_one / a.total_other.
    const missing = [...used].filter((k) => !zh.has(k) && !zh.has(`${k}_other`));
    expect(missing).toEqual([]);
  });
});
