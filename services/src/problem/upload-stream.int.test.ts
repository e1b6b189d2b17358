// Test-case zips are streamed to a temp file and unpacked entry by entry (issue #15): a zip
// larger than the old 128 MB in-memory cap goes through; the configured cap, zip bombs and
// broken archives are refused with an envelope error, never a 5xx; no temp file is left behind.
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { createHarness, type Harness } from './test-harness';

const MB = 1048576;
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'oj-upload-stream-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Writes a zip of STORED entries to `file` one entry at a time (never the whole archive in memory). */
async function writeStoredZip(file: string, entries: Iterable<[string, Buffer]>): Promise<number> {
  const fh = await open(file, 'w');
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  try {
    for (const [name, data] of entries) {
      const nameBytes = Buffer.from(name);
      const crc = crc32(data) >>> 0;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      const cd = Buffer.alloc(46);
      cd.writeUInt32LE(0x02014b50, 0);
      cd.writeUInt16LE(20, 4);
      cd.writeUInt16LE(20, 6);
      cd.writeUInt32LE(crc, 16);
      cd.writeUInt32LE(data.length, 20);
      cd.writeUInt32LE(data.length, 24);
      cd.writeUInt16LE(nameBytes.length, 28);
      cd.writeUInt32LE(offset, 42);
      central.push(cd, nameBytes);
      await fh.write(Buffer.concat([local, nameBytes]));
      await fh.write(data);
      offset += 30 + nameBytes.length + data.length;
      count++;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    await fh.write(Buffer.concat([directory, end]));
    return offset + directory.length + 22;
  } finally {
    await fh.close();
  }
}

/** Posts the file at `file` as the multipart `file` part, streamed from disk. */
async function uploadFromDisk(h: Harness, file: string, name = 'cases.zip') {
  const boundary = '----ojstreamboundary';
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    for await (const chunk of createReadStream(file)) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return h.app.inject({
    method: 'POST',
    url: '/api/file/upload-testcase-zip',
    headers: { authorization: 'root', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Readable.from(body()),
  });
}

const tempLeft = async (h: Harness) =>
  readdir(path.join(h.ctx.config.dataDir, 'tmp', 'uploads')).catch(() => [] as string[]);

describe('test-case zip upload, streamed (default limits)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('pglite');
  });
  afterAll(() => h?.close());

  it('accepts a zip larger than the old 128 MB cap and stores every case', async () => {
    const file = path.join(work, 'large.zip');
    const cases = 66;
    const size = await writeStoredZip(
      file,
      (function* () {
        for (let i = 1; i <= cases; i++) {
          yield [`${i}.in`, Buffer.alloc(MB, `${i} `)];
          yield [`${i}.out`, Buffer.alloc(MB, `${i * 2} `)];
        }
      })(),
    );
    expect(size).toBeGreaterThan(128 * MB);
    const res = await uploadFromDisk(h, file);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.fileList).toHaveLength(cases);
    expect(body.data.fileList[65]).toEqual({ input: '66.in', output: '66.out' });
    const stored = (await h.ctx.blobs.get(body.data.fileListDir))!;
    const manifest = JSON.parse(stored.toString()) as { files: Record<string, string> };
    const out66 = (await h.ctx.blobs.get(manifest.files['66.out']!))!;
    expect(out66.equals(Buffer.alloc(MB, '132 '))).toBe(true);
    expect(await tempLeft(h)).toEqual([]);
  }, 120_000);
});

describe('test-case zip upload, streamed (limits from configuration)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(
      'pglite',
      {},
      {
        config: { testCaseZip: { maxZipBytes: 2 * MB, maxEntries: 20, maxUnzippedBytes: 4 * MB } },
      },
    );
  });
  afterAll(() => h?.close());

  const up = async (bytes: Uint8Array, name?: string) => {
    const file = path.join(work, `z-${Math.random().toString(36).slice(2)}.zip`);
    const fh = await open(file, 'w');
    await fh.write(bytes);
    await fh.close();
    const res = await uploadFromDisk(h, file, name);
    expect(res.statusCode).toBeLessThan(500);
    expect(await tempLeft(h)).toEqual([]);
    return res.json() as { status: number; msg: string; data: { fileList: unknown[] } | null };
  };

  it('takes a zip under the configured cap, refuses one over it', async () => {
    const fits = zipSync({ '1.in': Buffer.alloc(MB, 'a'), '1.out': strToU8('b\r\n') }, { level: 0 });
    expect(await up(fits)).toMatchObject({
      status: 200,
      data: { fileList: [{ input: '1.in', output: '1.out' }] },
    });
    const over = zipSync({ '1.in': Buffer.alloc(3 * MB, 'a') }, { level: 0 });
    expect(await up(over)).toMatchObject({ status: 400, msg: 'Exceed max size limit', data: null });
  });

  it('refuses a zip bomb and too many entries from the directory', async () => {
    const bomb = zipSync({ '1.in': new Uint8Array(64 * MB), '1.out': strToU8('0') }, { level: 9 });
    expect(bomb.length).toBeLessThan(MB);
    expect(await up(bomb)).toMatchObject({ status: 400, msg: '压缩包解压后的大小超过限制（4MB）！' });
    const many = zipSync(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`${i}.in`, strToU8('1')])));
    expect(await up(many)).toMatchObject({ status: 400, msg: '压缩包内文件过多（最多20个）！' });
  });

  it('refuses a truncated zip, a lying entry and a bad layout', async () => {
    const zip = zipSync({ '1.in': Buffer.alloc(100_000, '1'), '1.out': strToU8('2') }, { level: 0 });
    for (const cut of [zip.length - 30, 50_000]) {
      expect(await up(zip.subarray(0, cut))).toMatchObject({
        status: 400,
        msg: '压缩包格式错误或已损坏，无法解压！',
      });
    }
    const flipped = Buffer.from(zip);
    flipped[40] = flipped[40]! ^ 0xff; // data of 1.in: CRC mismatch
    expect(await up(flipped)).toMatchObject({ status: 400, msg: '压缩包内文件的大小与其声明不符，已拒绝！' });
    expect(await up(zipSync({ '1.in': strToU8('1'), '2.out': strToU8('2') }))).toMatchObject({
      status: 400,
      msg: '评测数据 2.out 没有对应的输入文件（2.in）！',
    });
    expect(await up(zip, 'cases.rar')).toMatchObject({ status: 400, msg: '请上传zip格式的测试数据压缩包！' });
  });
});
