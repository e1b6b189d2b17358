// The file capability: markdown image and file uploads (spec part3 §7.2), stored in the
// platform's blob store and served back under /api/public/img|file/md/.
import type { Kysely } from 'kysely';
import type { AppContext, Capability } from '../platform/context';
import { NO_GROUPS, type GroupRolePort } from '../platform/shared-ports';
import { fileDb } from './repository';
import { registerFileRoutes } from './routes';
import { createFileService, type FileService } from './service';

export type { FileTables } from './tables';

export interface FileCapability extends Capability {
  service: FileService;
}

export function createFileCapability(ctx: AppContext, deps: { groups?: GroupRolePort } = {}): FileCapability {
  const service = createFileService({
    db: fileDb(ctx.db as Kysely<unknown>),
    blobs: ctx.blobs,
    groups: deps.groups ?? NO_GROUPS,
  });
  return { name: 'file', service, routes: (app) => registerFileRoutes(app, service) };
}
