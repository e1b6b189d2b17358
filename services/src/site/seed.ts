// Default data of the site capability. Idempotent and safe when several processes
// run it at once: every insert is "on conflict do nothing" or claimed once.
import * as repo from './repository';
import { DEFAULT_LANGUAGES } from './languages';
import { webKey } from './settings';

export interface SeedSiteOptions {
  /** Author of the welcome announcement (default: the seeded super admin, uid "1", "root"). */
  author?: { uid: string; username: string };
}

const DEFAULT_WEB_SETTINGS = new Map<string, unknown>([
  [webKey('name'), 'Online Judge'],
  [webKey('shortName'), 'OJ'],
  [webKey('description'), '在线评测系统 · An online judge for programming practice, contests and trainings.'],
  [webKey('register'), true],
  [webKey('projectName'), 'OJ'],
  [webKey('projectUrl'), '/'],
]);

const WELCOME = {
  title: '欢迎来到 Online Judge！ Welcome!',
  content: [
    '欢迎使用本在线评测系统：在这里可以练习题目、参加比赛与训练、加入团队并参与讨论。',
    '',
    'Welcome! Practise problems, take part in contests and trainings, join groups and discuss.',
    '',
    '- 题目 / Problems: `/problem`',
    '- 比赛 / Contests: `/contest`',
    '- 训练 / Trainings: `/training`',
  ].join('\n'),
};

/** Default website config, the default languages and one welcome announcement. */
export async function seedSite(db: repo.SiteDb, opts: SeedSiteOptions = {}): Promise<void> {
  const author = opts.author ?? { uid: '1', username: 'root' };
  await repo.insertSettingsIfAbsent(db, DEFAULT_WEB_SETTINGS);
  await repo.insertLanguagesIfAbsent(
    db,
    DEFAULT_LANGUAGES.map((lang, i) => ({
      name: lang.name,
      description: lang.description,
      content_type: lang.contentType,
      compile_command: lang.compileCommand,
      template: lang.template,
      code_template: null,
      is_spj: lang.isSpj,
      oj: 'ME',
      seq: DEFAULT_LANGUAGES.length - i,
    })),
  );
  await repo.runSeedOnce(db, 'welcome-announcement', async (trx) => {
    await repo.insertAnnouncement(trx, { ...WELCOME, status: 0, uid: author.uid, username: author.username });
  });
}
