// English twins of the shared error catalogue (issue #16).
import { Messages } from './errors';
import { registerEnglish, registerEnglishPattern } from './message-catalog';

registerEnglish({
  [Messages.LOGIN_FIRST]: 'Please log in first!',
  [Messages.NO_PERMISSION]: 'Sorry, you do not have permission for this operation!',
  [Messages.TOKEN_EXPIRED]: 'Your login has expired, please log in again!',
  [Messages.ACCOUNT_BANNED]: 'This account is banned, please contact an administrator!',
  [Messages.ACCOUNT_MISSING]: 'The account does not exist!',
  [Messages.DISK_FULL]: "The server's disk is full, please tell an administrator!",
});
registerEnglishPattern(
  /^服务器繁忙，请在(\d+)秒后重试！$/,
  (m) => `The server is busy, please retry in ${m[1]} s!`,
);
