import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '@oj/protocol/bus';
import type { BlobStore } from '@oj/protocol/bus';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { App } from './http/app';
import type { Authenticator } from './http/access';

/** What every capability is built from. Made once per process by the composition root. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  bus: Bus;
  /** Content-addressed files (test data, avatars, uploads): local disk or the NATS object store. */
  blobs: BlobStore;
  log: FastifyBaseLogger;
}

/**
 * A capability (account, site, problem, ...) as the composition root sees it:
 * it registers its routes, may start background consumers, and stops them on shutdown.
 */
export interface Capability {
  readonly name: string;
  routes?(app: App): Promise<void> | void;
  start?(): Promise<void>;
  stop?(): Promise<void>;
  /** Only the account capability provides this. */
  authenticator?: Authenticator;
}
