// Ports that several capabilities consume and one capability implements. They live here, below
// every capability, so a consumer (training, discussion, contest, judge, admin) never imports the
// implementer (group, message); the composition root plugs the implementation in.

/**
 * A user's standing in a group, decided by the group capability from the stored membership row
 * (reference groups-admin-files.md §2: group_member.auth 1 applying, 2 refused, 3 member,
 * 4 group admin, 5 group root; the owner counts as admin). `banned` / `missing` say the group
 * itself is not usable. Site root bypasses group checks: consumers ask `isRoot` themselves.
 */
export type GroupStanding =
  'missing' | 'banned' | 'none' | 'applying' | 'refused' | 'member' | 'admin' | 'root';

export interface GroupRolePort {
  /** `uid` null = anonymous (always 'none' for an existing group). */
  standing(uid: string | null, gid: number): Promise<GroupStanding>;
}

/** member, group admin or group root. */
export const isGroupMember = (s: GroupStanding): boolean => s === 'member' || s === 'admin' || s === 'root';
/** group admin or group root (or the owner, which the group capability reports as at least 'admin'). */
export const isGroupAdmin = (s: GroupStanding): boolean => s === 'admin' || s === 'root';

/** Until the group capability is plugged in: every group object is out of reach. */
export const NO_GROUPS: GroupRolePort = { standing: async () => 'missing' };

/**
 * Personal notices of the message center (reference core.md §9, kinds Sys and Mine). Group events,
 * authority changes and remote-login notices go through this; the message capability stores them
 * and pushes the unread count to the user's room.
 */
export interface NoticePort {
  notify(notice: {
    toUids: readonly string[];
    title: string;
    content: string;
    kind: 'Sys' | 'Mine';
    fromUid?: string;
  }): Promise<void>;
}

/** Until the message capability is plugged in: notices are dropped. */
export const NO_NOTICES: NoticePort = { notify: async () => {} };

/**
 * A reminder of the message center (reference contests-trainings-discussions.md §3, §4: who gets
 * which action): comments, replies and likes in the discussion capability's comment areas.
 */
export interface Reminder {
  action: 'Discuss' | 'Reply' | 'Like_Post' | 'Like_Discuss';
  recipientId: string;
  senderId: string;
  sourceId: number;
  sourceType: 'Discussion' | 'Contest';
  sourceContent?: string | null;
  quoteId?: number | null;
  quoteType?: 'Comment' | 'Reply' | null;
  url: string | null;
}

/** Implemented by the message capability; consumed by the discussion capability. */
export interface ReminderPort {
  remind(r: Reminder): Promise<void>;
}
