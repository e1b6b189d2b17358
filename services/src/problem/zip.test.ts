import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { pairRootCaseFiles } from './testcases';
import { readZip, readZipAsync, safeEntryName, writeZip, ZipError } from './zip';

/** A zip whose central directory claims the first entry is `size` bytes once unpacked. */
function withDeclaredSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = out.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      const cd = view.getUint32(i + 16, true);
      view.setUint32(cd + 24, size, true);
      return out;
    }
  }
  throw new Error('no end of central directory');
}

describe('readZip', () => {
  it('reads files, skips folders and round-trips writeZip', () => {
    const entries = readZip(writeZip({ '1.in': '1 2\n', 'a/b.txt': 'x' }));
    expect([...entries.keys()]).toEqual(['1.in', 'a/b.txt']);
    expect(Buffer.from(entries.get('1.in')!).toString()).toBe('1 2\n');
  });
  it('refuses traversal, absolute and drive names', () => {
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'C:/x', 'a\\..\\x']) {
      expect(() => safeEntryName(bad)).toThrow(ZipError);
    }
    expect(safeEntryName('./a/b.in')).toBe('a/b.in');
    expect(() => readZip(zipSync({ '../evil': strToU8('x') }))).toThrow('非法路径');
  });
  it('bounds the unpacked size: a real bomb over the limit is refused before inflating', () => {
    const bomb = zipSync({ 'zeros.in': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(() => readZip(bomb, { maxEntries: 10, maxTotalBytes: 1024 * 1024 })).toThrow(
      '压缩包解压后的大小超过限制',
    );
    expect(readZip(bomb, { maxEntries: 10, maxTotalBytes: 8 * 1024 * 1024 }).get('zeros.in')!.length).toBe(
      4 * 1024 * 1024,
    );
  });
  it('refuses a header declaring gigabytes even at the default limits', () => {
    const forged = withDeclaredSize(zipSync({ 'x.in': strToU8('tiny') }), 0xfffffff0);
    expect(() => readZip(forged)).toThrow('压缩包解压后的大小超过限制');
  });
  it('bounds the number of entries and refuses corrupt data', () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`${i}.in`, strToU8('1')])));
    expect(() => readZip(many, { maxEntries: 3, maxTotalBytes: 1e9 })).toThrow('压缩包内文件过多');
    expect(() => readZip(strToU8('PK garbage'))).toThrow('压缩包格式错误或已损坏');
  });
});

describe('pairRootCaseFiles', () => {
  it('pairs .in with .out or .ans, normalises newlines and orders by stem length', () => {
    const pairs = pairRootCaseFiles(
      readZip(
        zipSync({
          '10.in': strToU8('a\r\nb\r'),
          '10.ans': strToU8('c'),
          '9.in': strToU8('d'),
          '9.out': strToU8('e'),
        }),
      ),
    );
    expect(pairs.map((p) => [p.inputName, p.outputName])).toEqual([
      ['9.in', '9.out'],
      ['10.in', '10.ans'],
    ]);
    expect(Buffer.from(pairs[1]!.input).toString()).toBe('a\nb\n');
  });
  it('keeps binary data untouched', () => {
    const bin = new Uint8Array([0xff, 13, 10, 0xfe]);
    const [pair] = pairRootCaseFiles(readZip(zipSync({ '1.in': bin, '1.out': bin })));
    expect([...pair!.input]).toEqual([...bin]);
  });
});

describe('readZipAsync (inflated in the thread pool, with a byte budget and honest sizes)', () => {
  it('reads what readZip reads', async () => {
    const zip = writeZip({ '1.in': '1 2\n', 'a/b.txt': 'x', 'big.out': 'y'.repeat(100_000) });
    const sync = readZip(zip);
    const got = await readZipAsync(zip);
    expect([...got.keys()].sort()).toEqual([...sync.keys()].sort());
    for (const [k, v] of sync) expect(Buffer.from(got.get(k)!).equals(Buffer.from(v))).toBe(true);
  });
  it('refuses an entry whose header understates its size instead of truncating it', async () => {
    const liar = withDeclaredSize(zipSync({ 'x.in': strToU8('0123456789'.repeat(100)) }), 10);
    await expect(readZipAsync(liar)).rejects.toThrow('大小与其声明不符');
  });
  it('refuses an entry whose header overstates its size', async () => {
    const liar = withDeclaredSize(zipSync({ 'x.in': strToU8('tiny') }), 1000);
    await expect(readZipAsync(liar)).rejects.toThrow('大小与其声明不符');
  });
  it('refuses a bomb beyond the budget before inflating, and bad paths, entries and data', async () => {
    const bomb = zipSync({ 'zeros.in': new Uint8Array(4 * 1024 * 1024) });
    await expect(readZipAsync(bomb, { maxEntries: 10, maxTotalBytes: 1024 * 1024 })).rejects.toThrow(
      '压缩包解压后的大小超过限制',
    );
    await expect(readZipAsync(zipSync({ '../evil': strToU8('x') }))).rejects.toThrow('非法路径');
    const many = zipSync(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`${i}.in`, strToU8('1')])));
    await expect(readZipAsync(many, { maxEntries: 3, maxTotalBytes: 1e9 })).rejects.toThrow(
      '压缩包内文件过多',
    );
    await expect(readZipAsync(strToU8('PK garbage'))).rejects.toBeInstanceOf(ZipError);
  });
});
