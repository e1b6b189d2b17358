/** `@oj/protocol/bus`: the node-only event bus and blob store. Never import this from web/. */
import type { Bus } from './types';
import { createMemoryBus } from './memory';
import { createNatsBus } from './nats';
import { createDiskBlobStore, createNatsBlobStore, type BlobStore } from './blob';

export type * from './types';
export { createMemoryBus, type MemoryBusOptions } from './memory';
export { createNatsBus, natsStreamNames, type NatsBusOptions } from './nats';
export { BusClosedError, BusNoRespondersError, BusRequestTimeoutError, BusResponderError } from './errors';
export { subjectMatches } from './subject';
export { natsNamespace, type NatsNamespace } from './namespace';
export {
  assertBlobHash,
  createDiskBlobStore,
  createNatsBlobStore,
  sha256Hex,
  type BlobStore,
  type NatsBlobStoreOptions,
} from './blob';

/** The NATS bus when a server URL is configured, the in-process bus otherwise (embedded default). */
export async function createBusFromEnv(natsUrl?: string): Promise<Bus> {
  return natsUrl ? createNatsBus({ servers: natsUrl, name: 'oj' }) : createMemoryBus();
}

/** The NATS object store when a server URL is configured, files under `dir` otherwise. */
export async function createBlobStoreFromEnv(natsUrl: string | undefined, dir: string): Promise<BlobStore> {
  return natsUrl ? createNatsBlobStore({ servers: natsUrl }) : createDiskBlobStore(dir);
}
