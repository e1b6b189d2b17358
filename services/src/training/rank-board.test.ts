import { describe, expect, it } from 'vitest';
import { RankBoard, type RankRecord } from './rank-board';
import { checkTrainingAccess, foldCell, isTrainingAdmin, type TrainingFacts } from './rules';
import type { AuthUser } from '../platform/http/access';

const user = (uid: string, roles: string[] = ['default_user']): AuthUser => ({
  uid,
  username: uid,
  roleIds: [],
  roles,
  permissions: [],
});

describe('foldCell', () => {
  it('overwrites until the first AC, then only a faster AC lowers the run time', () => {
    expect(
      foldCell([
        { submitId: 1, status: -1, time: 1, score: null },
        { submitId: 2, status: 1, time: 9, score: null },
      ]),
    ).toEqual({ status: 1, score: null });
    expect(
      foldCell([
        { submitId: 1, status: -1, time: 1, score: null },
        { submitId: 2, status: 0, time: 30, score: null },
        { submitId: 3, status: 0, time: 50, score: null },
        { submitId: 4, status: 0, time: 20, score: null },
        { submitId: 5, status: -1, time: 1, score: null },
      ]),
    ).toEqual({ status: 0, score: null, isAC: true, runTime: 20 });
    expect(foldCell([{ submitId: 1, status: 5, time: 0, score: null }])).toBeNull();
  });
});

describe('RankBoard', () => {
  const profile = (uid: string) => ({
    uid,
    username: uid,
    realname: `${uid} real`,
    nickname: null,
    school: null,
    gender: null,
    avatar: null,
  });
  const make = () =>
    new RankBoard(
      new Map([
        [10, 'A'],
        [11, 'B'],
      ]),
      new Set(['a', 'b', 'c']),
      new Set(['c']),
      profile,
    );
  const rec = (submitId: number, uid: string, pid: number, status: number, time = 10): RankRecord => ({
    submitId,
    uid,
    pid,
    status,
    time,
    score: null,
  });

  it('loads, orders with ties by first appearance, and leaves out excluded and unknown users', () => {
    const b = make();
    b.load([rec(1, 'b', 10, 0, 10), rec(2, 'a', 10, 0, 10), rec(3, 'c', 10, 0, 1), rec(4, 'z', 10, 0, 1)]);
    expect(b.page(1, 30, null, false).rows.map((r) => r.uid)).toEqual(['b', 'a']);
    expect(b.page(1, 30, null, false).rows[0]!.realname).toBeNull();
    expect(b.page(1, 30, null, true).rows[0]!.realname).toBe('b real');
  });

  it('moves a user on a verdict and reports old and new positions; a rejudge to pending removes the cell', () => {
    const b = make();
    b.load([rec(1, 'a', 10, 0, 10), rec(2, 'b', 10, -1)]);
    const up = b.apply(rec(3, 'b', 11, 0, 50));
    expect(up).toMatchObject({ order: 1, prevOrder: 1, total: 2 });
    const up2 = b.apply(rec(4, 'b', 10, 0, 5));
    expect(up2).toMatchObject({ order: 0, prevOrder: 1 });
    expect(up2!.row).toMatchObject({ uid: 'b', ac: 2, totalRunTime: 55 });
    const down = b.apply(rec(4, 'b', 10, 5));
    expect(down).toMatchObject({ order: 1, prevOrder: 0 });
    expect(b.apply(rec(9, 'a', 99, 0))).toBeNull();
    expect(b.apply(rec(9, 'c', 10, 0))).toBeNull();
  });
});

describe('training access', () => {
  const t: TrainingFacts = {
    id: 1,
    auth: 'Private',
    status: true,
    gid: null,
    author: 'adm',
    authorUid: 'u-adm',
  };
  it('admins pass; others need an enabled registration; group trainings need membership', () => {
    expect(isTrainingAdmin(user('u-adm'), t, null)).toBe(true);
    expect(isTrainingAdmin(user('x', ['root']), t, null)).toBe(true);
    expect(checkTrainingAccess(user('u'), t, null, null)).toEqual({ ok: false, kind: 'register-first' });
    expect(checkTrainingAccess(user('u'), t, null, { status: false })).toEqual({ ok: false, kind: 'banned' });
    expect(checkTrainingAccess(user('u'), t, null, { status: true })).toEqual({ ok: true, admin: false });
    expect(checkTrainingAccess(user('u'), { ...t, status: false }, null, null)).toEqual({
      ok: false,
      kind: 'missing',
    });
    const g = { ...t, gid: 5, auth: 'Public' };
    expect(checkTrainingAccess(user('u'), g, 'none', null)).toEqual({ ok: false, kind: 'not-member' });
    expect(checkTrainingAccess(user('u'), g, 'member', null)).toEqual({ ok: true, admin: false });
    expect(checkTrainingAccess(user('u'), { ...g, auth: 'Private' }, 'root', null)).toEqual({
      ok: true,
      admin: true,
    });
    expect(checkTrainingAccess(user('r', ['root']), g, 'missing', null)).toEqual({ ok: true, admin: true });
  });
});
