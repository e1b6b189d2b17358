// Reading untrusted zip archives safely, and writing zips, with fflate: it is small,
// dependency-free, and its synchronous unzip allocates exactly the size each entry
// declares, so a lying header cannot inflate past the bound checked below.
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
