// Wire texts of discussion posts and their back office (reference contests-trainings-discussions.md
// §3, groups-admin-files.md §4.12), verbatim, with English twins; plus texts of our own checks.
import { registerEnglish, registerEnglishPattern } from '../platform/http/message-catalog';

export const P = {
  PUBLIC_SWITCH_OFF: '网站当前未开启公开讨论区的功能，不可访问！',
  GROUP_SWITCH_OFF: '网站当前未开启团队讨论区的功能，不可访问！',
  NO_PERMISSION: '对不起，您无权限操作！',
  MISSING: '对不起，该讨论不存在！',
  GROUP_LOGIN: '对不起，请先登录后再访问团队讨论！',
  BANNED: '对不起，该讨论已被封禁！',
  TITLE_EMPTY: '讨论标题的内容不能为空！',
  TITLE_LONG: '讨论标题的内容长度超过限制，请重新编辑！',
  DESCRIPTION_EMPTY: '讨论描述的内容不能为空！',
  DESCRIPTION_LONG: '讨论描述的内容长度超过限制，请重新编辑！',
  CONTENT_EMPTY: '讨论的内容不能为空！',
  CONTENT_LONG: '讨论的内容长度超过限制，请重新编辑！',
  CATEGORY_EMPTY: '讨论分类不能为空',
  CATEGORY_MISSING: '对不起，该讨论分类不存在！',
  ID_EMPTY: '讨论ID不能为空',
  PROBLEM_MISSING: '对不起，该题目不存在，无法发布题解!',
  AC_LIMIT: (n: number) => `对不起，您暂时不能发帖！请先去提交题目通过${n}道以上!`,
  DAILY_LIMIT: (n: number) => `对不起，您今天发帖次数已超过${n}次，已被限制！`,
  PUBLISH_FAILED: '发布失败，请重新尝试！',
  UPDATE_MISSING: '更新失败，该讨论不存在！',
  UPDATE_FAILED: '修改失败',
  DELETE_MISSING: '删除失败，该讨论已不存在！',
  DELETE_FAILED: '删除失败',
  LIKE_FAILED: '点赞失败，请重试尝试！',
  UNLIKE_FAILED: '取消点赞失败，请重试尝试！',
  REPORT_FAILED: '举报失败，请重新尝试',
  REPORT_EMPTY: '举报标签和举报理由不能同时为空！',
  REPORT_LONG: '举报理由的长度超过限制，请重新编辑！',
} as const;

registerEnglish({
  [P.MISSING]: 'Sorry, this discussion does not exist!',
  [P.GROUP_LOGIN]: 'Sorry, please log in before visiting group discussions!',
  [P.BANNED]: 'Sorry, this discussion has been banned!',
  [P.TITLE_EMPTY]: 'The discussion title cannot be empty!',
  [P.TITLE_LONG]: 'The discussion title is too long, please edit it again!',
  [P.DESCRIPTION_EMPTY]: 'The discussion description cannot be empty!',
  [P.DESCRIPTION_LONG]: 'The discussion description is too long, please edit it again!',
  [P.CONTENT_EMPTY]: 'The discussion content cannot be empty!',
  [P.CONTENT_LONG]: 'The discussion content is too long, please edit it again!',
  [P.CATEGORY_EMPTY]: 'The discussion category cannot be empty',
  [P.CATEGORY_MISSING]: 'Sorry, this discussion category does not exist!',
  [P.ID_EMPTY]: 'The discussion id cannot be empty',
  [P.PROBLEM_MISSING]: 'Sorry, this problem does not exist, the solution cannot be posted!',
  [P.PUBLISH_FAILED]: 'Publishing failed, please try again!',
  [P.UPDATE_MISSING]: 'Update failed, this discussion does not exist!',
  [P.UPDATE_FAILED]: 'Update failed',
  [P.DELETE_MISSING]: 'Delete failed, this discussion no longer exists!',
  [P.DELETE_FAILED]: 'Delete failed',
  [P.REPORT_FAILED]: 'Report failed, please try again',
  [P.REPORT_EMPTY]: 'The report label and reason cannot be empty',
  [P.REPORT_LONG]: 'The report reason is too long, please edit it again!',
});
registerEnglishPattern(
  /^对不起，您暂时不能发帖！请先去提交题目通过(\d+)道以上!$/,
  (m) => `Sorry, you cannot post yet! Solve at least ${m[1]} problems first!`,
);
registerEnglishPattern(
  /^对不起，您今天发帖次数已超过(\d+)次，已被限制！$/,
  (m) => `Sorry, you have posted more than ${m[1]} times today and are limited!`,
);

/** Group discussion texts (groups-admin-files.md §3, group discussions). */
export const G = {
  BAN: (p: string) => `${p}该团队不存在或已被封禁！`,
  GID_EMPTY: '讨论所属团队ID不能为空',
  PROBLEM_MISSING: '该题目不存在',
  ADD_FAILED: '添加失败',
  NOT_GROUP_UPDATE: '更新失败，该讨论非团队讨论！',
  NOT_GROUP_DELETE: '删除失败，该讨论非团队讨论！',
  DELETE_MISSING: '删除失败，该讨论不存在！',
  /** Fixed thresholds of group posts (not the switch values). */
  AC_MIN: 10,
  DAILY_MAX: 5,
} as const;

registerEnglish({
  [G.GID_EMPTY]: 'The group of the discussion cannot be empty',
  [G.PROBLEM_MISSING]: 'The problem does not exist',
  [G.ADD_FAILED]: 'Adding failed',
  [G.NOT_GROUP_UPDATE]: 'Update failed, this is not a group discussion!',
  [G.NOT_GROUP_DELETE]: 'Delete failed, this is not a group discussion!',
  [G.DELETE_MISSING]: 'Delete failed, this discussion does not exist!',
});
registerEnglishPattern(
  /^(.*)该团队不存在或已被封禁！$/,
  (m) => `${m[1]}The group does not exist or is banned!`,
);
