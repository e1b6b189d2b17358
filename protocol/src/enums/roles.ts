/** Roles (reference/api/core.md §1.2). Ids are stored; names travel in `roleList`. */
export const Role = {
  ROOT: 1000,
  ADMIN: 1001,
  DEFAULT_USER: 1002,
  NO_SUBMIT_USER: 1003,
  NO_DISCUSS_USER: 1004,
  MUTE_USER: 1005,
  NO_SUBMIT_NO_DISCUSS_USER: 1006,
  NO_SUBMIT_MUTE_USER: 1007,
  PROBLEM_ADMIN: 1008,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const ROLE_NAMES: Record<RoleId, string> = {
  1000: 'root',
  1001: 'admin',
  1002: 'default_user',
  1003: 'no_subimit_user', // sic: the original's spelling is part of the wire contract
  1004: 'no_discuss_user',
  1005: 'mute_user',
  1006: 'no_submit_no_discuss_user',
  1007: 'no_submit_mute_user',
  1008: 'problem_admin',
};

export const Permission = {
  PROBLEM_ADMIN: 'problem_admin',
  SUBMIT: 'submit',
  CONTEST_ADMIN: 'contest_admin',
  REJUDGE: 'rejudge',
  ANNOUNCEMENT_ADMIN: 'announcement_admin',
  USER_ADMIN: 'user_admin',
  SYSTEM_INFO_ADMIN: 'system_info_admin',
  DISCUSSION_ADD: 'discussion_add',
  DISCUSSION_DEL: 'discussion_del',
  DISCUSSION_EDIT: 'discussion_edit',
  COMMENT_ADD: 'comment_add',
  REPLY_ADD: 'reply_add',
  GROUP_ADD: 'group_add',
  GROUP_DEL: 'group_del',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

const ALL_PERMISSIONS = Object.values(Permission);
const P = Permission;
const ADMIN_PERMS: Permission[] = [
  P.PROBLEM_ADMIN,
  P.SUBMIT,
  P.CONTEST_ADMIN,
  P.DISCUSSION_ADD,
  P.DISCUSSION_DEL,
  P.DISCUSSION_EDIT,
  P.COMMENT_ADD,
  P.REPLY_ADD,
  P.GROUP_ADD,
  P.GROUP_DEL,
];

export const ROLE_PERMISSIONS: Record<RoleId, readonly Permission[]> = {
  1000: ALL_PERMISSIONS,
  1001: ADMIN_PERMS,
  1002: [
    P.SUBMIT,
    P.DISCUSSION_ADD,
    P.DISCUSSION_DEL,
    P.DISCUSSION_EDIT,
    P.COMMENT_ADD,
    P.REPLY_ADD,
    P.GROUP_ADD,
    P.GROUP_DEL,
  ],
  1003: [P.DISCUSSION_ADD, P.DISCUSSION_DEL, P.DISCUSSION_EDIT, P.COMMENT_ADD, P.REPLY_ADD],
  1004: [P.SUBMIT, P.DISCUSSION_DEL, P.DISCUSSION_EDIT, P.COMMENT_ADD, P.REPLY_ADD],
  1005: [P.SUBMIT, P.DISCUSSION_DEL, P.DISCUSSION_EDIT],
  1006: [P.DISCUSSION_DEL, P.DISCUSSION_EDIT, P.COMMENT_ADD, P.REPLY_ADD],
  1007: [P.DISCUSSION_DEL, P.DISCUSSION_EDIT],
  1008: ADMIN_PERMS,
};

/** Role names that open the back office. */
export const ADMIN_ROLE_NAMES = ['root', 'admin', 'problem_admin'] as const;

export function roleName(id: number): string | undefined {
  return ROLE_NAMES[id as RoleId];
}

export function hasPermission(roleIds: readonly number[], perm: Permission): boolean {
  return roleIds.some((r) => ROLE_PERMISSIONS[r as RoleId]?.includes(perm));
}

export function isAdminRoleName(names: readonly string[]): boolean {
  return names.some((n) => (ADMIN_ROLE_NAMES as readonly string[]).includes(n));
}
