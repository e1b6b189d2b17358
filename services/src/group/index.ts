// The group capability: groups, their membership lifecycle, announcements and rank. Other
// capabilities learn a user's standing in a group through the GroupRolePort it implements.
import type { Kysely } from 'kysely';
import type { AppContext, Capability } from '../platform/context';
import { NO_NOTICES, isGroupAdmin, isGroupMember, type GroupRolePort } from '../platform/shared-ports';
import { DEFAULT_GROUP_LIMITS, type GroupPorts, type GroupProblemPort } from './ports';
import { NO_GROUP_PROBLEMS } from './problem-adapter';
import { registerGroupProblemRoutes } from './problem-routes';
import { createGroupProblemService } from './problem-service';
import { groupDb } from './repository';
import { registerGroupRoutes } from './routes';
import { createGroupService, type GroupService } from './service';

export type { GroupService } from './service';
export type { GroupLimits, GroupPorts, GroupProblemPort } from './ports';
export { groupProblemPort, type ProblemBackOffice } from './problem-adapter';
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
  /** Plugs the problem capability in (group problems); bound late: that capability is built after. */
  useProblems(port: GroupProblemPort): void;
  /** Registers another capability's clean-up of a disbanded group's objects. */
  onDisband(clean: (gid: number) => Promise<void>): void;
}

export function createGroupCapability(ctx: AppContext, ports: GroupPorts = {}): GroupCapability {
  const cleanups: ((gid: number) => Promise<void>)[] = [];
  const service = createGroupService({
    onDisband: cleanups,
    db: groupDb(ctx.db as unknown as Kysely<unknown>),
    bus: ctx.bus,
    blobs: ctx.blobs ?? undefined,
    notices: ports.notices ?? NO_NOTICES,
    limits: ports.limits ?? (async () => DEFAULT_GROUP_LIMITS),
    now: ports.now ?? Date.now,
    log: ctx.log,
  });
  const roles: GroupRolePort = { standing: (uid, gid) => service.standing(uid, gid) };
  let problems: GroupProblemPort = ports.problems ?? NO_GROUP_PROBLEMS;
  const problemService = createGroupProblemService(service, () => problems);
  return {
    name: 'group',
    service,
    roles,
    membership: {
      isMember: async (uid, gid) => isGroupMember(await service.standing(uid, gid)),
      isAdmin: async (uid, gid) => isGroupAdmin(await service.standing(uid, gid)),
    },
    useProblems(port) {
      problems = port;
      // The group's own problems go with it (through the problem capability's back office).
      cleanups.push(async (gid) => {
        for (;;) {
          const { rows } = await problems.page(gid, false, 1, 100);
          if (rows.length === 0) return;
          for (const p of rows) await problems.remove(p.id);
        }
      });
    },
    onDisband(clean) {
      // Before the problems' clean-up: contests and trainings link the problems.
      cleanups.unshift(clean);
    },
    routes: (app) => {
      registerGroupRoutes(app, service);
      registerGroupProblemRoutes(app, problemService);
    },
  };
}
