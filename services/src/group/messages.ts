// Wire texts of the group area (reference groups-admin-files.md §3), verbatim, with their English
// twins for clients that ask for English.
import { registerEnglish, registerEnglishPattern } from '../platform/http/message-catalog';

/** `BAN(prefix)`: the group is missing, or banned and the caller is not site root. */
export const BAN = (prefix: string) => `${prefix}该团队不存在或已被封禁！`;

export const M = {
  NO_PERMISSION: '对不起，您无权限操作！',
  NOT_PUBLIC: '该团队并非公开团队，不支持访问！',

  CREATE_AC_LIMIT: (n: number) => `对不起，您暂时无权限创建团队！请先去提交题目通过${n}道以上!`,
  CREATE_DAILY_LIMIT: (n: number) => `对不起，您今天创建团队次数已超过${n}次，已被限制！`,
  CREATE_TOTAL_LIMIT: (n: number) => `对不起，您总共已创建了${n}个团队，不可再创建，已被限制！`,
  NAME_LENGTH: '团队名称的长度应为 5 到 25！',
  SHORT_NAME_LENGTH: '团队简称的长度应为 5 到 10！',
  BRIEF_LENGTH: '团队简介的长度应为 5 到 50！',
  AUTH_RANGE: '团队权限不能为空且应为1~3！',
  CODE_REQUIRED: '团队邀请码不能为空且长度应为 6！',
  CODE_LENGTH: '团队邀请码的长度应为 6！',
  DESCRIPTION_LENGTH: '团队描述的长度应为 5 到 1000！',
  NAME_TAKEN: '团队名称已存在，请修改后重试！',
  SHORT_NAME_TAKEN: '团队简称已存在，请修改后重试！',
  CREATE_FAILED: '创建失败，请重新尝试！',
  UPDATE_FAILED: '更新失败，请重新尝试！',
  DELETE_FAILED: '删除失败，请重新尝试！',
  ID_REQUIRED: '团队ID不能为空',

  APPLY_GROUP_MISSING: '添加成员失败，该团队不存在!',
  APPLY_GROUP_HIDDEN: '添加成员失败，该团队已被封禁或未公开显示！',
  APPLY_BAD_CODE: '邀请码错误，请重新尝试！',
  APPLY_REASON_LENGTH: '申请理由的长度应为 5 到 100！',
  APPLY_AGAIN: '您已申请过，请勿重复申请！',
  APPLY_MEMBER: '您已经加入了该团队，请勿再申请！！',
  /** Ours: the reference answers a unique-key 500 (docs/compat.md G1). */
  APPLY_REFUSED: '您的申请已被拒绝，不可重复申请！',
  APPLY_FAILED: '申请失败，请重新尝试！',

  MEMBER_OWNER: '对不起，不允许操作团队的Owner权限！',
  MEMBER_MISSING: '该用户不在团队中！',
  MEMBER_DEMOTE: '对不起，您无法将已是团队成员的权限降为处理中或拒绝',
  MEMBER_BAD_AUTH: '团队成员权限应为1~5！',
  REMOVE_SELF: '对不起，您无法删除自己！',
  REMOVE_OWNER: '对不起，不允许删除团队的Owner！',
  EXIT_OWNER: '对不起，作为该团队Owner，您只可以解散团队，不允许退出团队！',
  EXIT_NOT_MEMBER: '对不起，您并未在当前团队，无法退出！',
  EXIT_FAILED: '退出团队失败，请重新尝试！',

  ANNOUNCEMENT_TITLE_EMPTY: '公告标题的内容不能为空！',
  ANNOUNCEMENT_TITLE_LONG: '公告标题的内容长度超过限制，请重新编辑！',
  ANNOUNCEMENT_CONTENT_LONG: '公告的内容长度超过限制，请重新编辑！',
  ANNOUNCEMENT_GID: '团队ID不能为空',
  ANNOUNCEMENT_ID: '公告ID不能为空',
  ANNOUNCEMENT_GONE_UPDATE: '修改失败，该公告已不存在！',
  ANNOUNCEMENT_GONE_DELETE: '删除失败，该公告不存在！',
  ADD_FAILED: '添加失败',
  MODIFY_FAILED: '修改失败',
  REMOVE_FAILED: '删除失败',

  RANK_TYPE: '排行榜类型代码不正确，请使用0(ACM),1(OI)！',
  AVATAR_EMPTY: '上传的头像图片文件不能为空！',
  AVATAR_TOO_BIG: '上传的头像图片文件大小不能大于2M！',
  AVATAR_TYPE: '请选择jpg,jpeg,gif,png,webp格式的头像图片！',
} as const;

/** Notice titles (type Mine) sent through the NoticePort. */
export const NOTICE = {
  WELCOME: '欢迎加入团队(Welcome to The Group)',
  APPLICATION: '团队成员申请通知(Group Member Application Notice)',
  /** Ours: the reference sends the welcome notice on a refusal (docs/compat.md G2). */
  REFUSED: '团队申请结果通知(Group Application Result Notice)',
  REMOVED: '移除团队成员通知(Remove Group Member Notice)',
  DISBANDED: '团队解散通知(Group Dissolution Notice)',
  AUTH_CHANGED: '团队权限变更通知(Group Authority Change Notice)',
} as const;

registerEnglishPattern(
  /^(.*)该团队不存在或已被封禁！$/,
  () => 'The group does not exist or has been banned!',
);
registerEnglishPattern(
  /^对不起，您暂时无权限创建团队！请先去提交题目通过(\d+)道以上!$/,
  (m) => `Sorry, you cannot create a group yet! Solve more than ${m[1]} problems first!`,
);
registerEnglishPattern(
  /^对不起，您今天创建团队次数已超过(\d+)次，已被限制！$/,
  (m) => `Sorry, you have created more than ${m[1]} groups today and are limited!`,
);
registerEnglishPattern(
  /^对不起，您总共已创建了(\d+)个团队，不可再创建，已被限制！$/,
  (m) => `Sorry, you have created ${m[1]} groups in total and cannot create more!`,
);
registerEnglish({
  [M.NO_PERMISSION]: 'Sorry, you do not have permission for this operation!',
  [M.NOT_PUBLIC]: 'This group is not public and cannot be visited!',
  [M.NAME_LENGTH]: 'The group name must be 5 to 25 characters long!',
  [M.SHORT_NAME_LENGTH]: 'The short name must be 5 to 10 characters long!',
  [M.BRIEF_LENGTH]: 'The brief must be 5 to 50 characters long!',
  [M.AUTH_RANGE]: 'The group auth is required and must be 1 to 3!',
  [M.CODE_REQUIRED]: 'The invitation code is required and must be 6 characters long!',
  [M.CODE_LENGTH]: 'The invitation code must be 6 characters long!',
  [M.DESCRIPTION_LENGTH]: 'The description must be 5 to 1000 characters long!',
  [M.NAME_TAKEN]: 'The group name already exists, please change it and try again!',
  [M.SHORT_NAME_TAKEN]: 'The short name already exists, please change it and try again!',
  [M.CREATE_FAILED]: 'Creation failed, please try again!',
  [M.UPDATE_FAILED]: 'Update failed, please try again!',
  [M.DELETE_FAILED]: 'Deletion failed, please try again!',
  [M.APPLY_GROUP_MISSING]: 'Failed to add the member: the group does not exist!',
  [M.APPLY_GROUP_HIDDEN]: 'Failed to add the member: the group is banned or not public!',
  [M.APPLY_BAD_CODE]: 'Wrong invitation code, please try again!',
  [M.APPLY_REASON_LENGTH]: 'The reason must be 5 to 100 characters long!',
  [M.APPLY_AGAIN]: 'You have already applied, please do not apply again!',
  [M.APPLY_MEMBER]: 'You are already a member of this group!',
  [M.APPLY_REFUSED]: 'Your application was refused; you cannot apply again!',
  [M.APPLY_FAILED]: 'Application failed, please try again!',
  [M.MEMBER_OWNER]: "Sorry, the group owner's authority cannot be changed!",
  [M.MEMBER_MISSING]: 'This user is not in the group!',
  [M.MEMBER_DEMOTE]: 'Sorry, a member cannot be set back to applying or refused',
  [M.MEMBER_BAD_AUTH]: 'The member auth must be 1 to 5!',
  [M.REMOVE_SELF]: 'Sorry, you cannot remove yourself!',
  [M.REMOVE_OWNER]: 'Sorry, the group owner cannot be removed!',
  [M.EXIT_OWNER]: 'Sorry, as the owner you can only disband the group, not exit it!',
  [M.EXIT_NOT_MEMBER]: 'Sorry, you are not in this group and cannot exit!',
  [M.EXIT_FAILED]: 'Exit failed, please try again!',
  [M.ANNOUNCEMENT_TITLE_EMPTY]: 'The announcement title cannot be empty!',
  [M.ANNOUNCEMENT_TITLE_LONG]: 'The announcement title is too long, please edit it!',
  [M.ANNOUNCEMENT_CONTENT_LONG]: 'The announcement content is too long, please edit it!',
  [M.ANNOUNCEMENT_GID]: 'The group id cannot be empty',
  [M.ANNOUNCEMENT_ID]: 'The announcement id cannot be empty',
  [M.ANNOUNCEMENT_GONE_UPDATE]: 'Update failed: the announcement no longer exists!',
  [M.ANNOUNCEMENT_GONE_DELETE]: 'Deletion failed: the announcement does not exist!',
  [M.ADD_FAILED]: 'Add failed',
  [M.MODIFY_FAILED]: 'Update failed',
  [M.REMOVE_FAILED]: 'Deletion failed',
  [M.RANK_TYPE]: 'Wrong rank type, use 0 (ACM) or 1 (OI)!',
  [M.AVATAR_EMPTY]: 'The avatar image cannot be empty!',
  [M.AVATAR_TOO_BIG]: 'The avatar image must not be larger than 2 MB!',
  [M.AVATAR_TYPE]: 'Please choose a jpg, jpeg, gif, png or webp image!',
});
