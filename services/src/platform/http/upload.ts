// Reading an uploaded file from a multipart request, for every capability: the route's access
// rule has already run (onRequest, before any byte of the body is read); the file is streamed
// with a byte limit (never more than maxBytes + 1 in memory); a malformed body, a part without a
// file name or an empty file is the caller's error (400), never a 5xx.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { registerEnglish } from './message-catalog';

export interface Upload {
  fieldname: string;
  filename: string;
  bytes: Buffer;
  /** The file was longer than maxBytes (bytes hold the first maxBytes only). */
  truncated: boolean;
  /** Other (non-file) fields of the form, first value each. */
  fields: Record<string, string>;
}

export const UPLOAD_MALFORMED = '上传的文件格式错误！';
registerEnglish({ [UPLOAD_MALFORMED]: 'The uploaded file is malformed!' });

/**
 * The request's parts: field values collected into `fields` (the first of each name), the first
 * named file part among `opts.fields` (any, when absent) yielded, every other file part drained.
 */
async function* firstWantedFile(
  req: FastifyRequest,
  opts: { maxBytes: number; fields?: readonly string[] },
  fields: Record<string, string>,
) {
  let given = false;
  for await (const part of req.parts({ limits: { fileSize: opts.maxBytes, files: 4, fields: 16 } })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      continue;
    }
    const wanted = !opts.fields || opts.fields.includes(part.fieldname);
    if (given || !wanted || !part.filename) {
      part.file.resume();
      continue;
    }
    given = true;
    yield part;
  }
}

/**
 * The first file part (of `fields` when given) with a non-empty file name, read up to maxBytes;
 * null when the request is not multipart or has no such part. Field parts are collected.
 */
export async function readUpload(
  req: FastifyRequest,
  opts: { maxBytes: number; fields?: readonly string[] },
): Promise<Upload | null> {
  if (!req.isMultipart()) return null;
  let found: Upload | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of firstWantedFile(req, opts, fields)) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= opts.maxBytes) chunks.push(chunk);
      }
      found = {
        fieldname: part.fieldname,
        filename: part.filename,
        bytes: Buffer.concat(chunks),
        truncated: part.file.truncated || size > opts.maxBytes,
        fields,
      };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' && found) return { ...found, truncated: true };
    throw new ApiError(400, UPLOAD_MALFORMED, 400);
  }
  return found;
}

/** An uploaded file streamed to a temp file on disk; `dispose()` removes it (always call it). */
export interface FileUpload {
  fieldname: string;
  filename: string;
  /** Path of the temp file holding the bytes (at most maxBytes of them). */
  path: string;
  size: number;
  /** The file was longer than maxBytes (the temp file holds a prefix only). */
  truncated: boolean;
  fields: Record<string, string>;
  dispose(): Promise<void>;
}

/**
 * Like `readUpload`, but the file is piped to a temp file under `dir` (default the OS temp
 * folder) as it arrives, so a large upload costs disk, not memory: only busboy's chunks are in
 * flight. Null when the request is not multipart or has no such part (nothing is left on disk).
 */
export async function readUploadToFile(
  req: FastifyRequest,
  opts: { maxBytes: number; fields?: readonly string[]; dir?: string },
): Promise<FileUpload | null> {
  if (!req.isMultipart()) return null;
  const base = opts.dir ?? os.tmpdir();
  await mkdir(base, { recursive: true });
  const folder = await mkdtemp(path.join(base, 'upload-'));
  const stopHolding = holdUpload(folder);
  const dispose = async () => {
    stopHolding();
    await rm(folder, { recursive: true, force: true });
  };
  let found: FileUpload | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of firstWantedFile(req, opts, fields)) {
      const file = path.join(folder, 'file');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      found = {
        fieldname: part.fieldname,
        filename: part.filename,
        path: file,
        size: 0,
        truncated: false,
        fields,
        dispose,
      };
      await pipeline(part.file, counter, createWriteStream(file));
      found.size = size;
      found.truncated = part.file.truncated || size > opts.maxBytes;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' && found) return { ...found, truncated: true };
    await dispose();
    // The client's fault is a malformed body; a failing disk (no space) is the server's.
    if (err instanceof ApiError || (err as { syscall?: string }).syscall) throw err;
    throw new ApiError(400, UPLOAD_MALFORMED, 400);
  }
  if (!found) await dispose();
  return found;
}

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  gif: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  webp: (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** The raster image type the bytes really are (magic numbers), or null. */
export function imageTypeOf(bytes: Uint8Array): 'jpg' | 'png' | 'gif' | 'webp' | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const [type, test] of Object.entries(MAGIC)) if (test(b)) return type as 'jpg';
  return null;
}

/** Upload folders held by a request of this process (never swept, whatever their age). */
const heldUploads = new Set<string>();
/** While held, a folder's time is renewed this often, so other processes' sweeps see it as live. */
export const UPLOAD_HEARTBEAT_MS = 60_000;

/** Marks `folder` as held by a live request until the returned function is called. */
export function holdUpload(folder: string): () => void {
  heldUploads.add(folder);
  const beat = setInterval(() => {
    const now = new Date();
    void utimes(folder, now, now).catch(() => undefined);
  }, UPLOAD_HEARTBEAT_MS);
  beat.unref();
  return () => {
    clearInterval(beat);
    heldUploads.delete(folder);
  };
}

/**
 * Removes the `upload-*` folders of readUploadToFile that no request of this process holds and in
 * which nothing was written for `olderThanMs` (the folder's time, renewed while a request of any
 * process holds it, and its files'): what a killed request or process left behind. Returns how
 * many went.
 */
export async function sweepStaleUploads(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith('upload-')) continue;
    const folder = path.join(dir, name);
    if (heldUploads.has(folder)) continue;
    const info = await stat(folder).catch(() => null);
    if (!info || now - info.mtimeMs < olderThanMs) continue;
    const inside = await readdir(folder).catch(() => [] as string[]);
    const times = await Promise.all(
      inside.map(async (f) => (await stat(path.join(folder, f)).catch(() => null))?.mtimeMs ?? 0),
    );
    if (times.some((t) => now - t < olderThanMs)) continue;
    await rm(folder, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Sweeps `dir` now and then every `everyMs` (default a minute) for uploads left `staleMs`
 * untouched (issue #23.5: a killed upload's temp file goes within minutes, not at the next start).
 * The timer never keeps the process alive; the returned function stops it.
 */
export function startUploadSweeper(
  dir: string,
  staleMs: number,
  log: { info(o: object, m: string): void; warn(o: object, m: string): void },
  everyMs = 60_000,
): () => void {
  const sweep = () =>
    sweepStaleUploads(dir, staleMs)
      .then((n) => n && log.info({ removed: n, dir }, 'removed stale uploads'))
      .catch((err: unknown) => log.warn({ err, dir }, 'sweeping stale uploads failed'));
  void sweep();
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
