import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { ok } from './envelope';
import { holdUpload, imageTypeOf, readUpload, startUploadSweeper, sweepStaleUploads } from './upload';

let app: App;
beforeAll(async () => {
  app = await buildApp();
  app.post('/api/up', { config: { access: 'anonymous' } }, async (req) => {
    const f = await readUpload(req, { maxBytes: 8, fields: ['file'] });
    return ok(f && { name: f.filename, size: f.bytes.length, truncated: f.truncated, fields: f.fields });
  });
  await app.ready();
});
afterAll(() => app.close());

function multipart(parts: string[]): { payload: string; headers: Record<string, string> } {
  const b = 'XyZ';
  return {
    payload: parts.map((p) => `--${b}\r\n${p}\r\n`).join('') + `--${b}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

describe('readUpload', () => {
  it('reads a named file, the form fields, and marks an overlong file truncated', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/up',
      ...multipart([
        'Content-Disposition: form-data; name="gid"\r\n\r\n7',
        'Content-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\n0123456789',
      ]),
    });
    expect(r.json().data).toEqual({ name: 'a.zip', size: 8, truncated: true, fields: { gid: '7' } });
  });
  it('ignores a part without a file name and a wrong field; a broken body is a 400', async () => {
    const none = await app.inject({
      method: 'POST',
      url: '/api/up',
      ...multipart([
        'Content-Disposition: form-data; name="file"\r\n\r\nabc',
        'Content-Disposition: form-data; name="other"; filename="b.zip"\r\n\r\nabc',
      ]),
    });
    expect(none.json().data).toBeNull();
    const broken = await app.inject({
      method: 'POST',
      url: '/api/up',
      payload: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=other' },
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('imageTypeOf', () => {
  it('knows images by their magic numbers, not by their names', () => {
    expect(imageTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBe('gif');
    expect(imageTypeOf(Buffer.from('<svg onload=alert(1)>'))).toBeNull();
  });
});

describe('sweepStaleUploads', () => {
  it('removes only upload folders older than the age given', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sweep-'));
    try {
      await mkdir(path.join(dir, 'upload-old'));
      await writeFile(path.join(dir, 'upload-old', 'file'), 'x');
      await mkdir(path.join(dir, 'upload-new'));
      await mkdir(path.join(dir, 'other-old'));
      const hourAgo = new Date(Date.now() - 2 * 3600_000);
      await utimes(path.join(dir, 'upload-old', 'file'), hourAgo, hourAgo);
      await utimes(path.join(dir, 'upload-old'), hourAgo, hourAgo);
      await utimes(path.join(dir, 'other-old'), hourAgo, hourAgo);
      expect(await sweepStaleUploads(dir, 3600_000)).toBe(1);
      expect((await readdir(dir)).sort()).toEqual(['other-old', 'upload-new']);
      expect(await sweepStaleUploads(path.join(dir, 'missing'), 0)).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the temp upload sweep (issue #23.5)', () => {
  const old = new Date(Date.now() - 10 * 60_000);
  const folderWith = async (dir: string, name: string, fileTime: Date, folderTime: Date) => {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, 'file'), 'x');
    await utimes(path.join(dir, name, 'file'), fileTime, fileTime);
    await utimes(path.join(dir, name), folderTime, folderTime);
  };

  it('keeps a folder a live request holds, and one whose file is still being written', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sweep-'));
    try {
      await folderWith(dir, 'upload-held', old, old);
      await folderWith(dir, 'upload-writing', new Date(), old);
      await folderWith(dir, 'upload-killed', old, old);
      const release = holdUpload(path.join(dir, 'upload-held'));
      expect(await sweepStaleUploads(dir, 5 * 60_000)).toBe(1);
      expect((await readdir(dir)).sort()).toEqual(['upload-held', 'upload-writing']);
      release();
      expect(await sweepStaleUploads(dir, 5 * 60_000)).toBe(1);
      expect(await readdir(dir)).toEqual(['upload-writing']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('runs periodically: a killed upload left after start goes at the next sweep', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sweep-'));
    const log = { info: () => undefined, warn: () => undefined };
    const stop = startUploadSweeper(dir, 5 * 60_000, log, 50);
    try {
      await folderWith(dir, 'upload-killed', old, old);
      await expect.poll(() => readdir(dir), { timeout: 10_000 }).toEqual([]);
    } finally {
      stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
