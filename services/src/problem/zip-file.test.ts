import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { readZipAsync, writeZip, ZipError, type ZipLimits } from './zip';
import { openZipFile } from './zip-file';

const LIMITS: ZipLimits = { maxEntries: 100, maxTotalBytes: 64 * 1024 * 1024 };
let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-zipfile-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function fileOf(bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, `z${n++}.zip`);
  await writeFile(file, bytes);
  return file;
}

/** Every entry of the archive at `file`, read one at a time. */
async function readAll(file: string, limits = LIMITS): Promise<Map<string, Buffer>> {
  const zip = await openZipFile(file, limits);
  try {
    const out = new Map<string, Buffer>();
    for (const e of zip.entries) out.set(e.name, await zip.read(e.name));
    return out;
  } finally {
    await zip.close();
  }
}

/** A zip whose central directory claims the first entry is `size` bytes once unpacked. */
function withDeclaredSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = out.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      view.setUint32(view.getUint32(i + 16, true) + 24, size, true);
      return out;
    }
  }
  throw new Error('no end of central directory');
}

describe('openZipFile (entry by entry from disk)', () => {
  it('reads what readZipAsync reads, deflated and stored, large and empty entries', async () => {
    const big = strToU8('0123456789abcdef\n'.repeat(200_000)); // 3.4 MB, several read chunks
    const zip = zipSync(
      { '1.in': strToU8('1 2\n'), 'a/b.txt': strToU8('x'), 'big.out': big, 'empty.out': new Uint8Array() },
      { level: 6 },
    );
    const stored = zipSync({ 's.in': big, 't.in': strToU8('t') }, { level: 0 });
    for (const bytes of [zip, stored, writeZip({ 'w.in': 'w' })]) {
      const expected = await readZipAsync(bytes, LIMITS);
      const got = await readAll(await fileOf(bytes));
      expect([...got.keys()]).toEqual([...expected.keys()]);
      for (const [k, v] of expected) expect(got.get(k)!.equals(Buffer.from(v))).toBe(true);
    }
  });

  it('refuses a zip bomb from its directory, before inflating anything', async () => {
    const bomb = zipSync({ 'zeros.in': new Uint8Array(8 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(
      openZipFile(await fileOf(bomb), { maxEntries: 10, maxTotalBytes: 1024 * 1024 }),
    ).rejects.toThrow('压缩包解压后的大小超过限制（1MB）！');
    const many = zipSync(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`${i}.in`, strToU8('1')])));
    await expect(openZipFile(await fileOf(many), { maxEntries: 3, maxTotalBytes: 1e9 })).rejects.toThrow(
      '压缩包内文件过多（最多3个）！',
    );
  });

  it('stops inflating an entry at its declared size (a lying header), and refuses an overstated one', async () => {
    const liar = withDeclaredSize(zipSync({ 'x.in': new Uint8Array(4 * 1024 * 1024) }), 10);
    await expect(readAll(await fileOf(liar))).rejects.toThrow('大小与其声明不符');
    const over = withDeclaredSize(zipSync({ 'x.in': strToU8('tiny') }), 1000);
    await expect(readAll(await fileOf(over))).rejects.toThrow('大小与其声明不符');
    const badCrc = zipSync({ 'x.in': strToU8('hello world') }, { level: 0 });
    badCrc[34] = badCrc[34]! ^ 0xff; // the stored data's first byte, after the local header and 'x.in'
    await expect(readAll(await fileOf(badCrc))).rejects.toThrow('大小与其声明不符');
  });

  it('refuses truncated, garbage and traversal archives with a ZipError', async () => {
    const zip = zipSync({ '1.in': strToU8('1'.repeat(10_000)), '1.out': strToU8('2') }, { level: 0 });
    for (const cut of [zip.length - 10, Math.floor(zip.length / 2), 21, 0]) {
      await expect(readAll(await fileOf(zip.subarray(0, cut)))).rejects.toBeInstanceOf(ZipError);
    }
    // Directory intact, data cut out of the middle: the entry's data runs past the directory.
    const gap = Buffer.concat([zip.subarray(0, 100), zip.subarray(5000)]);
    await expect(readAll(await fileOf(gap))).rejects.toBeInstanceOf(ZipError);
    const deflated = zipSync({ 'd.in': strToU8('abc'.repeat(10_000)) }, { level: 6 });
    const broken = Buffer.from(deflated);
    broken.fill(0xff, 40, 60); // corrupt the deflate stream itself
    await expect(readAll(await fileOf(broken))).rejects.toBeInstanceOf(ZipError);
    await expect(readAll(await fileOf(strToU8('PK garbage')))).rejects.toThrow('压缩包格式错误或已损坏');
    await expect(openZipFile(await fileOf(zipSync({ '../evil': strToU8('x') })), LIMITS)).rejects.toThrow(
      '压缩包内含有非法路径：../evil',
    );
  });
});
