import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../platform/http/access';
import {
  contentError,
  mayActOnContestItem,
  mayDeleteDiscussionItem,
  roleOf,
  transformContent,
  visibleAuthors,
  type ContestFacts,
} from './rules';

const u = (uid: string, roles: string[] = ['default_user']): AuthUser => ({
  uid,
  username: uid,
  roleIds: [],
  roles,
  permissions: [],
});
const contest = (over: Partial<ContestFacts> = {}): ContestFacts => ({
  cid: 1,
  visible: true,
  status: 0,
  creatorUid: 'creator',
  groupOwnerUids: ['owner'],
  isContestAdmin: false,
  ...over,
});
const texts = { empty: 'E', long: 'L' };

describe('content', () => {
  it('refuses blank and over-long content, accepts exactly 10000 characters', () => {
    expect(contentError(undefined, texts)).toBe('E');
    expect(contentError(' \n\t', texts)).toBe('E');
    expect(contentError('x'.repeat(10001), texts)).toBe('L');
    expect(contentError('x'.repeat(10000), texts)).toBeNull();
  });

  it('turns autoplay into controls inside tags only, and emoji into decimal entities', () => {
    expect(transformContent('<video AutoPlay src="a.mp4"></video> autoplay')).toBe(
      '<video controls src="a.mp4"></video> autoplay',
    );
    expect(transformContent('hi 😀!')).toBe('hi &#128512;!');
    // A ZWJ family: every code point becomes an entity, joiners included.
    expect(transformContent('👨‍👩')).toBe('&#128104;&#8205;&#128105;');
    expect(transformContent('plain 中文 text')).toBe('plain 中文 text');
  });

  it('maps roles to the stored badge', () => {
    expect(roleOf(u('a', ['root']))).toBe('root');
    expect(roleOf(u('a', ['problem_admin']))).toBe('admin');
    expect(roleOf(u('a', ['admin']))).toBe('admin');
    expect(roleOf(u('a'))).toBe('user');
  });
});

describe('contest Q&A visibility', () => {
  const supers = ['root1'];
  it('shows everything before the start and after the end', () => {
    expect(visibleAuthors(u('p'), contest({ status: -1 }), supers, 'comment')).toBeNull();
    expect(visibleAuthors(u('p'), contest({ status: 1 }), supers, 'comment')).toBeNull();
  });

  it('while running, root and the creator see everything', () => {
    expect(visibleAuthors(u('x', ['root']), contest(), supers, 'comment')).toBeNull();
    expect(visibleAuthors(u('creator'), contest(), supers, 'comment')).toBeNull();
  });

  it('while running, others see themselves, super admins, the creator and (comments only) group owners', () => {
    expect(new Set(visibleAuthors(u('p'), contest(), supers, 'comment'))).toEqual(
      new Set(['p', 'root1', 'creator', 'owner']),
    );
    expect(new Set(visibleAuthors(u('p'), contest(), supers, 'reply'))).toEqual(
      new Set(['p', 'root1', 'creator']),
    );
    // A group owner is a contest admin but still filtered (the rule names root and the creator).
    expect(new Set(visibleAuthors(u('owner'), contest(), supers, 'reply'))).toEqual(
      new Set(['owner', 'root1', 'creator']),
    );
    expect(new Set(visibleAuthors(null, contest(), supers, 'comment'))).toEqual(
      new Set(['root1', 'creator', 'owner']),
    );
  });
});

describe('who may reply to or delete', () => {
  it('contest items: author, root, creator, group owner; not other participants nor site admins', () => {
    const c = contest();
    expect(mayActOnContestItem(u('p'), 'p', c)).toBe(true);
    expect(mayActOnContestItem(u('x', ['root']), 'p', c)).toBe(true);
    expect(mayActOnContestItem(u('creator'), 'p', c)).toBe(true);
    expect(mayActOnContestItem(u('owner'), 'p', c)).toBe(true);
    expect(mayActOnContestItem(u('q'), 'p', c)).toBe(false);
    expect(mayActOnContestItem(u('adm', ['admin']), 'p', c)).toBe(false);
  });

  it('discussion items: author, root, site admins on public posts, group admins on group posts', () => {
    const pub = { id: 1, uid: 'poster', gid: null };
    const grp = { id: 2, uid: 'poster', gid: 7 };
    expect(mayDeleteDiscussionItem(u('a'), 'a', pub, false)).toBe(true);
    expect(mayDeleteDiscussionItem(u('x', ['problem_admin']), 'a', pub, false)).toBe(true);
    expect(mayDeleteDiscussionItem(u('x'), 'a', pub, false)).toBe(false);
    expect(mayDeleteDiscussionItem(u('x', ['admin']), 'a', grp, false)).toBe(false);
    expect(mayDeleteDiscussionItem(u('x'), 'a', grp, true)).toBe(true);
    expect(mayDeleteDiscussionItem(u('x', ['root']), 'a', grp, false)).toBe(true);
  });
});
