// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n';
import { categoryLabel, SEEDED_CATEGORIES } from './category-names';

describe('seeded discussion category names', () => {
  it('the map holds exactly the names the platform seeds', () => {
    // the web package's directory is the working directory of its tests
    const migration = readFileSync(
      join(process.cwd(), '..', 'services/src/platform/db/migrations/0008_discussion_post.ts'),
      'utf8',
    );
    const insert = /insert into discussion_category \(name\) values ([^`]+)`/.exec(migration)![1]!;
    const seeded = [...insert.matchAll(/\('([^']+)'\)/g)].map((m) => m[1]);
    // and the home training categories the training capability seeds (issue #26 item 7)
    const training = readFileSync(join(process.cwd(), '..', 'services/src/training/index.ts'), 'utf8');
    const home = [...training.matchAll(/name: '([^']+)', color/g)].map((m) => m[1]);
    expect(home).toHaveLength(3);
    expect(Object.keys(SEEDED_CATEGORIES).sort()).toEqual([...seeded, ...home].sort());
  });

  it('English names in English, the wire names in Chinese, other names untouched', () => {
    initI18n('en-US');
    expect(Object.keys(SEEDED_CATEGORIES).map((n) => categoryLabel(n, i18n.t))).toEqual([
      'Chat',
      'Solutions',
      'Help',
      'Suggestions',
      'Journal',
      'Beginner training',
      'Advanced training',
      'Topic training',
    ]);
    expect(categoryLabel('算法', i18n.t)).toBe('算法');
    initI18n('zh-CN');
    for (const name of Object.keys(SEEDED_CATEGORIES)) expect(categoryLabel(name, i18n.t)).toBe(name);
    expect(categoryLabel('Chat', i18n.t)).toBe('Chat');
    initI18n('en-US');
  });
});
