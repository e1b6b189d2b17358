// Test-case archives (groups-admin-files.md §7.1): pairing of X.in with X.out / X.ans
// at the archive root, their order, and newline normalisation.
import { compareCaseNames, normalizeNewlines } from './rules';
import { ZipError, type ZipEntries } from './zip';

export interface CaseFilePair {
  inputName: string;
  outputName: string;
  input: Uint8Array;
  /** Empty when the archive had no output for this input. */
  output: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** CRLF/CR → LF for text data; bytes that are not UTF-8 text are left untouched. */
export function normalizeData(bytes: Uint8Array): Uint8Array {
  if (!bytes.includes(13)) return bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes;
  }
  return encoder.encode(normalizeNewlines(text));
}

/**
 * Pairs the root files of a test-case archive: every `X.in` is a case, its output is
 * `X.out` or `X.ans` (an empty `X.out` when missing, as interactive data often has none);
 * an output without its input is refused; other files and sub-folders are ignored.
 */
export function pairRootCaseFiles(entries: ZipEntries): CaseFilePair[] {
  const root = new Map<string, Uint8Array>();
  for (const [name, bytes] of entries) if (!name.includes('/')) root.set(name, bytes);
  return pairCaseFiles(root);
}

export interface CaseNamePair {
  inputName: string;
  outputName: string;
  /** False when the archive has no output for this input (it is stored empty). */
  hasOutput: boolean;
}

/**
 * Pairs the file names of one folder (names without a path): every `X.in` is a case, its output
 * `X.out` or `X.ans`; no input at all, or an output without its input, is refused.
 */
export function pairCaseNames(names: Iterable<string>): CaseNamePair[] {
  const files = new Set(names);
  const inputs = [...files].filter((n) => n.endsWith('.in')).sort(compareCaseNames);
  if (inputs.length === 0) {
    throw new ZipError(
      '评测数据压缩包里文件不能为空！请在压缩包根目录放置成对的 X.in 与 X.out（或 X.ans）文件。',
    );
  }
  // An output without its input means a broken layout (the original silently dropped it).
  const stems = new Set(inputs.map((n) => n.slice(0, -'.in'.length)));
  const orphan = [...files].find((n) => /\.(out|ans)$/.test(n) && !stems.has(n.replace(/\.(out|ans)$/, '')));
  if (orphan)
    throw new ZipError(`评测数据 ${orphan} 没有对应的输入文件（${orphan.replace(/\.(out|ans)$/, '.in')}）！`);
  return inputs.map((inputName) => {
    const stem = inputName.slice(0, -'.in'.length);
    const outputName = [`${stem}.out`, `${stem}.ans`].find((n) => files.has(n));
    return { inputName, outputName: outputName ?? `${stem}.out`, hasOutput: outputName !== undefined };
  });
}

/** Pairs files of one folder (names without a path). */
export function pairCaseFiles(files: ReadonlyMap<string, Uint8Array>): CaseFilePair[] {
  return pairCaseNames(files.keys()).map(({ inputName, outputName }) => ({
    inputName,
    outputName,
    input: normalizeData(files.get(inputName)!),
    output: normalizeData(files.get(outputName) ?? new Uint8Array()),
  }));
}

/** Text of a data file (for hand-mode rows and exports). */
export const dataText = (bytes: Uint8Array): string => decoder.decode(bytes);
