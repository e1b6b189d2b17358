// Wire texts of the remote judge (judge.md §6, groups-admin-files.md §4.6), with English twins.
import { registerEnglish } from '../../platform/http/message-catalog';

export const RemoteMessages = {
  noAccount: (oj: string) => `The System does not have [${oj}] account configured...`,
  ACCOUNT_WAIT_TIMEOUT: 'Waiting for account scheduling timeout',
  submitFailed: (oj: string) =>
    `[${oj}] Submitted Failed! Failed to obtain the ID submitted by the platform!`,
  POLL_TIMEOUT:
    'Waiting for remote judge result exceeds the maximum number of times, please try submitting again!',
  REMOTE_SE: 'There is something wrong with the OJ, please try again later',
  notRemote: (problemId: string) => `Not a remote problem id: ${problemId}`,
  IMPORT_DUPLICATE: '该题目已添加，请勿重复添加！',
  IMPORT_UNKNOWN_OJ: '未知的OJ的名字，暂时不支持！',
  IMPORT_FAILED: '导入新题目失败！原因：可能是与该OJ链接超时或题号格式错误！',
  IMPORT_OK: '导入新题目成功',
  ACCOUNT_MISSING: '该账号不存在！',
  ACCOUNT_FIELDS: '账号与密码不能为空！',
} as const;

registerEnglish({
  [RemoteMessages.IMPORT_DUPLICATE]: 'This problem has already been added!',
  [RemoteMessages.IMPORT_UNKNOWN_OJ]: 'Unknown OJ name, not supported yet!',
  [RemoteMessages.IMPORT_FAILED]:
    'Failed to import the problem: the connection to the OJ timed out or the problem id is malformed!',
  [RemoteMessages.IMPORT_OK]: 'Problem imported',
  [RemoteMessages.ACCOUNT_MISSING]: 'This account does not exist!',
  [RemoteMessages.ACCOUNT_FIELDS]: 'Username and password must not be empty!',
});
