// Known pairs (renamed variables, reordered functions, inserted dead code) score above the report's
// threshold; independent solutions of the same problem stay below it.
import { describe, expect, it } from 'vitest';
import { FingerprintIndex } from '@dodona/dolos-core';
import { analyseGroup, fingerprintMap } from './analysis';
import { grammarOf, plainTokens, tokenize } from './tokenize';
import { original, padded, renamed, reordered, unrelated } from './test-fixtures';

const THRESHOLD = 0.6;

const sub = (submitId: number, uid: string, code: string) => ({ submitId, uid, code });

describe('similarity analysis', () => {
  it('scores renamed, reordered and padded copies above the threshold and an independent solution below', async () => {
    const pairs = await analyseGroup(
      'C++ With O2',
      [
        sub(1, 'a', original),
        sub(2, 'b', renamed),
        sub(3, 'c', reordered),
        sub(4, 'd', padded),
        sub(5, 'e', unrelated),
      ],
      { floor: 0 },
    );
    const score = (x: number, y: number) =>
      pairs.find((p) => (p.left === x && p.right === y) || (p.left === y && p.right === x))?.similarity ?? 0;
    expect(score(1, 2)).toBeGreaterThan(0.95);
    expect(score(1, 3)).toBeGreaterThan(THRESHOLD);
    expect(score(1, 4)).toBeGreaterThan(THRESHOLD);
    for (const other of [1, 2, 3, 4]) expect(score(other, 5)).toBeLessThan(THRESHOLD * 0.5);
    // Ranked most similar first, with the longest common fragment and located fragments.
    expect(pairs[0]!.similarity).toBeGreaterThanOrEqual(pairs[pairs.length - 1]!.similarity);
    const top = pairs.find((p) => p.left * p.right === 2)!;
    expect(top.longest).toBeGreaterThan(10);
    expect(top.fragments.length).toBeGreaterThan(0);
    expect(top.fragments[0]!.left[0]).toBeGreaterThanOrEqual(0);
  });

  it('never pairs two submissions of one user, and drops pairs under the floor', async () => {
    const pairs = await analyseGroup('C++', [
      sub(1, 'a', original),
      sub(2, 'a', renamed),
      sub(3, 'b', unrelated),
    ]);
    expect(pairs).toEqual([]);
  });

  it('excludes the base code from the matches', async () => {
    const base = original.slice(0, original.indexOf('int main'));
    const a =
      base + 'int main() { int n, m; scanf("%d %d", &n, &m); readGraph(m); dijkstra(1, n); return 0; }\n';
    const b =
      base +
      'int main() { int k; cin >> k; while (k--) { string s; cin >> s; cout << s.size() << endl; } }\n';
    const without = await analyseGroup('C++', [sub(1, 'a', a), sub(2, 'b', b)], { floor: 0 });
    const withBase = await analyseGroup('C++', [sub(1, 'a', a), sub(2, 'b', b)], {
      floor: 0,
      baseCode: base,
    });
    expect(without[0]!.similarity).toBeGreaterThan(THRESHOLD);
    expect(withBase[0]?.similarity ?? 0).toBeLessThan(THRESHOLD * 0.5);
  });

  it('reports the same pairs, fragments and scores whether or not one-file fingerprints are pruned', async () => {
    const base = original.slice(0, original.indexOf('void dijkstra'));
    const subs = [
      sub(1, 'a', original),
      sub(2, 'b', renamed),
      sub(3, 'c', reordered),
      sub(4, 'd', padded),
      sub(5, 'e', unrelated),
    ];
    // The pruning reaches into the index (a private field of dolos-core 1.x): it must be found.
    expect(fingerprintMap(new FingerprintIndex(23, 17, false))).toBeInstanceOf(Map);
    for (const baseCode of [undefined, base]) {
      const pruned = await analyseGroup('C++', subs, { floor: 0, baseCode });
      const whole = await analyseGroup('C++', subs, { floor: 0, baseCode, prune: false });
      expect(pruned.length).toBeGreaterThan(3);
      expect(pruned).toEqual(whole);
    }
  });

  it('tokenises every judged language with a grammar, and others with the plain fallback', async () => {
    const cases: [string, string, string][] = [
      ['C', 'int main(void) { return 0; }', 'c'],
      ['C++ 17', 'int main() { return 0; }', 'cpp'],
      ['Java', 'class Main { public static void main(String[] a) {} }', 'java'],
      ['Python3', 'def f(x):\n    return x + 1\n', 'python'],
      ['PyPy3', 'print(1)\n', 'python'],
      ['JavaScript Node', 'const x = 1; console.log(x);', 'javascript'],
      ['Golang', 'package main\nfunc main() {}\n', 'go'],
      ['Rust', 'fn main() { let x = 1; }', 'rust'],
      ['C#', 'class A { static void Main() {} }', 'c_sharp'],
      ['PHP', '<?php echo 1; ?>', 'php'],
      ['Ruby', 'puts 1 + 2', 'ruby'],
    ];
    for (const [lang, code, grammar] of cases) {
      expect(grammarOf(lang), lang).toBe(grammar);
      const t = await tokenize(code, lang);
      expect(t.tokenizer).toBe(`tree-sitter:${grammar}`);
      expect(t.tokens.length, lang).toBeGreaterThan(2);
      expect(t.tokens).not.toContain('ERROR');
    }
    expect(grammarOf('Pascal')).toBeNull();
    const plain = await tokenize('begin x := y + 1; // note\nend.', 'Pascal');
    expect(plain.tokenizer).toBe('plain');
    expect(plain.tokens).toEqual(['begin', 'id', ':', '=', 'id', '+', 'num', ';', 'end', '.']);
    expect(plainTokens('a = "s" // c').tokens).toEqual(['id', '=', 'str']);
  });
});
