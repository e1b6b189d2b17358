/**
 * Expected outputs kept in memory (issue #18): read and normalised once per content (a blob
 * hash, or the hash of an inline output), shared by every submission and rejudge of the
 * problem, least recently used dropped beyond a byte budget (OJ_JUDGE_TESTDATA_MEMORY_MB,
 * default 256). Inputs stay files (the sandbox opens them as stdin): the blob cache's, or the
 * task's own for inline inputs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { JudgeTestCase } from '@oj/protocol/judge/schemas';
import { ByteLru } from './byte-lru';
import { normaliseExpected } from './compare';
import { ExpectedOutput } from './compare-stream';

/** Where test data comes from: a local host path for a blob hash, or null when absent. */
export interface TestDataSource {
  path(hash: string): Promise<string | null>;
}

const MIB = 1024 * 1024;

/** The memory budget from OJ_JUDGE_TESTDATA_MEMORY_MB (default 256 MiB). */
export function testDataMemoryBytes(raw = process.env.OJ_JUDGE_TESTDATA_MEMORY_MB): number {
  const mb = Number(raw);
  return (raw && Number.isFinite(mb) && mb >= 0 ? mb : 256) * MIB;
}

export class TestDataMemory {
  private readonly lru: ByteLru<ExpectedOutput>;
  private readonly loading = new Map<string, Promise<ExpectedOutput | null>>();

  constructor(maxBytes = testDataMemoryBytes()) {
    this.lru = new ByteLru(maxBytes);
  }

  get sizeBytes(): number {
    return this.lru.sizeBytes;
  }

  get size(): number {
    return this.lru.size;
  }

  /** The case's expected output, normalised (null when its blob is missing). */
  async expected(tc: JudgeTestCase, source: TestDataSource): Promise<ExpectedOutput | null> {
    if (tc.output !== undefined) {
      const key = `i:${createHash('sha256').update(tc.output).digest('hex')}`;
      return this.lru.get(key) ?? this.keep(key, new ExpectedOutput(normaliseExpected(tc.output)));
    }
    const hash = tc.outputHash;
    if (!hash) return null;
    const key = `b:${hash}`;
    const hit = this.lru.get(key);
    if (hit) return hit;
    let p = this.loading.get(key);
    if (!p) {
      p = (async () => {
        const path = await source.path(hash);
        if (!path) return null;
        return this.keep(key, new ExpectedOutput(normaliseExpected(readFileSync(path, 'utf8'))));
      })().finally(() => this.loading.delete(key));
      this.loading.set(key, p);
    }
    return p;
  }

  /** Accounted as the text and its two derived forms, two bytes a character. */
  private keep(key: string, e: ExpectedOutput): ExpectedOutput {
    this.lru.set(key, e, 6 * e.text.length + 64);
    return e;
  }
}
