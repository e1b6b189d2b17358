import { describe, expect, it } from 'vitest';
import { REMOTE_ACCOUNT_LISTS, type SwitchConfigUpdate } from '@oj/protocol/site/schemas';
import {
  isSafeLink,
  readSwitches,
  readWebConfig,
  SWITCH_DEFAULTS,
  switchChanges,
  WEB_DEFAULTS,
  webConfigChanges,
  websiteConfig,
} from './settings';

const emptyLists = () =>
  Object.fromEntries(REMOTE_ACCOUNT_LISTS.map((k) => [k, [] as string[]])) as Pick<
    SwitchConfigUpdate,
    (typeof REMOTE_ACCOUNT_LISTS)[number]
  >;

describe('readWebConfig', () => {
  it('fills defaults and the process base URL when nothing is stored', () => {
    expect(readWebConfig(new Map(), 'http://oj.test')).toEqual({
      baseUrl: 'http://oj.test',
      ...WEB_DEFAULTS,
    });
  });
  it('takes stored values and ignores ones of the wrong type', () => {
    const rows = new Map<string, unknown>([
      ['web.name', 'My OJ'],
      ['web.register', false],
      ['web.shortName', 42],
      ['web.description', ''],
      ['web.recordName', 'ICP 1'],
    ]);
    const cfg = readWebConfig(rows, 'http://x');
    expect(cfg.name).toBe('My OJ');
    expect(cfg.register).toBe(false);
    expect(cfg.shortName).toBe('OJ');
    expect(cfg.description).toBeNull();
    expect(cfg.recordName).toBe('ICP 1');
  });
});

describe('readSwitches', () => {
  it('defaults to the reference values', () => {
    const s = readSwitches(new Map());
    expect(s).toEqual(SWITCH_DEFAULTS);
    expect(s.openPublicDiscussion).toBe(true);
    expect(s.hideNonContestSubmissionCode).toBe(false);
    expect(s.defaultSubmitInterval).toBe(8);
  });
  it('reads stored values and never hands out the shared defaults', () => {
    const s = readSwitches(
      new Map<string, unknown>([
        ['switch.openContestComment', false],
        ['switch.defaultSubmitInterval', 3],
        ['switch.defaultCreateGroupLimit', 1.5],
        ['switch.cfUsernameList', ['a', 'b']],
        ['switch.hduUsernameList', ['a', 1]],
      ]),
    );
    expect(s.openContestComment).toBe(false);
    expect(s.defaultSubmitInterval).toBe(3);
    expect(s.defaultCreateGroupLimit).toBe(5);
    expect(s.cfUsernameList).toEqual(['a', 'b']);
    expect(s.hduUsernameList).toEqual([]);
    s.hduUsernameList.push('mutated');
    expect(SWITCH_DEFAULTS.hduUsernameList).toEqual([]);
  });
});

describe('websiteConfig', () => {
  it('merges web config, the three public switches and the SMTP user', () => {
    const web = readWebConfig(new Map([['web.name', 'N']]), 'http://b');
    const sw = { ...SWITCH_DEFAULTS, openGroupDiscussion: false, openPublicJudge: false };
    const out = websiteConfig(web, sw, 'mailer@x');
    expect(out).toEqual({
      baseUrl: 'http://b',
      name: 'N',
      shortName: 'OJ',
      register: true,
      recordName: null,
      recordUrl: null,
      description: null,
      email: 'mailer@x',
      projectName: 'OJ',
      projectUrl: '/',
      openPublicDiscussion: true,
      openGroupDiscussion: false,
      openContestComment: true,
    });
  });
});

describe('webConfigChanges', () => {
  it('applies only non-blank strings, trimmed, and a non-null register', () => {
    const { rows, problem } = webConfigChanges({
      name: '  New  ',
      shortName: '   ',
      description: null,
      register: false,
      recordUrl: 'https://beian.example',
    });
    expect(problem).toBeNull();
    expect([...rows]).toEqual([
      ['web.name', 'New'],
      ['web.recordUrl', 'https://beian.example'],
      ['web.register', false],
    ]);
    expect(webConfigChanges({ register: null }).rows.size).toBe(0);
  });
  it('refuses links that are not http(s) and writes nothing', () => {
    const { rows, problem } = webConfigChanges({ name: 'ok', projectUrl: 'javascript:alert(1)' });
    expect(problem).toMatch(/projectUrl/);
    expect(rows.size).toBe(0);
  });
  it('accepts "None" for a link, stored as the original client sends it', () => {
    const { rows, problem } = webConfigChanges({ recordUrl: 'None', projectUrl: 'None' });
    expect(problem).toBeNull();
    expect(rows.get('web.recordUrl')).toBe('None');
    expect(rows.get('web.projectUrl')).toBe('None');
  });
  it('isSafeLink accepts http(s) and site paths only', () => {
    expect(isSafeLink('http://a.b')).toBe(true);
    expect(isSafeLink('/about')).toBe(true);
    expect(isSafeLink('//evil.example')).toBe(false);
    expect(isSafeLink('data:text/html,x')).toBe(false);
    expect(isSafeLink('not a url')).toBe(false);
  });
});

describe('switchChanges', () => {
  it('writes only changed, non-null fields and clamps a negative interval to 0', () => {
    const update: SwitchConfigUpdate = {
      ...emptyLists(),
      openPublicDiscussion: false,
      openGroupDiscussion: null,
      openContestComment: true,
      defaultSubmitInterval: -5,
    };
    const { rows, problem } = switchChanges(update, SWITCH_DEFAULTS);
    expect(problem).toBeNull();
    expect([...rows]).toEqual([
      ['switch.openPublicDiscussion', false],
      ['switch.defaultSubmitInterval', 0],
    ]);
  });
  it('replaces account lists and refuses unpaired usernames and passwords', () => {
    const ok = switchChanges(
      { ...emptyLists(), cfUsernameList: ['u1'], cfPasswordList: ['p1'] },
      SWITCH_DEFAULTS,
    );
    expect(ok.rows.get('switch.cfUsernameList')).toEqual(['u1']);
    expect(ok.rows.get('switch.cfPasswordList')).toEqual(['p1']);
    const bad = switchChanges({ ...emptyLists(), pojUsernameList: ['u1'] }, SWITCH_DEFAULTS);
    expect(bad.problem).toMatch(/poj/);
    expect(bad.rows.size).toBe(0);
  });
  it('an identical update writes nothing', () => {
    expect(switchChanges({ ...emptyLists(), openPublicJudge: true }, SWITCH_DEFAULTS).rows.size).toBe(0);
  });
});
