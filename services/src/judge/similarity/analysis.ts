// The similarity analysis of one group of submissions (same problem, same language): Dolos's
// winnowing index (@dodona/dolos-core) over our tree-sitter tokens. Candidate pairs come from the
// shared fingerprints (files sharing none are never compared), so the cost follows the matches
// rather than the square of the group's size; fingerprints of the base code do not count.
import { File, FingerprintIndex, Region, TokenizedFile, type Pair } from '@dodona/dolos-core';
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
  /** Called between steps; an analysis of a large group yields to the event loop through it. */
  tick?: () => Promise<void>;
}

function tokenized(path: string, code: string, t: Tokens): TokenizedFile {
  const mapping = t.mapping.map((m) => new Region(m.startRow, m.startCol, m.endRow, m.endCol));
  return new TokenizedFile(new File(path, code), t.tokens, mapping);
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
  const index = new FingerprintIndex(KGRAM_LENGTH, KGRAMS_IN_WINDOW, false);
  const files: TokenizedFile[] = [];
  const bySubmission = new Map<number, SubmissionText>();
  for (const s of subs) {
    files.push(tokenized(String(s.submitId), s.code, await tokenize(s.code, language)));
    bySubmission.set(s.submitId, s);
    if (files.length % 50 === 0) await tick();
  }
  index.addFiles(files);
  // After the files: the index moves the base code's fingerprints of files already present to
  // their ignored set (fingerprints added later would not be checked against it).
  if (opts.baseCode?.trim()) {
    index.addIgnoredFile(tokenized('base', opts.baseCode, await tokenize(opts.baseCode, language)));
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
  const entries = new Map(index.entries().map((e) => [e.file, e]));
  const kept: { pair: Pair; a: TokenizedFile; b: TokenizedFile }[] = [];
  let done = 0;
  for (const [key, count] of shared) {
    const a = files[Math.floor(key / n)]!;
    const b = files[key % n]!;
    // An upper bound of the similarity from distinct shared fingerprints: skip hopeless pairs.
    const ea = entries.get(a)!;
    const eb = entries.get(b)!;
    const denominator = ea.shared.size + eb.shared.size;
    if (denominator === 0 || (2 * count) / denominator < floor * 0.5) continue;
    if (bySubmission.get(Number(a.path))!.uid === bySubmission.get(Number(b.path))!.uid) continue;
    const pair = index.getPair(a, b);
    if (pair.similarity >= floor) kept.push({ pair, a, b });
    if (++done % 500 === 0) await tick();
  }
  kept.sort((x, y) => y.pair.similarity - x.pair.similarity || y.pair.longest - x.pair.longest);
  const out: AnalysedPair[] = [];
  for (const { pair, a, b } of kept.slice(0, opts.maxPairs ?? MAX_PAIRS_PER_GROUP)) {
    const leftIsA = pair.leftFile === a;
    out.push({
      left: Number(a.path),
      right: Number(b.path),
      similarity: pair.similarity,
      longest: pair.longest,
      fragments: fragmentsOf(pair, leftIsA),
    });
    if (out.length % 100 === 0) await tick();
  }
  return out;
}
