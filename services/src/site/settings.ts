// Pure rules of the website config and feature switches: defaults, reading stored
// rows back into typed configs, and turning an admin update into the rows to write.
import {
  PASSWORD_MASK,
  REMOTE_ACCOUNT_LISTS,
  SWITCH_FLAGS,
  SWITCH_NUMBERS,
  type SwitchConfig,
  type SwitchConfigUpdate,
  type WebConfig,
  type WebConfigUpdate,
  type WebsiteConfig,
} from '@oj/protocol/site/schemas';

/** Stored setting rows: `web.<field>` or `switch.<field>` → JSON value. */
export type SettingRows = ReadonlyMap<string, unknown>;

export const webKey = (field: keyof WebConfig) => `web.${field}`;
export const switchKey = (field: keyof SwitchConfig) => `switch.${field}`;

/** Website defaults when nothing is stored; baseUrl falls back to the process's public URL. */
export const WEB_DEFAULTS: Omit<WebConfig, 'baseUrl'> = {
  name: 'Online Judge',
  shortName: 'OJ',
  description: null,
  register: true,
  recordName: null,
  recordUrl: null,
  projectName: 'OJ',
  projectUrl: '/',
};

/** Reference defaults (groups-admin-files.md §4.4): every switch on, code visible, 8 s between submissions. */
export const SWITCH_DEFAULTS: SwitchConfig = {
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  openPublicJudge: true,
  openGroupJudge: true,
  openContestJudge: true,
  hideNonContestSubmissionCode: false,
  defaultSubmitInterval: 8,
  defaultCreateGroupDailyLimit: 2,
  defaultCreateGroupLimit: 5,
  defaultCreateGroupACInitValue: 20,
  defaultCreateDiscussionDailyLimit: 5,
  defaultCreateDiscussionACInitValue: 10,
  defaultCreateCommentACInitValue: 10,
  hduUsernameList: [],
  hduPasswordList: [],
  cfUsernameList: [],
  cfPasswordList: [],
  pojUsernameList: [],
  pojPasswordList: [],
  atcoderUsernameList: [],
  atcoderPasswordList: [],
  spojUsernameList: [],
  spojPasswordList: [],
  libreojUsernameList: [],
  libreojPasswordList: [],
};

const WEB_STRINGS = ['baseUrl', 'name', 'shortName', 'projectName', 'projectUrl'] as const;
const WEB_NULLABLE = ['description', 'recordName', 'recordUrl'] as const;
/** Fields rendered as links: only http(s) URLs (or a site-relative path) so no `javascript:` reaches a page. */
const WEB_URLS = ['baseUrl', 'recordUrl', 'projectUrl'] as const;

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** The admin website config; a stored value of the wrong type (hand-edited row) falls back to its default. */
export function readWebConfig(rows: SettingRows, defaultBaseUrl: string): WebConfig {
  const config: WebConfig = { baseUrl: defaultBaseUrl, ...WEB_DEFAULTS };
  for (const field of WEB_STRINGS) {
    const v = rows.get(webKey(field));
    if (typeof v === 'string' && v !== '') config[field] = v;
  }
  for (const field of WEB_NULLABLE) {
    const v = rows.get(webKey(field));
    if (typeof v === 'string' || v === null) config[field] = v === '' ? null : v;
  }
  const register = rows.get(webKey('register'));
  if (typeof register === 'boolean') config.register = register;
  return config;
}

/** The feature switches, defaults filled in. */
export function readSwitches(rows: SettingRows): SwitchConfig {
  const config: SwitchConfig = structuredClone(SWITCH_DEFAULTS);
  for (const field of SWITCH_FLAGS) {
    const v = rows.get(switchKey(field));
    if (typeof v === 'boolean') config[field] = v;
  }
  for (const field of SWITCH_NUMBERS) {
    const v = rows.get(switchKey(field));
    if (typeof v === 'number' && Number.isInteger(v)) config[field] = v;
  }
  for (const field of REMOTE_ACCOUNT_LISTS) {
    const v = rows.get(switchKey(field));
    if (isStringList(v)) config[field] = [...v];
  }
  return config;
}

/** GET /api/get-website-config: the public merge of web config and the three visible switches. */
export function websiteConfig(
  web: WebConfig,
  switches: SwitchConfig,
  smtpUsername: string | null,
): WebsiteConfig {
  return {
    baseUrl: web.baseUrl,
    name: web.name,
    shortName: web.shortName,
    register: web.register,
    recordName: web.recordName,
    recordUrl: web.recordUrl,
    description: web.description,
    email: smtpUsername,
    projectName: web.projectName,
    projectUrl: web.projectUrl,
    openPublicDiscussion: switches.openPublicDiscussion,
    openGroupDiscussion: switches.openGroupDiscussion,
    openContestComment: switches.openContestComment,
  };
}

export function isSafeLink(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The rows a set-web-config writes: only non-blank strings and a non-null register
 * are applied (reference behaviour), trimmed. Throws nothing; `problem` names the
 * first unacceptable field instead.
 */
export function webConfigChanges(update: WebConfigUpdate): {
  rows: Map<string, unknown>;
  problem: string | null;
} {
  const rows = new Map<string, unknown>();
  for (const field of [...WEB_STRINGS, ...WEB_NULLABLE]) {
    const raw = update[field];
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    const value = raw.trim();
    // "None" is what the original client sends for an empty link; the original stores it (X26).
    if ((WEB_URLS as readonly string[]).includes(field) && value !== 'None' && !isSafeLink(value)) {
      return { rows: new Map(), problem: `${field}必须是以http://或https://开头的网址！` };
    }
    rows.set(webKey(field), value);
  }
  if (typeof update.register === 'boolean') rows.set(webKey('register'), update.register);
  return { rows, problem: null };
}

/** The remote judges whose account lists come in username/password pairs. */
const ACCOUNT_PAIRS = ['hdu', 'cf', 'poj', 'atcoder', 'spoj', 'libreoj'] as const;

/** The switches as the back office sees them: every stored remote-judge password masked (X31). */
export function maskedSwitches(config: SwitchConfig): SwitchConfig {
  const out = structuredClone(config);
  for (const oj of ACCOUNT_PAIRS)
    out[`${oj}PasswordList`] = out[`${oj}PasswordList`].map(() => PASSWORD_MASK);
  return out;
}

/**
 * The update with every masked password replaced by the one stored for the same username, or the
 * name of an account sent with the mask that has no stored password.
 */
function unmaskPasswords(
  update: SwitchConfigUpdate,
  current: SwitchConfig,
): { update: SwitchConfigUpdate } | { problem: string } {
  const out: SwitchConfigUpdate = { ...update };
  for (const oj of ACCOUNT_PAIRS) {
    const users = update[`${oj}UsernameList`];
    const storedUsers = current[`${oj}UsernameList`];
    const storedPasswords = current[`${oj}PasswordList`];
    const passwords = update[`${oj}PasswordList`].map((p, i) => {
      if (p !== PASSWORD_MASK) return p;
      const at = storedUsers.indexOf(users[i] ?? '');
      return at >= 0 ? (storedPasswords[at] ?? null) : null;
    });
    const missing = passwords.findIndex((p) => p === null);
    if (missing >= 0) return { problem: `${oj}的账号${users[missing] ?? ''}没有已保存的密码，请填写密码！` };
    out[`${oj}PasswordList`] = passwords as string[];
  }
  return { update: out };
}

/**
 * The rows a switch update writes: non-null scalars (a negative submit interval
 * becomes 0) and every account list; only values that differ from `current`.
 */
export function switchChanges(
  sent: SwitchConfigUpdate,
  current: SwitchConfig,
): { rows: Map<string, unknown>; problem: string | null } {
  for (const oj of ACCOUNT_PAIRS) {
    if (sent[`${oj}UsernameList`].length !== sent[`${oj}PasswordList`].length)
      return { rows: new Map(), problem: `${oj}的账号列表与密码列表的数量不一致！` };
  }
  const unmasked = unmaskPasswords(sent, current);
  if ('problem' in unmasked) return { rows: new Map(), problem: unmasked.problem };
  const update = unmasked.update;
  const next: SwitchConfig = structuredClone(current);
  for (const field of SWITCH_FLAGS) {
    const v = update[field];
    if (typeof v === 'boolean') next[field] = v;
  }
  for (const field of SWITCH_NUMBERS) {
    const v = update[field];
    if (typeof v === 'number') next[field] = field === 'defaultSubmitInterval' ? Math.max(0, v) : v;
  }
  for (const field of REMOTE_ACCOUNT_LISTS) next[field] = [...update[field]];

  const rows = new Map<string, unknown>();
  for (const field of [...SWITCH_FLAGS, ...SWITCH_NUMBERS, ...REMOTE_ACCOUNT_LISTS]) {
    if (JSON.stringify(next[field]) !== JSON.stringify(current[field]))
      rows.set(switchKey(field), next[field]);
  }
  return { rows, problem: null };
}
