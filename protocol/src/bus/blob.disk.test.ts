import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskBlobStore } from './blob';
import { defineBlobContract } from './blob.contract';

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'oj-blob-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

defineBlobContract('disk', async () => createDiskBlobStore(await freshDir()));

describe('disk blob store', () => {
  it('refuses to return bytes that no longer match their hash', async () => {
    const dir = await freshDir();
    const store = createDiskBlobStore(dir);
    const hash = await store.put(Buffer.from('expected output'));
    await writeFile(join(dir, hash.slice(0, 2), hash), 'tampered');
    await expect(store.get(hash)).rejects.toThrow(/corrupt/);
  });

  it('leaves no temp files behind and shares blobs between stores on the same folder', async () => {
    const dir = await freshDir();
    const hash = await createDiskBlobStore(dir).put(Buffer.from('shared'));
    expect(await readdir(join(dir, '.tmp'))).toEqual([]);
    expect((await createDiskBlobStore(dir).get(hash))?.toString()).toBe('shared');
  });
});
