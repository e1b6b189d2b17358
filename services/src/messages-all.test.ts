// Issue #26 item 7: every server message of every capability's catalog, and every seeded name, has
// an English twin (patterned messages are called with sample arguments). Catalog modules register
// their English texts when imported; the `*.en.ts` modules hold the rest.
import { describe, expect, it } from 'vitest';
import './account/messages.en';
import './site/messages.en';
import './problem/messages.en';
import './judge/messages.en';
import './contest/messages.en';
import './discussion/messages.en';
import './platform/http/messages.en';
import { M as AdminM } from './admin/messages';
import { M as ContestM } from './contest/messages';
import { GCM } from './contest/group-messages';
import { M as DiscussionM } from './discussion/messages';
import { G as GroupPostM, P as PostM } from './discussion/post-messages';
import { F as FileM } from './file/messages';
import { BAN, M as GroupM, NOTICE as GroupNotice } from './group/messages';
import { PM as GroupProblemM } from './group/problem-messages';
import { M as MessageM } from './message/messages';
import { GM as GroupTrainingM, M as TrainingM } from './training/messages';
import { translateMessage } from './platform/http/message-catalog';
import { SEEDED_NAMES } from './seed-names';

const CJK = /[\u4e00-\u9fff]/;

/** Every Chinese text of a catalog: strings, and functions called with sample arguments. */
function texts(catalog: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, v] of Object.entries(catalog)) {
    if (typeof v === 'string') out.push([key, v]);
    else if (typeof v === 'function') {
      const n = v.length;
      const tries: unknown[][] = [
        Array.from({ length: n }, (_x, i) => (i % 2 === 0 ? 7 : 'x')),
        Array.from({ length: n }, () => 7),
        Array.from({ length: n }, () => 'x'),
        Array.from({ length: n }, (_x, i) => (i === n - 1 ? ['x', 'y'] : 7)),
      ];
      let made: unknown;
      for (const args of tries) {
        try {
          made = (v as (...a: unknown[]) => unknown)(...args);
          break;
        } catch {
          // the next sample arguments
        }
      }
      if (typeof made === 'string') out.push([key, made]);
    } else if (v && typeof v === 'object')
      out.push(
        ...texts(v as Record<string, unknown>).map(([k, s]) => [`${key}.${k}`, s] as [string, string]),
      );
  }
  // Texts the reference already writes in both languages ("欢迎加入团队(Welcome to The Group)").
  const bilingual = /[(（【][A-Za-z][^)）】]*[)）】]/;
  return out.filter(([, s]) => CJK.test(s) && !bilingual.test(s));
}

const CATALOGS: Record<string, Record<string, unknown>> = {
  admin: AdminM,
  contest: ContestM,
  groupContest: GCM,
  discussion: DiscussionM,
  posts: PostM,
  groupPosts: GroupPostM,
  file: FileM,
  group: GroupM,
  groupBan: BAN as unknown as Record<string, unknown>,
  groupNotice: GroupNotice,
  groupProblem: GroupProblemM,
  message: MessageM,
  training: TrainingM,
  groupTraining: GroupTrainingM,
};

describe('every server message and seeded name in both languages (issue #26 item 7)', () => {
  it.each(Object.entries(CATALOGS))('%s: each Chinese message has an English twin', (_name, catalog) => {
    const missing = texts(catalog)
      .filter(([, zh]) => CJK.test(translateMessage(zh, 'en-US')))
      .map(([key, zh]) => `${key}: ${zh}`);
    expect(missing).toEqual([]);
  });

  it('each seeded name has an English twin', () => {
    const missing = SEEDED_NAMES.filter((zh) => CJK.test(translateMessage(zh, 'en-US')));
    expect(missing).toEqual([]);
  });
});
