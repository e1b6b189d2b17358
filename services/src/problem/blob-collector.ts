// The collector of unreferenced test-data blobs (issue #23 item 13). An upload claims each blob
// it stores (repository `claimUploadBlob`, under the blob's lock, before the put); a blob whose
// newest claim is older than the grace period and that no problem case (nor avatar, markdown
// upload, carousel image) names is removed with its claims, under the same lock. So a blob
// uploaded but not yet saved into a problem is kept for the grace period, and an upload racing a
// collection either sees its blob removed first (and puts it again) or keeps it by its claim.
import type { BlobStore } from '@oj/protocol/bus';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import * as repo from './repository';

export interface BlobCollectorOptions {
  db: Kysely<Database>;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  graceMs: number;
  now?: () => number;
  /** Blobs looked at per batch. */
  batch?: number;
}

/** One pass: collects every blob unclaimed for the grace period and named by nothing; returns them. */
export async function collectUnreferencedBlobs(o: BlobCollectorOptions): Promise<string[]> {
  const cutoff = new Date((o.now ?? Date.now)() - o.graceMs);
  const removed: string[] = [];
  const seen = new Set<string>();
  for (;;) {
    const hashes = (await repo.collectableUploadBlobs(o.db, cutoff, o.batch ?? 200)).filter(
      (h) => !seen.has(h),
    );
    if (hashes.length === 0) break;
    for (const hash of hashes) {
      seen.add(hash);
      if (await repo.collectUploadBlob(o.db, hash, cutoff, () => o.blobs.delete(hash))) removed.push(hash);
    }
  }
  if (removed.length) o.log.info({ removed: removed.length }, 'unreferenced test-data blobs removed');
  return removed;
}

/** Runs a pass every `everyMs` (0: never); returns the stop function. */
export function startBlobCollector(o: BlobCollectorOptions & { everyMs: number }): () => void {
  if (!o.everyMs) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    collectUnreferencedBlobs(o)
      .catch((err) => o.log.warn({ err }, 'collecting unreferenced test-data blobs failed'))
      .finally(() => (running = false));
  }, o.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
