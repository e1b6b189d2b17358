// Wire texts of the back office (reference/api/groups-admin-files.md §4.1, §4.2), verbatim,
// with their English twins for clients that ask for English.
import { registerEnglish, registerEnglishPattern } from '../platform/http/message-catalog';

export const M = {
  NO_SESSION: 'Server Error!',
  REALNAME_LONG: '真实姓名的长度不能超过50位',
  TITLE_LONG: '头衔的长度建议不要超过20位',
  PASSWORD_LENGTH: '密码长度建议为6~20位！',
  USERNAME_LONG: '用户名长度建议不能超过20位!',
  EMAIL_TAKEN: '修改失败，邮箱已被使用，请重新设置其他邮箱！',
  USERNAME_TAKEN: '修改失败，用户名已被使用！',
  UNKNOWN_ROLE: '修改失败，角色不存在！',
  USER_MISSING: '修改失败，用户不存在！',
  DELETE_FAILED: '删除失败！',
  BATCH_EMPTY: '插入的用户数据不能为空！',
  batchResult: (ok: number, failed: number, names: string[]) =>
    `[导入结果] 成功数：${ok},  失败数：${failed},  失败的用户名：[${names.join(', ')}]`,
  GENERATE_FAILED: '生成指定用户失败！注意查看组合生成的用户名是否已有存在的！',
  GENERATE_RANGE: '生成指定用户失败！用户数量范围不正确（1~5000）！',
  AUTHORITY_CHANGE_TITLE: '权限变更通知(Authority Change Notice)',
  authorityChange: (from: string, to: string) =>
    `您好，您的账号权限已由管理员从【${from}】变更为【${to}】。` +
    `Hello, an administrator changed the authority of your account from "${from}" to "${to}".`,
  ROW_USERNAME: '用户名不能为空',
  ROW_PASSWORD: '密码长度建议为6~20位！',
  ROW_DUPLICATE: '用户名已存在',
  ROW_EMAIL: '邮箱已被使用',
  /** A name or e-mail repeated inside one batch (issue #26 item 7: it was told as "already exists"). */
  ROW_REPEATED: '用户名在本次导入中重复',
  ROW_EMAIL_REPEATED: '邮箱在本次导入中重复',
} as const;

registerEnglish({
  [M.REALNAME_LONG]: 'The real name cannot be longer than 50 characters',
  [M.TITLE_LONG]: 'The title should not be longer than 20 characters',
  [M.PASSWORD_LENGTH]: 'The password should be 6 to 20 characters long!',
  [M.USERNAME_LONG]: 'The username should not be longer than 20 characters!',
  [M.EMAIL_TAKEN]: 'Update failed: the e-mail is already used, please choose another one!',
  [M.USERNAME_TAKEN]: 'Update failed: the username is already used!',
  [M.UNKNOWN_ROLE]: 'Update failed: the role does not exist!',
  [M.USER_MISSING]: 'Update failed: the user does not exist!',
  [M.DELETE_FAILED]: 'Deletion failed!',
  [M.BATCH_EMPTY]: 'The users to insert cannot be empty!',
  [M.ROW_USERNAME]: 'The username cannot be empty',
  [M.ROW_DUPLICATE]: 'The username already exists',
  [M.ROW_EMAIL]: 'The e-mail is already used',
  [M.ROW_REPEATED]: 'The username is repeated in this import',
  [M.ROW_EMAIL_REPEATED]: 'The e-mail is repeated in this import',
  [M.GENERATE_FAILED]: 'Generating the users failed! Check whether some generated usernames already exist!',
  [M.GENERATE_RANGE]: 'Generating the users failed! The number range is invalid (1 to 5000 users)!',
});
registerEnglishPattern(
  /^\[导入结果\] 成功数：(\d+),  失败数：(\d+),  失败的用户名：\[(.*)\]$/s,
  (m) => `[Import result] succeeded: ${m[1]}, failed: ${m[2]}, failed usernames: [${m[3]}]`,
);
