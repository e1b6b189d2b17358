// Tokenisation for the similarity analysis (issue #28): tree-sitter grammars compiled to
// WebAssembly (web-tree-sitter + the prebuilt grammars of @repomix/tree-sitter-wasms, so nothing is
// compiled natively) turn a submission into the node types of its syntax tree in pre-order:
// identifiers and literals lose their text (renaming changes nothing), comments are dropped.
// Languages without a grammar get a plain lexical fallback with the same properties.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser, type TreeCursor } from 'web-tree-sitter';

export type GrammarName =
  'c' | 'cpp' | 'java' | 'python' | 'javascript' | 'go' | 'rust' | 'c_sharp' | 'php' | 'ruby';

/** One token's place: 0-based rows, columns (end exclusive). */
export interface TokenRegion {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

export interface Tokens {
  tokens: string[];
  mapping: TokenRegion[];
  /** 'tree-sitter:<grammar>' or 'plain'. */
  tokenizer: string;
}

/** The grammar judging language `name` is parsed with (null: the plain fallback). */
export function grammarOf(language: string): GrammarName | null {
  const n = language.toLowerCase();
  if (/c\+\+|g\+\+|cpp|clang\+\+/.test(n)) return 'cpp';
  if (/c#|csharp|mono|\.net/.test(n)) return 'c_sharp';
  if (/javascript|node|^js\b/.test(n)) return 'javascript';
  if (/java/.test(n)) return 'java';
  if (/python|pypy/.test(n)) return 'python';
  if (/golang|^go\b/.test(n)) return 'go';
  if (/rust/.test(n)) return 'rust';
  if (/php/.test(n)) return 'php';
  if (/ruby/.test(n)) return 'ruby';
  if (/^c\b|gcc|^c with|^c\d\d/.test(n)) return 'c';
  return null;
}

const require = createRequire(import.meta.url);
let ready: Promise<void> | null = null;
const languages = new Map<GrammarName, Promise<Language>>();

function grammarFile(g: GrammarName): string {
  const dir = path.dirname(require.resolve('@repomix/tree-sitter-wasms/package.json'));
  return path.join(dir, 'out', `tree-sitter-${g}.wasm`);
}

async function languageOf(g: GrammarName): Promise<Language> {
  ready ??= Parser.init();
  await ready;
  let l = languages.get(g);
  if (!l) {
    l = Language.load(grammarFile(g));
    languages.set(g, l);
  }
  return l;
}

/** A parser per grammar, reused (parsing is synchronous once the grammar is loaded). */
const parsers = new Map<GrammarName, Parser>();

async function parserOf(g: GrammarName): Promise<Parser> {
  let p = parsers.get(g);
  if (!p) {
    const lang = await languageOf(g);
    p = new Parser();
    p.setLanguage(lang);
    parsers.set(g, p);
  }
  return p;
}

const isComment = (type: string) => type.includes('comment');

/** The token of an anonymous node (`'(`, `'if`...), one string per type rather than one per token. */
const anonymous = new Map<string, string>();
const anonymousToken = (type: string): string => {
  let t = anonymous.get(type);
  if (t === undefined) {
    t = `'${type}`;
    anonymous.set(type, t);
  }
  return t;
};

/**
 * Pre-order walk: a token per node (its type), placed at the node's own text before its first
 * child. Only the cursor is read (no node objects per step: the garbage of several thousand nodes
 * per file made the analysis's heap grow).
 */
function walk(cursor: TreeCursor, out: Tokens): void {
  for (;;) {
    const type = cursor.nodeType;
    if (!isComment(type)) {
      const start = cursor.startPosition;
      out.tokens.push(cursor.nodeIsNamed ? type : anonymousToken(type));
      const descended = cursor.gotoFirstChild();
      const end = descended ? cursor.startPosition : cursor.endPosition;
      out.mapping.push({ startRow: start.row, startCol: start.column, endRow: end.row, endCol: end.column });
      if (descended) continue;
    }
    if (cursor.gotoNextSibling()) continue;
    // Up until a parent has a next sibling.
    let moved = false;
    while (cursor.gotoParent()) {
      if (cursor.gotoNextSibling()) {
        moved = true;
        break;
      }
    }
    if (!moved) return;
  }
}

const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const NUMBER = /(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)[uUlLfF]*/y;
const KEYWORDS = new Set(
  (
    'if else for while do return break continue switch case default function def fn func var let const ' +
    'int long short char float double bool boolean void class struct new begin end then procedure program ' +
    'true false null nil and or not in of import package using namespace try catch finally throw'
  ).split(' '),
);

/** The plain fallback: words (keywords kept, names as `id`), numbers, strings, operators; comments dropped. */
export function plainTokens(code: string): Tokens {
  const out: Tokens = { tokens: [], mapping: [], tokenizer: 'plain' };
  let row = 0;
  let col = 0;
  let i = 0;
  const push = (tok: string, len: number) => {
    out.tokens.push(tok);
    out.mapping.push({ startRow: row, startCol: col, endRow: row, endCol: col + len });
  };
  const advance = (n: number) => {
    for (let k = 0; k < n; k++, i++) {
      if (code[i] === '\n') {
        row++;
        col = 0;
      } else col++;
    }
  };
  while (i < code.length) {
    const c = code[i]!;
    if (/\s/.test(c)) {
      advance(1);
      continue;
    }
    const two = code.slice(i, i + 2);
    if (two === '//' || c === '#' || two === '--') {
      const nl = code.indexOf('\n', i);
      advance((nl < 0 ? code.length : nl) - i);
      continue;
    }
    if (two === '/*' || (c === '{' && code[i + 1] === '*')) {
      const close = code.indexOf(c === '{' ? '*}' : '*/', i + 2);
      advance((close < 0 ? code.length : close + 2) - i);
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < code.length && code[j] !== c && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
      const len = Math.min(j + 1, code.length) - i;
      push('str', len);
      advance(len);
      continue;
    }
    WORD.lastIndex = i;
    const w = WORD.exec(code);
    if (w) {
      const lower = w[0].toLowerCase();
      push(KEYWORDS.has(lower) ? lower : 'id', w[0].length);
      advance(w[0].length);
      continue;
    }
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(code);
    if (num) {
      push('num', num[0].length);
      advance(num[0].length);
      continue;
    }
    push(c, 1);
    advance(1);
  }
  return out;
}

/** Tokens of `code` written in judging language `language`. */
export async function tokenize(code: string, language: string): Promise<Tokens> {
  const g = grammarOf(language);
  if (!g) return plainTokens(code);
  const parser = await parserOf(g);
  const tree = parser.parse(code);
  if (!tree) return plainTokens(code);
  const out: Tokens = { tokens: [], mapping: [], tokenizer: `tree-sitter:${g}` };
  const cursor = tree.walk();
  try {
    walk(cursor, out);
  } finally {
    cursor.delete();
    tree.delete();
  }
  return out;
}
