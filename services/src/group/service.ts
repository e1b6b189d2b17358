// Group rules (reference groups-admin-files.md §3; spec part3 §4–§6.2, §9.1), composed from one
// module per use case over a shared context: the group itself (group-profile.ts), the list
// (group-list.ts), membership (membership.ts, every transition decided by
// protocol/src/group/machine.ts), announcements and the rank. The only part of the capability that
// publishes events.
import type { GroupStanding } from '../platform/shared-ports';
import { createGroupAnnouncements } from './announcements';
import { createGroupList } from './group-list';
import { createGroupProfile } from './group-profile';
import { createGroupMembership } from './membership';
import { createGroupRank } from './rank';
import * as repo from './repository';
import { createGroupContext, levelIn, standingOf, type GroupServiceDeps } from './service-context';

export { AVATAR_MAX_BYTES } from './group-profile';
export { levelIn, standingOf, type GroupServiceDeps } from './service-context';

export type GroupService = ReturnType<typeof createGroupService>;

export function createGroupService(deps: GroupServiceDeps) {
  const ctx = createGroupContext(deps);
  return {
    /** The group (or BAN with `prefix`) and the caller's level in it (problem-service uses it). */
    groupAccess: ctx.loadWithLevel,

    /** The port other capabilities consume: the caller's standing in a group. */
    async standing(uid: string | null, gid: number): Promise<GroupStanding> {
      const g = await repo.findGroupFor(deps.db, gid, uid);
      if (!g) return 'missing';
      if (g.status === 1) return 'banned';
      if (uid === null) return 'none';
      return standingOf(levelIn(g, g.viewerAuth == null ? undefined : { auth: g.viewerAuth }, uid));
    },

    ...createGroupList(ctx),
    ...createGroupProfile(ctx),
    ...createGroupMembership(ctx),
    ...createGroupAnnouncements(ctx),
    ...createGroupRank(ctx),
  };
}
