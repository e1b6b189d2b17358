// The similarity analysis of one group of submissions (same problem, same language): Dolos's
// winnowing index (@dodona/dolos-core) over our tree-sitter tokens. Candidate pairs come from the
// shared fingerprints (files sharing none are never compared), so the cost follows the matches
// rather than the square of the group's size; fingerprints of the base code do not count.
import {
  File,
  FingerprintIndex,
  Region,
  TokenizedFile,
  WinnowFilter,
  type Pair,
  type SharedFingerprint,
} from '@dodona/dolos-core';
import type { SimilarityFragment } from '@oj/protocol/judge';
import { tokenize, type Tokens } from './tokenize';

/** Dolos's defaults: k-grams of 23 tokens, winnowing window of 17. */
export const KGRAM_LENGTH = 23;
export const KGRAMS_IN_WINDOW = 17;
/** Pairs below this similarity are not stored. */
export const STORE_FLOOR = 0.25;
/** At most this many pairs are stored per group (the most similar). */
export const MAX_PAIRS_PER_GROUP = 2000;

export interface SubmissionText {
  submitId: number;
  uid: string;
  code: string;
}

export interface AnalysedPair {
  left: number;
  right: number;
  similarity: number;
  longest: number;
  fragments: SimilarityFragment[];
}

export interface AnalyseOptions {
  baseCode?: string;
  floor?: number;
  maxPairs?: number;
  /** false: keep fingerprints found in one file only in the index (for tests; the report is the same). */
  prune?: boolean;
  /** Called between steps; an analysis of a large group yields to the event loop through it. */
  tick?: () => Promise<void>;
}

/**
 * A submission's tokens between the two passes, packed: each token as its number in the group's
 * vocabulary (node types: a few hundred), its region as four numbers (16 bits when they fit).
 * About 4 bytes a token instead of a string pointer and a region object of ~50.
 */
interface Packed {
  ids: Uint16Array | Uint32Array;
  regions: Uint16Array | Int32Array;
}

/** The group's token vocabulary. */
class Vocabulary {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  id(token: string): number {
    let id = this.ids.get(token);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(token);
      this.ids.set(token, id);
    }
    return id;
  }
}

function pack(t: Tokens, vocabulary: Vocabulary): Packed {
  const wide = new Uint32Array(t.tokens.length);
  t.tokens.forEach((token, i) => (wide[i] = vocabulary.id(token)));
  const ids = vocabulary.names.length <= 0x10000 ? Uint16Array.from(wide) : wide;
  let max = 0;
  for (const m of t.mapping) max = Math.max(max, m.startRow, m.startCol, m.endRow, m.endCol);
  const regions =
    max < 0x10000 ? new Uint16Array(t.mapping.length * 4) : new Int32Array(t.mapping.length * 4);
  t.mapping.forEach((m, i) => regions.set([m.startRow, m.startCol, m.endRow, m.endCol], i * 4));
  return { ids, regions };
}

function tokenizedFile(path: string, p: Packed, vocabulary: Vocabulary): TokenizedFile {
  const r = p.regions;
  const mapping: Region[] = [];
  for (let i = 0; i < r.length; i += 4) mapping.push(new Region(r[i]!, r[i + 1]!, r[i + 2]!, r[i + 3]!));
  const tokens = Array.from(p.ids, (id) => vocabulary.names[id]!);
  // The file's text is not handed to Dolos: it would split it into lines twice, and nothing here reads them.
  return new TokenizedFile(new File(path, ''), tokens, mapping);
}

/**
 * Dolos reads a file's token list and regions only while indexing it (each fingerprint occurrence
 * keeps its own merged region, which fragments use), so they are emptied once the file is in.
 */
function release(file: TokenizedFile): void {
  file.tokens.length = 0;
  file.mapping.length = 0;
}

/** The index's own hash → fingerprint map (a private field of dolos-core 1.x), if it is there. */
export function fingerprintMap(index: FingerprintIndex): Map<number, SharedFingerprint> | null {
  const map = (index as unknown as { index?: unknown }).index;
  return map instanceof Map ? (map as Map<number, SharedFingerprint>) : null;
}

const box = (r: Region): [number, number, number, number] => [r.startRow, r.startCol, r.endRow, r.endCol];

function fragmentsOf(pair: Pair, leftIsA: boolean): SimilarityFragment[] {
  return pair
    .buildFragments()
    .map((f) => {
      const a = leftIsA ? f.leftSelection : f.rightSelection;
      const b = leftIsA ? f.rightSelection : f.leftSelection;
      return { left: box(a), right: box(b), kgrams: f.pairs.length };
    })
    .sort((x, y) => y.kgrams - x.kgrams)
    .slice(0, 200);
}

/**
 * Pairs of `subs` (one problem, one language) at or above the floor, most similar first. Two
 * submissions of the same user are never paired.
 */
export async function analyseGroup(
  language: string,
  subs: readonly SubmissionText[],
  opts: AnalyseOptions = {},
): Promise<AnalysedPair[]> {
  const floor = opts.floor ?? STORE_FLOOR;
  const tick = opts.tick ?? (async () => undefined);
  if (subs.length < 2) return [];
  const winnow = new WinnowFilter(KGRAM_LENGTH, KGRAMS_IN_WINDOW, false);
  // Pass 1: tokens, and in how many files (the base code counting as one) each fingerprint occurs.
  const vocabulary = new Vocabulary();
  const packed: (Packed | null)[] = [];
  const holders = new Map<number, number>();
  const count = (t: Tokens) => {
    for (const h of new Set(winnow.fingerprints(t.tokens).map((f) => f.hash)))
      holders.set(h, (holders.get(h) ?? 0) + 1);
  };
  for (const s of subs) {
    const t = await tokenize(s.code, language);
    count(t);
    packed.push(pack(t, vocabulary));
    if (packed.length % 50 === 0) await tick();
  }
  const base = opts.baseCode?.trim() ? await tokenize(opts.baseCode, language) : null;
  if (base) count(base);
  // Pass 2: Dolos's index. A fingerprint found in one file only can never be shared, so it leaves
  // the index as soon as its file is in (with 500 files of 200 lines, most of them are such; each
  // costs Dolos a map and a few objects). Pairs are unchanged: a pair intersects the two files'
  // shared fingerprints, and its totals count the files' k-grams, which stay.
  const index = new FingerprintIndex(KGRAM_LENGTH, KGRAMS_IN_WINDOW, false);
  const fingerprints = opts.prune === false ? null : fingerprintMap(index);
  const files: TokenizedFile[] = [];
  const distinct: number[] = [];
  const bySubmission = new Map<number, SubmissionText>();
  for (let i = 0; i < subs.length; i++) {
    const s = subs[i]!;
    const file = tokenizedFile(String(s.submitId), packed[i]!, vocabulary);
    packed[i] = null;
    index.addFiles([file]);
    release(file);
    const entry = index.entries().at(-1)!;
    distinct.push(entry.shared.size);
    if (fingerprints) {
      for (const fp of entry.shared) {
        if (holders.get(fp.hash) !== 1) continue;
        entry.shared.delete(fp);
        fingerprints.delete(fp.hash);
      }
    }
    files.push(file);
    bySubmission.set(s.submitId, s);
    if (files.length % 50 === 0) await tick();
  }
  holders.clear();
  // After the files: the index moves the base code's fingerprints of files already present to
  // their ignored set (fingerprints added later would not be checked against it).
  if (base) {
    const file = tokenizedFile('base', pack(base, vocabulary), vocabulary);
    index.addIgnoredFile(file);
    release(file);
    // Distinct fingerprints of each file less those of the base code.
    index.entries().forEach((e, i) => (distinct[i] = distinct[i]! - e.ignored.size));
  }
  await tick();
  // Candidates: counts of shared fingerprints per pair of files.
  const idOf = new Map<TokenizedFile, number>();
  files.forEach((f, i) => idOf.set(f, i));
  const shared = new Map<number, number>();
  const n = files.length;
  for (const fp of index.sharedFingerprints()) {
    if (fp.ignored) continue;
    const holders = fp.files();
    if (holders.length < 2) continue;
    for (let i = 0; i < holders.length; i++) {
      const a = idOf.get(holders[i]!);
      if (a === undefined) continue;
      for (let j = i + 1; j < holders.length; j++) {
        const b = idOf.get(holders[j]!);
        if (b === undefined) continue;
        const key = a < b ? a * n + b : b * n + a;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
    }
  }
  await tick();
  // Kept pairs are remembered by their numbers only (a Dolos pair holds every shared fingerprint);
  // the stored ones are paired again below to build their fragments.
  const kept: { similarity: number; longest: number; a: TokenizedFile; b: TokenizedFile }[] = [];
  let done = 0;
  for (const [key, count] of shared) {
    const ia = Math.floor(key / n);
    const ib = key % n;
    const a = files[ia]!;
    const b = files[ib]!;
    // An upper bound of the similarity from distinct shared fingerprints: skip hopeless pairs.
    const denominator = distinct[ia]! + distinct[ib]!;
    if (denominator === 0 || (2 * count) / denominator < floor * 0.5) continue;
    if (bySubmission.get(Number(a.path))!.uid === bySubmission.get(Number(b.path))!.uid) continue;
    const pair = index.getPair(a, b);
    if (pair.similarity >= floor) kept.push({ similarity: pair.similarity, longest: pair.longest, a, b });
    if (++done % 500 === 0) await tick();
  }
  kept.sort((x, y) => y.similarity - x.similarity || y.longest - x.longest);
  const out: AnalysedPair[] = [];
  for (const { similarity, longest, a, b } of kept.slice(0, opts.maxPairs ?? MAX_PAIRS_PER_GROUP)) {
    const pair = index.getPair(a, b);
    out.push({
      left: Number(a.path),
      right: Number(b.path),
      similarity,
      longest,
      fragments: fragmentsOf(pair, pair.leftFile === a),
    });
    if (out.length % 100 === 0) await tick();
  }
  return out;
}
