import { beforeEach, describe, expect, it } from 'vitest';
import {
  codeKey,
  codeProblem,
  DEFAULT_PREFS,
  defaultTemplate,
  EDITOR_THEMES,
  loadPrefs,
  pickLanguage,
  rememberedLanguage,
  rememberLanguage,
  loadCode,
  saveCode,
  savePrefs,
  switchLanguage,
  templateFor,
} from './editor-prefs';
import { pieSlices } from './stats';
import { matchedSample } from './TestDrawer';
import { clampLeft } from './ProblemDetailPage';
import { pageWindow } from '../judge/Pager';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
});

describe('editor rules', () => {
  it('defaults to monokai, 14 px, tab 4 and drops unknown stored values', () => {
    expect(loadPrefs()).toEqual(DEFAULT_PREFS);
    expect(DEFAULT_PREFS.fontSize).toBe(14);
    store.set('editorPrefs', JSON.stringify({ theme: 'vim-blue', fontSize: 13, tabSize: 8 }));
    expect(loadPrefs()).toEqual({ theme: 'monokai', fontSize: 14, tabSize: 8 });
    // all eight themes of the spec are kept (issue #16: base16-dark and cobalt were dropped)
    savePrefs({ theme: 'cobalt', fontSize: 14, tabSize: 4 });
    expect(loadPrefs().theme).toBe('cobalt');
    savePrefs({ theme: 'base16-dark', fontSize: 14, tabSize: 4 });
    expect(loadPrefs().theme).toBe('base16-dark');
    expect([...EDITOR_THEMES].sort()).toEqual([
      'base16-dark',
      'cobalt',
      'dracula',
      'eclipse',
      'idea',
      'material',
      'monokai',
      'solarized',
    ]);
    savePrefs({ theme: 'dracula', fontSize: 12, tabSize: 2 });
    expect(loadPrefs()).toEqual({ theme: 'dracula', fontSize: 12, tabSize: 2 });
  });

  it('remembers the language per user and opens the next problem with it (issue #16)', () => {
    const langs = ['C', 'C++', 'Java', 'Python3'];
    expect(pickLanguage(langs, null, rememberedLanguage('u1'))).toBe('C++');
    rememberLanguage('u1', 'Python3');
    expect(rememberedLanguage('u1')).toBe('Python3');
    expect(rememberedLanguage('u2')).toBeNull();
    expect(pickLanguage(langs, null, rememberedLanguage('u1'))).toBe('Python3');
    // the code saved with this problem wins; a language the problem lacks is skipped
    expect(pickLanguage(langs, 'Java', 'Python3')).toBe('Java');
    expect(pickLanguage(['C', 'Java'], null, 'Python3')).toBe('C');
  });

  it("templates: the problem's own, else a default per language; switching keeps edited code", () => {
    expect(defaultTemplate('C++ 17 With O2')).toContain('int main()');
    expect(defaultTemplate('Java')).toContain('public class Main');
    expect(defaultTemplate('Python3')).toContain('sys.stdin');
    expect(defaultTemplate('C')).toContain('stdio.h');
    expect(defaultTemplate('Golang')).toContain('package main');
    expect(templateFor({ Java: 'class Main {}' }, 'Java')).toBe('class Main {}');
    expect(templateFor({ Java: 'class Main {}' }, 'C++')).toBe(defaultTemplate('C++'));
  });

  // Issue #26 item 10: the other language's code never goes along (submitting it was a Compile Error).
  it("switches to the new language's last code or template and parks the old code", () => {
    const tpl = { Java: 'class Main {}' };
    // an untouched template is not worth keeping
    expect(
      switchLanguage({ code: defaultTemplate('C++'), language: 'C++', drafts: {} }, 'Java', tpl),
    ).toEqual({ code: 'class Main {}', language: 'Java', drafts: {}, parked: false });
    const away = switchLanguage({ code: 'int x;', language: 'C++', drafts: {} }, 'Python3', tpl);
    expect(away).toEqual({
      code: defaultTemplate('Python3'),
      language: 'Python3',
      drafts: { 'C++': 'int x;' },
      parked: true,
    });
    const py = switchLanguage({ ...away, code: 'print(1)' }, 'C++', tpl);
    expect(py).toEqual({ code: 'int x;', language: 'C++', drafts: { Python3: 'print(1)' }, parked: true });
    expect(switchLanguage(py, 'Python3', tpl).code).toBe('print(1)');
    // same language: nothing moves
    expect(switchLanguage(py, 'C++', tpl)).toEqual({ ...py, parked: false });
    // saved with the code, read back; an old entry without drafts still loads
    saveCode('code:p:1', { code: py.code, language: 'C++', drafts: py.drafts });
    expect(loadCode('code:p:1')).toEqual({
      code: 'int x;',
      language: 'C++',
      drafts: { Python3: 'print(1)' },
    });
    store.set('code:p:2', JSON.stringify({ code: 'a', language: 'C', drafts: { Go: 5 } }));
    expect(loadCode('code:p:2')).toEqual({ code: 'a', language: 'C', drafts: {} });
  });

  it('keys saved code per problem and per contest/group/training', () => {
    expect(codeKey('1000', {})).toBe('code:p:1000');
    expect(codeKey('A', { cid: '5' })).toBe('code:c5:A');
    expect(codeKey('1000', { gid: '2' })).toBe('code:g2:1000');
    expect(codeKey('1000', { tid: '9' })).toBe('code:t9:1000');
  });

  it('refuses blank and over-long code', () => {
    expect(codeProblem(' \n\t')).toBe('editor.codeEmpty');
    expect(codeProblem('x'.repeat(65536))).toBe('editor.codeTooLong');
    expect(codeProblem('x'.repeat(65535))).toBeNull();
  });

  it('matches a test run against the samples, ignoring trailing blanks', () => {
    const ex = [
      { input: '1 2', output: '3' },
      { input: '5 5\n', output: '10\n' },
    ];
    expect(matchedSample(ex, '5 5', '10  \n')).toBe(2);
    expect(matchedSample(ex, '5 5', '11')).toBe(0);
  });
});

describe('layout and charts', () => {
  it('keeps both panes above their minimum widths', () => {
    expect(clampLeft(100, 1400)).toBe(420);
    expect(clampLeft(1200, 1400)).toBe(820);
    expect(clampLeft(600, 1400)).toBe(600);
  });

  it('cuts the pie into slices that add up to a full turn', () => {
    const s = pieSlices({ ac: 3, wa: 1, tle: 0 });
    expect(s.map((x) => [x.field, x.fraction])).toEqual([
      ['ac', 0.75],
      ['wa', 0.25],
    ]);
    expect(s.at(-1)!.end).toBeCloseTo(2 * Math.PI);
    expect(pieSlices({})).toEqual([]);
  });

  it('shows five page numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(7, 20)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});
