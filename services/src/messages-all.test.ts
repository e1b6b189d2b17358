// Issue #26 item 7: every server message of every capability's catalog, and every seeded name, has
// an English twin (patterned messages are called with sample arguments). The catalogs are found
// on disk (every `messages.ts` and `*-messages.ts` under src), so a new capability's catalog is
// walked without being listed here; English twins live in the catalogs or in `messages.en.ts`.
// The seeded names are read from the seeds themselves (migration 0008, the training capability).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { translateMessage } from './platform/http/message-catalog';
import { SEEDED_NAMES } from './seed-names';

const CJK = /[\u4e00-\u9fff]/;
const SRC = dirname(fileURLToPath(import.meta.url));

/** Every catalog module under src (`messages.ts`, `*-messages.ts`) and every `messages.en.ts`. */
function catalogFiles(): { catalogs: string[]; twins: string[] } {
  const all = (readdirSync(SRC, { recursive: true }) as string[]).map((f) => f.split('\\').join('/'));
  return {
    catalogs: all.filter((f) => /(^|\/|-)messages\.ts$/.test(f)).sort(),
    twins: all.filter((f) => /(^|\/)messages\.en\.ts$/.test(f)).sort(),
  };
}
const files = catalogFiles();
for (const twin of files.twins) await import(/* @vite-ignore */ `./${twin}`);
const CATALOGS: [string, Record<string, unknown>][] = [];
for (const file of files.catalogs)
  CATALOGS.push([
    relative(SRC, join(SRC, file)),
    (await import(/* @vite-ignore */ `./${file}`)) as Record<string, unknown>,
  ]);

/** Every Chinese text of a catalog: strings, and functions called with sample arguments. */
function texts(catalog: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, v] of Object.entries(catalog)) {
    if (typeof v === 'string') out.push([key, v]);
    else if (typeof v === 'function') {
      const n = v.length;
      const tries: unknown[][] = [
        Array.from({ length: n }, (_x, i) => (i % 2 === 0 ? 7 : 'x')),
        Array.from({ length: n }, () => 7),
        Array.from({ length: n }, () => 'x'),
        Array.from({ length: n }, (_x, i) => (i === n - 1 ? ['x', 'y'] : 7)),
      ];
      let made: unknown;
      for (const args of tries) {
        try {
          made = (v as (...a: unknown[]) => unknown)(...args);
          break;
        } catch {
          // the next sample arguments
        }
      }
      if (typeof made === 'string') out.push([key, made]);
    } else if (v && typeof v === 'object')
      out.push(
        ...texts(v as Record<string, unknown>).map(([k, s]) => [`${key}.${k}`, s] as [string, string]),
      );
  }
  // Texts the reference already writes in both languages ("欢迎加入团队(Welcome to The Group)").
  const bilingual = /[(（【][A-Za-z][^)）】]*[)）】]/;
  return out.filter(([, s]) => CJK.test(s) && !bilingual.test(s));
}

describe('every server message and seeded name in both languages (issue #26 item 7)', () => {
  it('finds the catalogs, among them the batch import and the training ones', () => {
    const names = CATALOGS.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['admin/messages.ts', 'training/messages.ts']));
    expect(names.length).toBeGreaterThanOrEqual(15);
  });

  it.each(CATALOGS)('%s: each Chinese message has an English twin', (_name, catalog) => {
    const missing = texts(catalog)
      .filter(([, zh]) => CJK.test(translateMessage(zh, 'en-US')))
      .map(([key, zh]) => `${key}: ${zh}`);
    expect(missing).toEqual([]);
  });

  it('every Chinese message thrown inline (fail / ApiError with a literal) has an English twin', async () => {
    const thrown: [string, string][] = [];
    const source = (readdirSync(SRC, { recursive: true }) as string[])
      .map((f) => f.split('\\').join('/'))
      .filter((f) => f.endsWith('.ts') && !/\.test\.ts$|\/migrations\/|\/fakes\//.test(f));
    for (const file of source) {
      const text = readFileSync(join(SRC, file), 'utf8');
      const found = [...text.matchAll(/\b(?:fail|ApiError)\((?:\d+, )?'([^'\n]*)'/g)]
        .map((m) => m[1]!)
        .filter((msg) => CJK.test(msg));
      if (found.length === 0) continue;
      // the module registers its own twins when imported, as it is at run time
      await import(/* @vite-ignore */ `./${file}`);
      thrown.push(...found.map((msg): [string, string] => [file, msg]));
    }
    expect(thrown.length).toBeGreaterThan(50);
    const missing = thrown
      .filter(([, zh]) => CJK.test(translateMessage(zh, 'en-US')))
      .map(([file, zh]) => `${file}: ${zh}`);
    expect(missing).toEqual([]);
  });

  it('the batch import row reasons are among the walked texts', async () => {
    const { M } = await import('./admin/messages');
    const walked = texts(M as unknown as Record<string, unknown>).map(([key]) => key);
    for (const key of ['ROW_USERNAME', 'ROW_PASSWORD', 'ROW_DUPLICATE', 'ROW_EMAIL', 'ROW_REPEATED'])
      expect(walked).toContain(key);
  });

  it('the seeded names are exactly what the seeds insert', () => {
    const migration = readFileSync(join(SRC, 'platform/db/migrations/0008_discussion_post.ts'), 'utf8');
    const insert = /insert into discussion_category \(name\) values ([^`]+)`/.exec(migration)![1]!;
    const discussion = [...insert.matchAll(/\('([^']+)'\)/g)].map((m) => m[1]!);
    const training = readFileSync(join(SRC, 'training/index.ts'), 'utf8');
    const home = [...training.matchAll(/name: '([^']+)', color/g)].map((m) => m[1]!);
    expect(discussion).toHaveLength(5);
    expect(home).toHaveLength(3);
    expect([...SEEDED_NAMES].sort()).toEqual([...discussion, ...home].sort());
  });

  it('each seeded name has an English twin', () => {
    const missing = SEEDED_NAMES.filter((zh) => CJK.test(translateMessage(zh, 'en-US')));
    expect(missing).toEqual([]);
  });
});
