// Test data in the blob store: archives uploaded before a problem is saved, and the
// test-case zip of a saved problem. Blobs are content-addressed; an upload's blobs are claimed
// for their uploader first (quotas, and the collector of unreferenced blobs: blob-collector.ts).
import { sha256Hex, type BlobStore } from '@oj/protocol/bus';
import { fail } from '../platform/http/errors';
import { normalizeData, pairCaseNames } from './testcases';
import { writeZip, ZipError, type ZipLimits } from './zip';
import { openZipFile } from './zip-file';
import type { ProblemCaseRow, ProblemRow } from './mappers';

/** The manifest an upload is remembered by: file name → sha256. Its own hash is the `fileListDir`. */
interface UploadManifest {
  kind: 'oj-testcase-upload';
  files: Record<string, string>;
}

export interface UploadedCaseList {
  fileList: { input: string; output: string; groupNum?: number }[];
  fileListDir: string;
}

const SUBTASK_MODES = ['subtask_lowest', 'subtask_average'];

/** Accounting of an upload (quotas, claims against the blob collector): files-service.ts. */
export interface UploadAccounting {
  /** Before any data is stored, with the sum of the declared sizes of the files to store. */
  beforeStore(totalBytes: number): Promise<void>;
  /** Before each blob is put: claims it for the uploader (the collector leaves it alone). */
  claim(hash: string, bytes: number): Promise<void>;
}

/** Claims the blob, then puts it. */
async function putClaimed(blobs: BlobStore, data: Buffer, acc?: UploadAccounting): Promise<string> {
  if (acc) await acc.claim(sha256Hex(data), data.length);
  return blobs.put(data);
}

/** Entries stored at once, and the bytes they may hold together (one larger entry still goes alone). */
const STORE_LANES = 4;
const STORE_BUDGET_BYTES = 16 * 1024 * 1024;

/**
 * Stores the pairs of the test-case zip at `path` entry by entry: the names are checked and
 * paired from the central directory first (a bad layout is refused before any data is read),
 * then each file is inflated, normalised and put in the blob store on its own, a few at a time
 * within a byte budget, so memory stays bounded however large the archive.
 */
export async function storeTestCaseZipFile(
  blobs: BlobStore,
  path: string,
  mode: string,
  limits: ZipLimits,
  acc?: UploadAccounting,
): Promise<UploadedCaseList> {
  try {
    const zip = await openZipFile(path, limits);
    try {
      const root = zip.entries.filter((e) => !e.name.includes('/'));
      const pairs = pairCaseNames(root.map((e) => e.name));
      const sizes = new Map(root.map((e) => [e.name, e.size]));
      const jobs = pairs.flatMap((p) => [
        { name: p.inputName, present: true },
        { name: p.outputName, present: p.hasOutput },
      ]);
      const jobSizes = jobs.map((j) => (j.present ? (sizes.get(j.name) ?? 0) : 0));
      await acc?.beforeStore(jobSizes.reduce((a, b) => a + b, 0));
      const hashes = await inLanes(jobSizes, async (i) => {
        const j = jobs[i]!;
        return putClaimed(blobs, j.present ? normalized(await zip.read(j.name)) : Buffer.alloc(0), acc);
      });
      // The manifest in pair order, so the same archive always gives the same fileListDir.
      const files: Record<string, string> = {};
      jobs.forEach((j, i) => (files[j.name] = hashes[i]!));
      return await uploadedList(blobs, files, pairs, mode, acc);
    } finally {
      await zip.close();
    }
  } catch (err) {
    if (err instanceof ZipError) throw fail(err.message);
    throw err;
  }
}

/**
 * Runs `work(i)` for every job, at most STORE_LANES at once and, beyond the first, only while the
 * sizes in flight stay within STORE_BUDGET_BYTES. The first failure stops new jobs; it is thrown
 * once every job already started has ended (none is left reading a closed archive).
 */
async function inLanes<R>(sizes: readonly number[], work: (i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(sizes.length);
  let next = 0;
  let inFlight = 0;
  const failures: unknown[] = [];
  const wake: Array<() => void> = [];
  const lane = async () => {
    while (next < sizes.length && !failures.length) {
      const i = next++;
      const size = sizes[i]!;
      while (inFlight > 0 && inFlight + size > STORE_BUDGET_BYTES)
        await new Promise<void>((r) => wake.push(r));
      if (failures.length) return;
      inFlight += size;
      try {
        out[i] = await work(i);
      } catch (err) {
        failures.push(err);
      } finally {
        inFlight -= size;
        for (const w of wake.splice(0)) w();
      }
    }
  };
  await Promise.all(Array.from({ length: STORE_LANES }, lane));
  if (failures.length) throw failures[0];
  return out;
}

const normalized = (bytes: Buffer): Buffer => {
  const out = normalizeData(bytes);
  return out === bytes ? bytes : Buffer.from(out.buffer, out.byteOffset, out.byteLength);
};

async function uploadedList(
  blobs: BlobStore,
  files: Record<string, string>,
  pairs: readonly { inputName: string; outputName: string }[],
  mode: string,
  acc?: UploadAccounting,
): Promise<UploadedCaseList> {
  const manifest: UploadManifest = { kind: 'oj-testcase-upload', files };
  const fileListDir = await putClaimed(blobs, Buffer.from(JSON.stringify(manifest)), acc);
  const subtask = SUBTASK_MODES.includes(mode);
  return {
    fileList: pairs.map((p) => ({
      input: p.inputName,
      output: p.outputName,
      ...(subtask ? { groupNum: 1 } : {}),
    })),
    fileListDir,
  };
}

/** The files of an earlier upload, by the `fileListDir` it returned. */
export async function loadUploadManifest(
  blobs: BlobStore,
  fileListDir: string,
): Promise<Map<string, string>> {
  const missing = () => fail('评测数据上传记录不存在或已失效，请重新上传评测数据压缩包！');
  if (!/^[0-9a-f]{64}$/.test(fileListDir)) throw missing();
  const bytes = await blobs.get(fileListDir);
  if (!bytes) throw missing();
  try {
    const manifest = JSON.parse(bytes.toString('utf8')) as UploadManifest;
    if (manifest.kind !== 'oj-testcase-upload') throw new Error('not a manifest');
    return new Map(Object.entries(manifest.files));
  } catch {
    throw missing();
  }
}

/** File names a case is exported under: its own (uploaded) names when usable, else N.in / N.out. */
export function caseFileNames(
  problem: ProblemRow,
  cases: readonly ProblemCaseRow[],
): { input: string; output: string }[] {
  const plain = /^[\w.-]{1,128}$/;
  const names = cases.map((c) => ({ input: c.input, output: c.output }));
  const all = names.flatMap((n) => [n.input, n.output]);
  const usable =
    problem.is_upload_case &&
    all.every((n) => plain.test(n) && n !== 'info') &&
    new Set(all).size === all.length;
  return usable ? names : cases.map((_, i) => ({ input: `${i + 1}.in`, output: `${i + 1}.out` }));
}

/** The `info` manifest of a problem's test data (groups-admin-files.md §7.1). */
export function infoManifest(
  problem: ProblemRow,
  cases: readonly ProblemCaseRow[],
  names: { input: string; output: string }[],
) {
  const subtask = SUBTASK_MODES.includes(problem.judge_case_mode);
  return {
    mode: problem.judge_mode,
    judgeCaseMode: problem.judge_case_mode,
    version: problem.case_version,
    testCasesSize: cases.length,
    testCases: cases.map((c, i) => ({
      caseId: c.id,
      ...(subtask ? { groupNum: c.group_num } : {}),
      score: c.score,
      inputName: names[i]!.input,
      outputName: names[i]!.output,
    })),
  };
}

/** The files of a problem's test data: name → bytes (without `info`). */
export async function caseFiles(
  blobs: BlobStore,
  cases: readonly ProblemCaseRow[],
  names: { input: string; output: string }[],
): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {};
  for (const [i, c] of cases.entries()) {
    for (const [name, hash] of [
      [names[i]!.input, c.input_hash],
      [names[i]!.output, c.output_hash],
    ] as const) {
      const data = await blobs.get(hash);
      if (!data) throw fail(`评测数据文件丢失（${name}），请重新上传该题目的评测数据！`);
      out[name] = data;
    }
  }
  return out;
}

/** The test-case zip of a problem: its files plus `info`. */
export async function testCaseZip(blobs: BlobStore, problem: ProblemRow, cases: readonly ProblemCaseRow[]) {
  const names = caseFileNames(problem, cases);
  const files = await caseFiles(blobs, cases, names);
  return writeZip({ ...files, info: JSON.stringify(infoManifest(problem, cases, names)) });
}
