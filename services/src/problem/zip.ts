// Reading untrusted zip archives safely, and writing zips, with fflate: it is small,
// dependency-free, and its synchronous unzip allocates exactly the size each entry
// declares, so a lying header cannot inflate past the bound checked below.
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import { unzipSync, zipSync, strFromU8, strToU8, type Zippable } from 'fflate';

export interface ZipLimits {
  /** Most entries (files and folders) an archive may hold. */
  maxEntries: number;
  /** Largest sum of uncompressed sizes, in bytes. */
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 5000, maxTotalBytes: 512 * 1024 * 1024 };

/** A refusal of an archive, with a message fit for the client. */
export class ZipError extends Error {
  override name = 'ZipError';
}

/** Entries of an archive by normalised path (folders excluded), in archive order. */
export type ZipEntries = Map<string, Uint8Array>;

/** Rejects absolute names, drive letters and any `..` segment; returns the name with `/` separators. */
export function safeEntryName(raw: string): string {
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split('/').some((seg) => seg === '..')) {
    throw new ZipError(`压缩包内含有非法路径：${raw}`);
  }
  if (name.includes('\0')) throw new ZipError(`压缩包内含有非法路径：${raw}`);
  return name.replace(/^(\.\/)+/, '');
}

/** Unzips an untrusted archive within the limits; throws ZipError with a clear message otherwise. */
export function readZip(data: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntries {
  let entries = 0;
  let total = 0;
  const names = new Map<string, string>();
  let raw: Record<string, Uint8Array>;
  try {
    raw = unzipSync(data, {
      filter(file) {
        entries += 1;
        if (entries > limits.maxEntries)
          throw new ZipError(`压缩包内文件过多（最多${limits.maxEntries}个）！`);
        const name = safeEntryName(file.name);
        if (name.endsWith('/') || name === '') return false;
        total += file.originalSize;
        if (total > limits.maxTotalBytes)
          throw new ZipError(
            `压缩包解压后的大小超过限制（${Math.floor(limits.maxTotalBytes / 1048576)}MB）！`,
          );
        if (names.has(name)) throw new ZipError(`压缩包内文件重复：${name}`);
        names.set(file.name, name);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof ZipError) throw err;
    throw new ZipError('压缩包格式错误或已损坏，无法解压！');
  }
  const out: ZipEntries = new Map();
  for (const [rawName, bytes] of Object.entries(raw)) out.set(names.get(rawName) ?? rawName, bytes);
  return out;
}

/** A zip of the given files (path → bytes or text). */
export function writeZip(files: Record<string, Uint8Array | string>): Uint8Array {
  const tree: Zippable = {};
  for (const [name, content] of Object.entries(files)) {
    tree[name] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(tree, { level: 6 });
}

export const utf8 = (bytes: Uint8Array): string => strFromU8(bytes);
export const isZipMagic = (data: Uint8Array): boolean =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 3 || data[2] === 5);

// ---------- reading off the event loop ----------

const inflateRawAsync = promisify(inflateRaw);

/** Little-endian readers over a buffer, bounds-checked (a truncated archive is a ZipError). */
function u16(b: Buffer, at: number): number {
  if (at + 2 > b.length) throw new ZipError(CORRUPT);
  return b.readUInt16LE(at);
}
function u32(b: Buffer, at: number): number {
  if (at + 4 > b.length) throw new ZipError(CORRUPT);
  return b.readUInt32LE(at);
}
export const CORRUPT = '压缩包格式错误或已损坏，无法解压！';
export const LYING = '压缩包内文件的大小与其声明不符，已拒绝！';

export interface CentralEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The end-of-central-directory record in `tail` (the archive's last bytes): entry count, directory offset and size. */
export function endOfCentralDirectory(tail: Buffer): { count: number; cdOffset: number; cdSize: number } {
  // The last signature within the final 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 65557); i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError(CORRUPT);
  const count = u16(tail, eocd + 10);
  const cdSize = u32(tail, eocd + 12);
  const cdOffset = u32(tail, eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipError('不支持 ZIP64 格式的压缩包！');
  return { count, cdOffset, cdSize };
}

/** `count` central-directory records of `b` starting at `at`. */
export function centralEntries(b: Buffer, at: number, count: number): CentralEntry[] {
  const out: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(b, at) !== 0x02014b50) throw new ZipError(CORRUPT);
    const flags = u16(b, at + 8);
    const nameLength = u16(b, at + 28);
    const end = at + 46 + nameLength;
    if (end > b.length) throw new ZipError(CORRUPT);
    const rawName = b.subarray(at + 46, end);
    out.push({
      name: flags & 0x800 ? rawName.toString('utf8') : rawName.toString('latin1'),
      method: u16(b, at + 10),
      flags,
      crc: u32(b, at + 16),
      compressedSize: u32(b, at + 20),
      size: u32(b, at + 24),
      localOffset: u32(b, at + 42),
    });
    at = end + u16(b, at + 30) + u16(b, at + 32);
  }
  return out;
}

function centralDirectory(b: Buffer): CentralEntry[] {
  const { count, cdOffset } = endOfCentralDirectory(b);
  return centralEntries(b, cdOffset, count);
}

/** Offset of an entry's data after its local header (`header` holds at least the header's 30 bytes). */
export function localDataStart(header: Buffer, localOffset: number): number {
  if (u32(header, 0) !== 0x04034b50) throw new ZipError(CORRUPT);
  return localOffset + 30 + u16(header, 26) + u16(header, 28);
}

/**
 * The file entries of an archive (folders left out) under their safe names, after every check
 * that needs no data: entry count, path traversal, encryption, declared total size (a zip bomb
 * is refused before anything inflates), duplicates, compression method.
 */
export function checkedFiles(
  entries: readonly CentralEntry[],
  limits: ZipLimits,
): Array<{ name: string; e: CentralEntry }> {
  if (entries.length > limits.maxEntries)
    throw new ZipError(`压缩包内文件过多（最多${limits.maxEntries}个）！`);
  const files: Array<{ name: string; e: CentralEntry }> = [];
  let total = 0;
  const seen = new Set<string>();
  for (const e of entries) {
    const name = safeEntryName(e.name);
    if (name.endsWith('/') || name === '') continue;
    if (e.flags & 1) throw new ZipError('不支持加密的压缩包！');
    total += e.size;
    if (total > limits.maxTotalBytes)
      throw new ZipError(`压缩包解压后的大小超过限制（${Math.floor(limits.maxTotalBytes / 1048576)}MB）！`);
    if (seen.has(name)) throw new ZipError(`压缩包内文件重复：${name}`);
    seen.add(name);
    files.push({ name, e });
  }
  return files;
}

/**
 * Unzips an untrusted archive without blocking the event loop: every entry is inflated by zlib in
 * the libuv thread pool with an output cap of its declared size + 1 byte, so the whole archive
 * never inflates past the byte budget (the sum of declared sizes, checked first); an entry whose
 * data is longer or shorter than its header says, or whose CRC differs, refuses the archive
 * (no silent truncation). Same results and refusals as `readZip` otherwise.
 */
export async function readZipAsync(
  data: Uint8Array,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipEntries> {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const files = checkedFiles(centralDirectory(b), limits);
  const out: ZipEntries = new Map();
  for (const { name, e } of files) {
    const at = e.localOffset;
    const start = localDataStart(b.subarray(at), at);
    const end = start + e.compressedSize;
    if (end > b.length) throw new ZipError(CORRUPT);
    const raw = b.subarray(start, end);
    let bytes: Buffer;
    if (e.method === 0) bytes = Buffer.from(raw);
    else if (e.method === 8) {
      try {
        bytes = await inflateRawAsync(raw, { maxOutputLength: Math.max(1, e.size + 1) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipError(LYING);
        throw new ZipError(CORRUPT);
      }
    } else throw new ZipError(`不支持的压缩方式（${e.method}）：${name}`);
    if (bytes.length !== e.size || crc32(bytes) >>> 0 !== e.crc >>> 0) throw new ZipError(LYING);
    out.set(name, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  return out;
}
