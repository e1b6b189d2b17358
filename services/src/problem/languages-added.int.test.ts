// /api/languages lists the languages of issue #25 item 4 with the reference's Language fields
// (reference/api/core.md), also on a database seeded before they existed (the seed runs at every
// start and adds the missing rows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSite } from '../site/seed';
import { DEFAULT_LANGUAGES } from '../site/languages';
import { createHarness, type Harness } from './test-harness';
import * as repo from './repository';

const ADDED = ['Pascal', 'Haskell', 'OCaml', 'Common Lisp', 'Perl', 'Lua', 'Fortran', 'Kotlin'];
const REFERENCE_FIELDS = [
  'codeTemplate',
  'compileCommand',
  'contentType',
  'description',
  'gmtCreate',
  'gmtModified',
  'id',
  'isSpj',
  'name',
  'oj',
  'seq',
  'template',
];

describe('languages added for problem packages and contests', () => {
  let h: Harness;
  let pid = 0;
  beforeAll(async () => {
    // The harness's database already holds a few local languages (an existing site); the seed adds the rest.
    h = await createHarness('postgres');
    await seedSite(h.ctx.db as never);
    pid = (await repo.insertProblem(h.ctx.db, { problem_id: '1000', title: 'A+B' })).id;
  });
  afterAll(() => h?.close());

  it('GET /api/languages?all=true lists each with the reference fields and its A+B template', async () => {
    const all = (await h.call('anonymous', 'GET', '/api/languages?all=true')).json().data as Record<
      string,
      unknown
    >[];
    for (const name of ADDED) {
      const row = all.find((l) => l.name === name);
      expect(row, name).toBeDefined();
      expect(Object.keys(row!).sort()).toEqual(REFERENCE_FIELDS);
      const seeded = DEFAULT_LANGUAGES.find((l) => l.name === name)!;
      expect(row).toMatchObject({
        oj: 'ME',
        isSpj: false,
        contentType: seeded.contentType,
        description: seeded.description,
        template: seeded.template,
      });
      expect(row!.contentType).toMatch(/^text\/x-/);
    }
    // Python 2 stays out (no interpreter in Debian 12).
    expect(all.map((l) => l.name)).not.toContain('Python2');
  });

  it("a local problem's OJ list (all=false) holds them", async () => {
    const me = (await h.call('anonymous', 'GET', `/api/languages?all=false&pid=${pid}`)).json().data as {
      name: string;
      oj: string;
    }[];
    expect(me.every((l) => l.oj === 'ME')).toBe(true);
    expect(me.map((l) => l.name)).toEqual(expect.arrayContaining(ADDED));
  });
});
