// Editor preferences and per-problem code, kept in localStorage (spec §3, §9 editor defaults).
import { readJson, writeStorage } from '../store/storage';

/** The spec's eight editor themes (§9); base16-dark and cobalt are drawn in editor-themes.ts. */
export const EDITOR_THEMES = [
  'monokai',
  'solarized',
  'material',
  'idea',
  'eclipse',
  'base16-dark',
  'cobalt',
  'dracula',
] as const;
export type EditorTheme = (typeof EDITOR_THEMES)[number];
export const FONT_SIZES = [12, 14, 16, 18, 20, 22] as const;
export const TAB_SIZES = [2, 4, 8] as const;
export const EDITOR_HEIGHT = 550;

export interface EditorPrefs {
  theme: EditorTheme;
  fontSize: number;
  tabSize: number;
}

/** 14 px, not the reference's 22 px (about 30 characters a line on a phone; issue #26 item 10). */
export const DEFAULT_PREFS: EditorPrefs = { theme: 'monokai', fontSize: 14, tabSize: 4 };
const PREFS_KEY = 'editorPrefs';

export function loadPrefs(): EditorPrefs {
  const raw = readJson<Partial<EditorPrefs>>(PREFS_KEY) ?? {};
  return {
    theme: EDITOR_THEMES.includes(raw.theme as EditorTheme)
      ? (raw.theme as EditorTheme)
      : DEFAULT_PREFS.theme,
    fontSize: (FONT_SIZES as readonly number[]).includes(raw.fontSize ?? 0)
      ? raw.fontSize!
      : DEFAULT_PREFS.fontSize,
    tabSize: (TAB_SIZES as readonly number[]).includes(raw.tabSize ?? 0)
      ? raw.tabSize!
      : DEFAULT_PREFS.tabSize,
  };
}

export function savePrefs(prefs: EditorPrefs): void {
  writeStorage(PREFS_KEY, JSON.stringify(prefs));
}

export interface SavedCode {
  code: string;
  language: string;
  /** The last code of this problem in each other language (a language switch parks it here). */
  drafts?: Record<string, string>;
}

/** Code is saved per problem, and separately per contest/group/training. */
export function codeKey(problemId: string, scope: { cid?: string; gid?: string; tid?: string }): string {
  const where = scope.cid ? `c${scope.cid}` : scope.gid ? `g${scope.gid}` : scope.tid ? `t${scope.tid}` : 'p';
  return `code:${where}:${problemId}`;
}

export function loadCode(key: string): SavedCode | null {
  const v = readJson<SavedCode>(key);
  if (!v || typeof v.code !== 'string' || typeof v.language !== 'string') return null;
  const drafts: Record<string, string> = {};
  if (v.drafts && typeof v.drafts === 'object')
    for (const [lang, code] of Object.entries(v.drafts)) if (typeof code === 'string') drafts[lang] = code;
  return { code: v.code, language: v.language, drafts };
}

export function saveCode(key: string, value: SavedCode): void {
  writeStorage(key, JSON.stringify(value));
}

export const MAX_CODE_LENGTH = 65535;
export const MAX_TEST_INPUT = 1000;

/** Client-side submit check (spec §5): the i18n key of the problem, or null. */
export function codeProblem(code: string): 'editor.codeEmpty' | 'editor.codeTooLong' | null {
  if (!code.trim()) return 'editor.codeEmpty';
  if (code.length > MAX_CODE_LENGTH) return 'editor.codeTooLong';
  return null;
}

/** The language a user last submitted or chose, remembered per user across problems (issue #16). */
const langKey = (uid: string | null | undefined) => `editorLanguage:${uid ?? 'anonymous'}`;

export function rememberedLanguage(uid: string | null | undefined): string | null {
  const v = readJson<string>(langKey(uid));
  return typeof v === 'string' && v ? v : null;
}

export function rememberLanguage(uid: string | null | undefined, language: string): void {
  writeStorage(langKey(uid), JSON.stringify(language));
}

/**
 * The language to open a problem with: the one saved with this problem's code, else the user's
 * remembered one, else C++ (or the first the problem allows).
 */
export function pickLanguage(
  languages: readonly string[],
  saved?: string | null,
  remembered?: string | null,
) {
  if (saved && languages.includes(saved)) return saved;
  if (remembered && languages.includes(remembered)) return remembered;
  return languages.find((l) => l.startsWith('C++')) ?? languages[0] ?? 'C++';
}

const CPP = `#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);

    return 0;
}
`;
const C = `#include <stdio.h>

int main(void) {

    return 0;
}
`;
const JAVA = `import java.util.*;
import java.io.*;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));

    }
}
`;
const PY3 = `import sys

def main():
    data = sys.stdin.read().split()


main()
`;
const GO = `package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	_ = in
	fmt.Fprintln(out)
}
`;
const RUST = `use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let out = io::stdout();
    let mut out = out.lock();
    writeln!(out).unwrap();
}
`;
const JS = `const lines = require('fs').readFileSync(0, 'utf8').split('\n');

`;
const CSHARP = `using System;

public class Program {
    public static void Main() {

    }
}
`;

/** A starting program for a judge language when the problem has no template of its own. */
export function defaultTemplate(language: string): string {
  const n = language.toLowerCase();
  if (n.startsWith('c++')) return CPP;
  if (n.startsWith('c#')) return CSHARP;
  if (n.startsWith('c')) return C;
  if (n.startsWith('javascript')) return JS;
  if (n.startsWith('java')) return JAVA;
  if (n.startsWith('python2') || n === 'pypy2') return '';
  if (n.includes('py')) return PY3;
  if (n.startsWith('go')) return GO;
  if (n.startsWith('rust')) return RUST;
  return '';
}

/** The problem's template for `language`, else the default one. */
export function templateFor(codeTemplate: Record<string, string> | undefined, language: string): string {
  return codeTemplate?.[language] ?? defaultTemplate(language);
}

/** Is `code` nothing of the user's own in `language` (empty, or that language's template)? */
export function untouchedCode(
  code: string,
  language: string,
  codeTemplate: Record<string, string> | undefined,
): boolean {
  return !code.trim() || code === templateFor(codeTemplate, language);
}

/**
 * Switching language (issue #26 item 10): the editor gets the user's last code in the new
 * language for this problem, else its template; the code left behind is parked under its own
 * language (switching back brings it again), unless it was only a template.
 */
export function switchLanguage(
  current: { code: string; language: string; drafts: Record<string, string> },
  to: string,
  codeTemplate: Record<string, string> | undefined,
): { code: string; language: string; drafts: Record<string, string>; parked: boolean } {
  if (to === current.language) return { ...current, parked: false };
  const drafts = { ...current.drafts };
  const parked = !untouchedCode(current.code, current.language, codeTemplate);
  if (parked) drafts[current.language] = current.code;
  else delete drafts[current.language];
  const code = drafts[to] ?? templateFor(codeTemplate, to);
  delete drafts[to];
  return { code, language: to, drafts, parked };
}
