// Symbolic links stored in a package zip (Unix `zip -y`): the entry's data is the link text. A
// link is replaced by the bytes of its target inside the archive; one that leaves the archive
// (absolute, or `..` past the root) or points at nothing in it refuses the package.
import { posix } from 'node:path';
import { centralEntries, endOfCentralDirectory, utf8, type ZipEntries } from '../../zip';
import { PackageError } from '../types';

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Names of the archive's entries made on Unix with the symbolic-link file type. */
export function symlinkNames(raw: Uint8Array): Set<string> {
  const b = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const { count, cdOffset } = endOfCentralDirectory(b);
  const names = new Set<string>();
  const entries = centralEntries(b, cdOffset, count);
  let at = cdOffset;
  for (const e of entries) {
    const madeBy = b.readUInt16LE(at + 4) >> 8;
    const mode = b.readUInt32LE(at + 38) >>> 16;
    if (madeBy === 3 && (mode & S_IFMT) === S_IFLNK)
      names.add(e.name.replace(/\\/g, '/').replace(/^(\.\/)+/, ''));
    at += 46 + b.readUInt16LE(at + 28) + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
  }
  return names;
}

/**
 * `entries` with every symbolic link replaced by its target's bytes (links to links followed); a
 * link to a folder of the archive gives that folder's files under the link's name.
 */
export function resolveSymlinks(entries: ZipEntries, links: Set<string>): ZipEntries {
  if (!links.size) return entries;
  const out: ZipEntries = new Map(entries);
  const resolve = (name: string, seen: Set<string>): Uint8Array | Map<string, Uint8Array> => {
    const text = utf8(entries.get(name)!).trim();
    const target = text.startsWith('/') ? null : posix.normalize(posix.join(posix.dirname(name), text));
    if (!target || target === '..' || target.startsWith('../'))
      throw new PackageError(`压缩包内的符号链接 ${name} 指向压缩包以外（${text}），不予导入！`);
    if (seen.has(target)) throw new PackageError(`压缩包内的符号链接 ${name} 形成循环！`);
    const bytes = entries.get(target);
    if (!bytes) {
      const folder = new Map<string, Uint8Array>();
      for (const [n, b] of entries)
        if (n.startsWith(`${target}/`) && !links.has(n)) folder.set(n.slice(target.length + 1), b);
      if (folder.size) return folder;
    }
    if (!bytes) throw new PackageError(`压缩包内的符号链接 ${name} 指向不存在的文件（${text}）！`);
    return links.has(target) ? resolve(target, new Set([...seen, target])) : bytes;
  };
  for (const name of links) {
    if (!entries.has(name)) continue;
    const got = resolve(name, new Set([name]));
    out.delete(name);
    if (got instanceof Map) for (const [rest, b] of got) out.set(`${name}/${rest}`, b);
    else out.set(name, got);
  }
  return out;
}
