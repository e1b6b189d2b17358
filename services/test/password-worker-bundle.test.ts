// The password hashing pool from the compiled bundles (scripts/build.mjs): the worker entry is
// bundled beside api.js and main.js, a process started from a bundle finds it there, and the
// bundled worker hashes with the site's parameters.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordWorkerScript } from '../src/account/password-workers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, `.dist-test-pw-${process.pid}`);

describe('password worker bundle', () => {
  beforeAll(async () => {
    const { buildAll } = (await import(pathToFileURL(path.join(root, 'scripts/build.mjs')).href)) as {
      buildAll(into?: string): Promise<void>;
    };
    await buildAll(outDir);
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('is found beside the running bundle, and the source is used otherwise', () => {
    const bundled = passwordWorkerScript(path.join(outDir, 'services/api.js'));
    expect(bundled).toEqual({ file: path.join(outDir, 'services/password-worker.js'), eval: false });
    expect(passwordWorkerScript(path.join(outDir, 'services/main.js')).file).toBe(bundled.file);
    const source = passwordWorkerScript(path.join(root, 'services/src/main.ts'));
    expect(source.eval).toBe(true);
    expect(source.file).toContain('password-worker.ts');
  });

  it('hashes on the bundled worker thread', async () => {
    const worker = new Worker(path.join(outDir, 'services/password-worker.js'));
    try {
      const reply = await new Promise<{ id: number; hash?: string; error?: string }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ id: 7, password: 'bundled secret' });
      });
      expect(reply.id).toBe(7);
      expect(reply.hash).toMatch(/^\$argon2id\$/);
      expect(await argon2.verify(reply.hash!, 'bundled secret')).toBe(true);
    } finally {
      await worker.terminate();
    }
  });
});
