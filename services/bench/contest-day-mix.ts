// Contest-day bench (issue #22.7): the contest's problems and the submission mix. Two small ACM
// problems (A: the sum of two integers, B: the largest of n integers), sources in C++ and Python
// that are accepted, wrong or do not compile. 70% of the submissions send one of a few shared
// texts (what a contest sees: the same textbook solution many times); the rest are each a text of
// their own (a shared text with a comment of its own: a compile of its own, the same runs).

export interface ProblemSpec {
  displayId: string;
  problemId: string;
  title: string;
  cases: { input: string; output: string }[];
}

export function problemSpecs(tag: string): ProblemSpec[] {
  const pairs = [
    [1, 2],
    [-5, 9],
    [1_000_000, 2_000_000],
    [0, 0],
  ];
  const lists = [[3], [1, 7, 2], [-4, -2, -9, -1], [10, 20, 30, 25, 5]];
  return [
    {
      displayId: 'A',
      problemId: `CD${tag.toUpperCase()}A`,
      title: 'Contest day A: sum',
      cases: pairs.map(([a, b]) => ({ input: `${a} ${b}\n`, output: `${a! + b!}\n` })),
    },
    {
      displayId: 'B',
      problemId: `CD${tag.toUpperCase()}B`,
      title: 'Contest day B: largest',
      cases: lists.map((l) => ({ input: `${l.length}\n${l.join(' ')}\n`, output: `${Math.max(...l)}\n` })),
    },
  ];
}

export type Language = 'C++' | 'Python3';
export type Expect = 'AC' | 'WA' | 'CE';

export interface Source {
  /** The shared text's name, e.g. `A-C++-AC`. */
  base: string;
  displayId: 'A' | 'B';
  language: Language;
  expect: Expect;
  code: string;
}

const TEXTS: Omit<Source, 'base'>[] = [
  {
    displayId: 'A',
    language: 'C++',
    expect: 'AC',
    code: '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}\n',
  },
  {
    displayId: 'A',
    language: 'Python3',
    expect: 'AC',
    code: 'a, b = map(int, input().split())\nprint(a + b)\n',
  },
  {
    displayId: 'A',
    language: 'C++',
    expect: 'WA',
    code: '#include <cstdio>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a-b);}\n',
  },
  {
    displayId: 'B',
    language: 'C++',
    expect: 'AC',
    code:
      '#include <cstdio>\nint main(){int n;scanf("%d",&n);long long m=-1e18,x;' +
      'for(int i=0;i<n;i++){scanf("%lld",&x);if(x>m)m=x;}printf("%lld\\n",m);}\n',
  },
  {
    displayId: 'B',
    language: 'Python3',
    expect: 'AC',
    code: 'input()\nprint(max(map(int, input().split())))\n',
  },
  {
    displayId: 'B',
    language: 'Python3',
    expect: 'WA',
    code: 'input()\nprint(sum(map(int, input().split())))\n',
  },
  {
    displayId: 'B',
    language: 'C++',
    expect: 'CE',
    code: '#include <cstdio>\nint main(){int n;scanf("%d",&n) printf("%d\\n",n);}\n',
  },
];

/** The shared texts (the first four make up most of the shared share). */
export const SHARED: Source[] = TEXTS.map((t) => ({
  ...t,
  base: `${t.displayId}-${t.language}-${t.expect}`,
}));

/** A text of its own with the behaviour of `s` (a comment makes it another compile). */
export function ownCopy(s: Source, nonce: string): Source {
  const comment = s.language === 'C++' ? `// ${nonce}\n` : `# ${nonce}\n`;
  return { ...s, code: comment + s.code };
}

/**
 * The n-th submission of the bench: deterministic, so the burst's distinct texts are known
 * before it is sent. 70% shared texts (weighted towards the accepted ones), 30% own texts;
 * about 60% C++ and 40% Python over the whole mix.
 */
export function pick(n: number, runTag: string): Source {
  // A small deterministic generator per index (mulberry32-like mixing).
  let x = (n + 1) * 0x9e3779b1;
  const next = () => {
    x = Math.imul(x ^ (x >>> 15), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    x ^= x >>> 16;
    return (x >>> 0) / 2 ** 32;
  };
  const shared = next() < 0.7;
  const weights = [5, 3, 2, 4, 2, 2, 1];
  let r = next() * weights.reduce((a, b) => a + b, 0);
  let i = 0;
  while (r >= weights[i]!) r -= weights[i++]!;
  const base = SHARED[i]!;
  return shared ? base : ownCopy(base, `${runTag}-${n}`);
}
