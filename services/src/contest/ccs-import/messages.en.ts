// English twins of the Contest API import wire texts.
import { registerEnglish, registerEnglishPattern } from '../../platform/http/message-catalog';
import { M } from './messages';

registerEnglish({
  [M.IMPORT_NOT_JSON]: 'The file is not valid JSON',
  [M.IMPORT_NOT_ARRAY]: 'The JSON file must hold an array of objects',
  [M.IMPORT_NO_ORG_TSV]: "Organizations come in TSV through teams.tsv's institution columns",
  [M.TSV_HEADER]: 'The TSV file must start with the line "teams\t1" or "accounts\t1"',
  [M.ROW_NOT_OBJECT]: 'The row is not an object',
  [M.ROW_BAD_ID]: 'The id is missing or invalid (letters, digits, _ - ., at most 64 characters)',
  [M.ROW_NO_NAME]: 'The name must not be empty',
  [M.ROW_NAME_LONG]: 'The name is too long (at most 200 characters)',
  [M.ROW_BAD_COUNTRY]: 'The country must be an ISO 3166-1 alpha-3 code',
  [M.ROW_BAD_LOGO]: 'Invalid logo (a FILE array; an inline image of at most 256 KiB)',
  [M.ROW_BAD_ORG]: 'Invalid organization_id',
  [M.ROW_UNKNOWN_ORG]: 'Unknown organization: import organizations first',
  [M.ROW_BAD_HIDDEN]: 'hidden must be a boolean',
  [M.ROW_NO_USERNAME]: 'The username must not be empty',
  [M.ROW_BAD_TEAM]: 'Invalid team_id',
  [M.ROW_UNKNOWN_TEAM]: 'No such team in this contest: import teams first',
  [M.ROW_NOT_TEAM_ACCOUNT]: 'Only accounts of type team are imported',
  [M.ROW_NO_PASSWORD]: 'The account needs a password (6 to 20 characters)',
  [M.ROW_REPEATED]: 'Repeats an earlier row of this file',
  [M.ROW_TEAM_TAKEN]: 'The team is linked to another account',
  [M.ROW_USER_TAKEN]: 'The account is linked to another team of this contest',
  [M.ROW_KEPT_PASSWORD]: 'The account exists: registered and linked to its team, password unchanged',
  [M.ROW_PROTECTED_ACCOUNT]: 'An administrator account cannot be linked by an import',
  [M.FEED_SOURCE]: 'Upload an event feed file or give its URL',
  [M.FEED_URL]: 'The event feed URL must be http or https',
  [M.FEED_HOST]: 'Event feeds are not read from internal or local addresses',
  [M.FEED_FETCH]: 'Reading the event feed failed',
  [M.FEED_TOO_LARGE]: 'The event feed is too large',
  [M.FEED_NO_CONTEST]: 'The event feed has no contest event (start time and duration)',
  [M.FEED_NO_PROBLEMS]: 'The event feed has no problems',
});
registerEnglishPattern(/^读取事件流失败：HTTP (\d+)$/, (m) => `Reading the event feed failed: HTTP ${m[1]}`);
