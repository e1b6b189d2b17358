// Reading an untrusted zip archive from a file, entry by entry: only the central directory and
// one entry's bytes are ever in memory, so a large upload costs disk, not RSS. The same checks
// as `readZipAsync` (zip.ts): names, entry count and declared total size before any data is
// read; every entry inflates by streaming with its declared size as a hard cap, CRC and size
// checked at its end.
import { open, type FileHandle } from 'node:fs/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import {
  centralEntries,
  checkedFiles,
  CORRUPT,
  endOfCentralDirectory,
  localDataStart,
  LYING,
  ZipError,
  type CentralEntry,
  type ZipLimits,
} from './zip';

/** Largest central directory read into memory (5,000 entries with long names need well under 2 MiB). */
const MAX_DIRECTORY_BYTES = 32 * 1024 * 1024;
const CHUNK = 256 * 1024;
/** Largest single entry: it is held in memory once while it goes to the blob store. */
export const MAX_ENTRY_BYTES = 1024 * 1024 * 1024;

export interface ZipFileEntry {
  /** Safe, `/`-separated name (zip.ts `safeEntryName`). */
  name: string;
  /** Declared uncompressed size. */
  size: number;
}

export interface ZipFile {
  /** The file entries, in archive order (folders left out). */
  readonly entries: readonly ZipFileEntry[];
  /** The bytes of one entry (inflated, size and CRC checked); ZipError when it is broken or lies. */
  read(name: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** Fills `buf` from the file at `position`; a file that ends first is a ZipError. */
async function readInto(fh: FileHandle, buf: Buffer, position: number): Promise<Buffer> {
  let got = 0;
  while (got < buf.length) {
    const { bytesRead } = await fh.read(buf, got, buf.length - got, position + got);
    if (bytesRead === 0) throw new ZipError(CORRUPT);
    got += bytesRead;
  }
  return buf;
}

const readAt = (fh: FileHandle, position: number, length: number) =>
  readInto(fh, Buffer.allocUnsafe(length), position);

/** Opens the archive at `path` and checks its directory; the caller closes it. */
export async function openZipFile(path: string, limits: ZipLimits): Promise<ZipFile> {
  const fh = await open(path, 'r');
  try {
    const { size: fileSize } = await fh.stat();
    const tailLength = Math.min(fileSize, 65557);
    if (tailLength < 22) throw new ZipError(CORRUPT);
    const { count, cdOffset, cdSize } = endOfCentralDirectory(
      await readAt(fh, fileSize - tailLength, tailLength),
    );
    if (count > limits.maxEntries) throw new ZipError(`压缩包内文件过多（最多${limits.maxEntries}个）！`);
    if (cdOffset + cdSize > fileSize || cdSize > MAX_DIRECTORY_BYTES) throw new ZipError(CORRUPT);
    const files = checkedFiles(centralEntries(await readAt(fh, cdOffset, cdSize), 0, count), limits);
    const byName = new Map(files.map((f) => [f.name, f.e]));
    return {
      entries: files.map((f) => ({ name: f.name, size: f.e.size })),
      async read(name) {
        const e = byName.get(name);
        if (!e) throw new ZipError(CORRUPT);
        return readEntry(fh, e, name, cdOffset);
      },
      close: () => fh.close(),
    };
  } catch (err) {
    await fh.close();
    throw err;
  }
}

async function readEntry(fh: FileHandle, e: CentralEntry, name: string, dataEnd: number): Promise<Buffer> {
  if (e.method !== 0 && e.method !== 8) throw new ZipError(`不支持的压缩方式（${e.method}）：${name}`);
  if (e.size > MAX_ENTRY_BYTES)
    throw new ZipError(`压缩包内单个文件过大（最多${MAX_ENTRY_BYTES / 1048576}MB）：${name}`);
  if (e.localOffset + 30 > dataEnd) throw new ZipError(CORRUPT);
  const start = localDataStart(await readAt(fh, e.localOffset, 30), e.localOffset);
  if (start + e.compressedSize > dataEnd) throw new ZipError(CORRUPT);
  const out = Buffer.allocUnsafe(e.size);
  let filled = 0;
  let crc = 0;
  const take = (chunk: Buffer) => {
    if (filled + chunk.length > e.size) throw new ZipError(LYING);
    chunk.copy(out, filled);
    crc = crc32(chunk, crc);
    filled += chunk.length;
  };
  if (e.method === 0) {
    // Stored: read straight into the entry's buffer.
    if (e.compressedSize !== e.size) throw new ZipError(LYING);
    await readInto(fh, out, start);
    crc = crc32(out);
    filled = e.size;
  } else {
    await inflateInto(fh, start, e.compressedSize, take);
  }
  if (filled !== e.size || crc >>> 0 !== e.crc >>> 0) throw new ZipError(LYING);
  return out;
}

/** Streams `length` deflated bytes at `start` through zlib (thread pool), handing each inflated chunk to `take`. */
function inflateInto(
  fh: FileHandle,
  start: number,
  length: number,
  take: (chunk: Buffer) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      inflate.destroy();
      reject(err instanceof ZipError ? err : new ZipError(CORRUPT));
    };
    inflate.on('data', (chunk: Buffer) => {
      try {
        take(chunk);
      } catch (err) {
        fail(err);
      }
    });
    inflate.on('error', fail);
    inflate.on('end', () => {
      if (!failed) resolve();
    });
    void (async () => {
      for (let at = 0; at < length && !failed; at += CHUNK) {
        const chunk = await readAt(fh, start + at, Math.min(CHUNK, length - at));
        if (!inflate.write(chunk))
          await new Promise((r) => {
            inflate.once('drain', r);
            inflate.once('close', r);
          });
      }
      if (!failed) inflate.end();
    })().catch(fail);
  });
}
