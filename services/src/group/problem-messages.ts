// Wire texts of the group problem endpoints (reference groups-admin-files.md §3), with English twins.
import { registerEnglish } from '../platform/http/message-catalog';

export const PM = {
  MISSING: '该题目不存在！',
  GET_FOREIGN: '获取失败，不可访问非团队内的题目！',
  UPDATE_FOREIGN: '更新失败，不可操作非团队内的题目！',
  DELETE_FOREIGN: '删除失败，不可操作非团队内的题目！',
  CASES_FOREIGN: '获取失败，不可获取非团队内的题目的题目数据！',
  APPLY_FOREIGN: '申请失败，不可操作非团队内的题目！',
  ADD_NO_GID: '添加失败，题目所属团队ID不可为空！',
  ID_REQUIRED: '题目的id不能为空！',
  CONFIG_REQUIRED: '题目的配置项不能为空！',
  DISPLAY_ID_REQUIRED: '题目的展示ID不能为空！',
  DISPLAY_ID_LONG: '题目的展示ID的内容长度超过限制，请重新编辑！',
  FOREIGN_TAG: '对不起，您无权限添加别的团队的题目标签！',
  /** Ours (docs/compat.md G14): the reference stores any integer. */
  AUTH_RANGE: '题目的权限只能为公开题目(1)或隐藏题目(2)！',
  /** Ours (G15): cancelling when no publication request is pending. */
  NOT_APPLYING: '该题目当前没有待审核的公开申请！',
  ADD_CONTEST_NO_GID: '添加失败，题目所属的团队ID不可为空！',
  COMPILE_EMPTY: '参数不能为空！',
  COMPILED: '编译成功！',
} as const;

registerEnglish({
  [PM.MISSING]: 'The problem does not exist!',
  [PM.GET_FOREIGN]: 'Failed: problems outside the group cannot be read!',
  [PM.UPDATE_FOREIGN]: 'Update failed: problems outside the group cannot be changed!',
  [PM.DELETE_FOREIGN]: 'Deletion failed: problems outside the group cannot be deleted!',
  [PM.CASES_FOREIGN]: 'Failed: the test data of problems outside the group cannot be read!',
  [PM.APPLY_FOREIGN]: 'Application failed: problems outside the group cannot be published!',
  [PM.ADD_NO_GID]: 'Add failed: the group id of the problem cannot be empty!',
  [PM.ID_REQUIRED]: 'The problem id cannot be empty!',
  [PM.CONFIG_REQUIRED]: 'The problem settings cannot be empty!',
  [PM.DISPLAY_ID_REQUIRED]: 'The display id of the problem cannot be empty!',
  [PM.DISPLAY_ID_LONG]: 'The display id of the problem is too long, please edit it!',
  [PM.FOREIGN_TAG]: "Sorry, you may not use another group's tags!",
  [PM.AUTH_RANGE]: 'The problem auth must be public (1) or private (2)!',
  [PM.NOT_APPLYING]: 'This problem has no pending publication request!',
  [PM.ADD_CONTEST_NO_GID]: 'Adding failed: the group id of the problem is required!',
  [PM.COMPILE_EMPTY]: 'Parameters must not be empty!',
  [PM.COMPILED]: 'Compiled successfully!',
});
