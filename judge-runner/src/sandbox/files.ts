/** Reading files a sandboxed program produced, without following its symlinks. */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/**
 * Open a regular file without following a final symlink; null when absent,
 * a symlink, or anything but a regular file (judge.md §8 #19).
 */
export function openRegular(path: string): number | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    return null;
  }
  return fd;
}

/** The first `max` bytes of a regular file (empty when missing or not regular). */
export function readHead(path: string, max: number): Buffer {
  const fd = openRegular(path);
  if (fd === null) return Buffer.alloc(0);
  try {
    const size = Math.min(fstatSync(fd).size, max);
    const buf = Buffer.alloc(size);
    let off = 0;
    while (off < size) {
      const n = readSync(fd, buf, off, size - off, off);
      if (n <= 0) break;
      off += n;
    }
    return buf.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}

/** Cut text to `max` characters, marking the cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
