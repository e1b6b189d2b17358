// English twins of the contest archive wire texts.
import { registerEnglish, registerEnglishPattern } from '../../platform/http/message-catalog';
import { M } from './messages';

registerEnglish({
  [M.NO_FILE]: 'Upload a contest archive (zip)',
  [M.TOO_LARGE]: 'The contest archive is too large',
  [M.NOT_ZIP]: 'The contest archive is not a valid zip file',
  [M.BAD_CONTEST]: 'contest.json is missing or invalid (name, start_time and duration are needed)',
  [M.BAD_JSON]: 'A JSON file of the archive is invalid',
  [M.NO_PROBLEMS]: 'The archive has no problems (problems.json)',
});
registerEnglishPattern(
  /^以下题目在本站不存在，请先导入题目：(.*)$/,
  (m) => `These problems do not exist here; import them first: ${m[1]}`,
);
registerEnglishPattern(/^以下语言在本站不存在：(.*)$/, (m) => `These languages do not exist here: ${m[1]}`);
registerEnglishPattern(/^存档中的 (.*) 不合法$/, (m) => `The archive's ${m[1]} is invalid`);
registerEnglishPattern(
  /^以下队伍的账号无法创建：(.*)$/,
  (m) => `The accounts of these teams could not be created: ${m[1]}`,
);
