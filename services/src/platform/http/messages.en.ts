// English twins of the shared error catalogue (issue #16).
import { Messages } from './errors';
import { registerEnglish } from './message-catalog';

registerEnglish({
  [Messages.LOGIN_FIRST]: 'Please log in first!',
  [Messages.NO_PERMISSION]: 'Sorry, you do not have permission for this operation!',
  [Messages.TOKEN_EXPIRED]: 'Your login has expired, please log in again!',
  [Messages.ACCOUNT_BANNED]: 'This account is banned, please contact an administrator!',
  [Messages.ACCOUNT_MISSING]: 'The account does not exist!',
});
