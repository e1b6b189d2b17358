// The group capability: groups, their membership lifecycle, announcements and rank. Other
// capabilities learn a user's standing in a group through the GroupRolePort it implements.
import type { Kysely } from 'kysely';
import type { AppContext, Capability } from '../platform/context';
import { NO_NOTICES, isGroupAdmin, isGroupMember, type GroupRolePort } from '../platform/shared-ports';
import { DEFAULT_GROUP_LIMITS, type GroupPorts } from './ports';
import { groupDb } from './repository';
import { registerGroupRoutes } from './routes';
import { createGroupService, type GroupService } from './service';

export type { GroupService } from './service';
export type { GroupLimits, GroupPorts } from './ports';
export type { GroupTables } from './tables';

export interface GroupCapability extends Capability {
  service: GroupService;
  /** A user's standing in a group (training, discussion, contest, judge, admin consume it). */
  roles: GroupRolePort;
  /** The problem capability's membership questions (test data of group problems). */
  membership: {
    isMember(uid: string, gid: number): Promise<boolean>;
    isAdmin(uid: string, gid: number): Promise<boolean>;
  };
}

export function createGroupCapability(ctx: AppContext, ports: GroupPorts = {}): GroupCapability {
  const service = createGroupService({
    db: groupDb(ctx.db as unknown as Kysely<unknown>),
    bus: ctx.bus,
    notices: ports.notices ?? NO_NOTICES,
    limits: ports.limits ?? (async () => DEFAULT_GROUP_LIMITS),
    now: ports.now ?? Date.now,
    log: ctx.log,
  });
  const roles: GroupRolePort = { standing: (uid, gid) => service.standing(uid, gid) };
  return {
    name: 'group',
    service,
    roles,
    membership: {
      isMember: async (uid, gid) => isGroupMember(await service.standing(uid, gid)),
      isAdmin: async (uid, gid) => isGroupAdmin(await service.standing(uid, gid)),
    },
    routes: (app) => registerGroupRoutes(app, service),
  };
}
