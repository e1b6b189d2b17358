// Every adapter's language table against judge.md §6.3: the ids the real judges expect for the
// rows the reference names (HDU and POJ in full, Codeforces by name prefix, SPOJ by the name
// without its trailing version, AtCoder's 2023 ids 5001-5090, LibreOJ's language and options).
import { describe, expect, it } from 'vitest';
import { AC_LANGUAGES } from './atcoder';
import { CF_LANGUAGES } from './codeforces';
import { HDU_LANGUAGES, POJ_LANGUAGES } from './hdu-poj';
import { LIBRE_LANGUAGES } from './libreoj';
import { SPOJ_LANGUAGES } from './spoj';

describe('HDU', () => {
  it('is the reference table: G++0 GCC1 C++2 C3 Pascal4 Java5 C#6', () => {
    expect(HDU_LANGUAGES).toEqual({
      'G++': '0',
      GCC: '1',
      'C++': '2',
      C: '3',
      Pascal: '4',
      Java: '5',
      'C#': '6',
    });
  });
});

describe('POJ', () => {
  it('is the reference table: G++0 GCC1 Java2 Pascal3 C++4 C5 Fortran6', () => {
    expect(POJ_LANGUAGES).toEqual({
      'G++': '0',
      GCC: '1',
      Java: '2',
      Pascal: '3',
      'C++': '4',
      C: '5',
      Fortran: '6',
    });
  });
});

describe('Codeforces', () => {
  const byPrefix = (prefix: string) =>
    Object.entries(CF_LANGUAGES).filter(([name]) => name.startsWith(prefix));

  it('gives the reference ids by name prefix: G++17 54, G++20 73, Java 11 60, Python 3 31, PyPy 3 41', () => {
    for (const [prefix, id] of [
      ['GNU G++17', '54'],
      ['GNU G++20', '73'],
      ['Java 11', '60'],
      ['Python 3', '31'],
      ['PyPy 3.6', '41'],
    ] as const) {
      const rows = byPrefix(prefix);
      expect(rows.length, prefix).toBeGreaterThan(0);
      for (const [, got] of rows) expect(got, prefix).toBe(id);
    }
  });

  it('keeps the other programTypeIds Codeforces uses', () => {
    expect(CF_LANGUAGES).toMatchObject({
      'GNU GCC C11 5.1.0': '43',
      'GNU G++14 6.4.0': '50',
      'Java 1.8.0_241': '36',
      'Python 2.7.18': '7',
      'PyPy 3.9.10 (7.3.9, 64bit)': '70',
      'Go 1.19.5': '32',
      'Kotlin 1.7.20': '83',
      'C# 8, .NET Core 3.1': '65',
      'Rust 1.66.0 (2021)': '75',
      'Node.js 15.8.0 (64bit)': '55',
    });
    // One id per language name: two names on one id would be one of them misfiled.
    const ids = Object.values(CF_LANGUAGES);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('SPOJ', () => {
  // SPOJ's ids by the language name without its trailing version (judge.md §6.3).
  const SPOJ_IDS: Record<string, string> = {
    'C++14 (gcc': '44',
    'C++ (gcc': '1',
    'C (gcc': '11',
    'Java (HotSpot': '10',
    'Python 3 (python': '116',
    'Python 3 nbc (python': '126',
    'Python (PyPy': '99',
    'Go (go': '114',
    'Rust (rust': '93',
  };
  const withoutVersion = (name: string) => name.slice(0, name.lastIndexOf(' ')).trim();

  it('maps each name, cut before its version, to SPOJ’s id', () => {
    for (const [name, id] of Object.entries(SPOJ_LANGUAGES)) {
      expect(SPOJ_IDS[withoutVersion(name)], name).toBe(id);
    }
    expect(Object.keys(SPOJ_LANGUAGES).map(withoutVersion).sort()).toEqual(Object.keys(SPOJ_IDS).sort());
  });
});

describe('AtCoder', () => {
  it('uses the 2023 language ids (5001-5090) by exact name', () => {
    expect(AC_LANGUAGES).toEqual({
      'C++ 20 (gcc 12.2)': '5001',
      'Go (go 1.20.6)': '5002',
      'C# 11.0 (.NET 7.0.7)': '5003',
      'Kotlin (Kotlin/JVM 1.8.20)': '5004',
      'Java (OpenJDK 17)': '5005',
      'JavaScript (Node.js 18.16.1)': '5009',
      'C (gcc 12.2.0)': '5017',
      'C++ 17 (gcc 12.2)': '5053',
      'Rust (rustc 1.70.0)': '5054',
      'Python (CPython 3.11.4)': '5055',
      'Python (PyPy 3.10-v7.3.12)': '5078',
    });
    for (const id of Object.values(AC_LANGUAGES)) {
      expect(Number(id)).toBeGreaterThanOrEqual(5001);
      expect(Number(id)).toBeLessThanOrEqual(5090);
    }
  });
});

describe('LibreOJ', () => {
  const parsed = Object.fromEntries(
    Object.entries(LIBRE_LANGUAGES).map(([k, v]) => [k, JSON.parse(v) as [string, Record<string, string>]]),
  );

  it('sends C++ 17 (G++) as cpp with the reference options', () => {
    expect(parsed['C++ 17 (G++)']).toEqual(['cpp', { compiler: 'g++', std: 'c++17', O: '0', m: '64' }]);
  });

  it('names only LibreOJ languages, with the compile options each takes', () => {
    const known = new Set(['cpp', 'c', 'java', 'kotlin', 'pascal', 'python', 'rust', 'go', 'csharp']);
    for (const [name, [language, options]] of Object.entries(parsed)) {
      expect(known.has(language), name).toBe(true);
      if (language === 'cpp' || language === 'c') {
        expect(Object.keys(options).sort(), name).toEqual(['O', 'compiler', 'm', 'std']);
      }
    }
  });
});
