// Wire texts of the Contest Archive Format export and import (Chinese, as every wire text;
// English twins in messages.en.ts).
export const M = {
  NO_FILE: '请上传比赛存档（zip）',
  TOO_LARGE: '比赛存档过大',
  NOT_ZIP: '比赛存档不是合法的 zip 文件',
  BAD_CONTEST: 'contest.json 缺失或不合法（需要 name、start_time 和 duration）',
  BAD_JSON: '存档中的 JSON 文件不合法',
  NO_PROBLEMS: '存档中没有题目（problems.json）',
} as const;

/** The archive names problems this platform does not have (importing problem packages is not done). */
export const missingProblems = (ids: readonly string[]) =>
  `以下题目在本站不存在，请先导入题目：${ids.join(', ')}`;
export const missingLanguages = (ids: readonly string[]) => `以下语言在本站不存在：${ids.join(', ')}`;
export const badFile = (name: string) => `存档中的 ${name} 不合法`;
export const accountsRefused = (names: readonly string[]) => `以下队伍的账号无法创建：${names.join(', ')}`;
