import { describe, expect, it } from 'vitest';
import type { JudgeCaseRow, JudgeRow } from './repository';
import { caseResultView, detailView, HIDDEN_CODE_NOTICE, HIDDEN_ERROR_MESSAGE, maySeeCode } from './views';
import { acCodeFooter } from './service';
import { roomsForUpdate } from '../gateway/index';
import { makeUser } from './test-harness';

const alice = makeUser('a', 'alice', 1002);
const bob = makeUser('b', 'bob', 1002);
const admin = makeUser('c', 'carol', 1001);
const problemAdmin = makeUser('d', 'dave', 1008);

function row(over: Partial<JudgeRow> = {}): JudgeRow {
  const t = new Date(Date.UTC(2024, 4, 1, 8, 30));
  return {
    submit_id: 1,
    pid: 1,
    display_pid: '1000',
    uid: 'a',
    username: 'alice',
    submit_time: t,
    status: -1,
    share: false,
    error_message: 'boom',
    time: 5,
    memory: 100,
    score: null,
    length: 10,
    code: 'int main(){}',
    language: 'C++',
    cid: 0,
    cpid: 0,
    gid: null,
    tid: null,
    judger: 'r1',
    ip: '1.2.3.4',
    version: 0,
    oi_rank_score: null,
    vjudge_submit_id: 9,
    vjudge_username: 'x',
    is_manual: false,
    is_remote: false,
    counted_status: -1,
    gmt_create: t,
    gmt_modified: t,
    ...over,
  };
}
const ctx = (viewer: typeof alice | null, over = {}) => ({
  viewer,
  viewerIsGroupRoot: false,
  codeShare: true,
  hideNonContestCode: false,
  ...over,
});

describe('code visibility', () => {
  it('owner, root and problem admins see code; others only when shared and the problem allows sharing', () => {
    expect(maySeeCode(row(), ctx(alice))).toBe(true);
    expect(maySeeCode(row(), ctx(problemAdmin))).toBe(true);
    expect(maySeeCode(row(), ctx(admin))).toBe(false);
    expect(maySeeCode(row(), ctx(bob))).toBe(false);
    expect(maySeeCode(row(), ctx(null))).toBe(false);
    expect(maySeeCode(row({ share: true }), ctx(bob))).toBe(true);
    expect(maySeeCode(row({ share: true }), ctx(bob, { codeShare: false }))).toBe(false);
    expect(maySeeCode(row(), ctx(bob, { viewerIsGroupRoot: true }))).toBe(true);
  });

  it('detail hides error text except for CE/SE/SF, never leaks vjudge fields, hides ip from others', () => {
    const wa = detailView(row(), ctx(bob));
    expect(wa.errorMessage).toBe(HIDDEN_ERROR_MESSAGE);
    expect(wa.code).toBeNull();
    expect(wa.ip).toBeNull();
    expect(wa.vjudgeSubmitId).toBeNull();
    expect(wa.vjudgePassword).toBeNull();
    expect(detailView(row({ status: -2 }), ctx(bob)).errorMessage).toBe('boom');
    expect(detailView(row(), ctx(alice)).ip).toBe('1.2.3.4');
    expect(wa.submitTime).toBe('2024-05-01T08:30:00.000+0000');
  });

  it('the hide-code switch replaces code except for root and problem admins', () => {
    expect(detailView(row(), ctx(alice, { hideNonContestCode: true })).code).toBe(HIDDEN_CODE_NOTICE);
    expect(detailView(row(), ctx(problemAdmin, { hideNonContestCode: true })).code).toBe('int main(){}');
  });

  it('contest rows: other users get no code, time or memory', () => {
    const v = detailView(row({ cid: 3 }), ctx(bob));
    expect([v.code, v.time, v.memory, v.length]).toEqual([null, null, null, null]);
    expect(detailView(row({ cid: 3 }), ctx(alice)).code).toBe('int main(){}');
  });
});

function caseRow(seq: number, group: number, status: number, score: number): JudgeCaseRow {
  const t = new Date(0);
  return {
    id: seq,
    submit_id: 1,
    pid: 1,
    uid: 'a',
    case_id: String(seq),
    status,
    time: seq,
    memory: seq * 10,
    score,
    input_data: null,
    output_data: null,
    user_output: null,
    group_num: group,
    seq,
    mode: 'x',
    sample_io: null,
    gmt_create: t,
    gmt_modified: t,
  };
}

describe('case result grouping', () => {
  it('ACM cases carry score null (the original sends null)', () => {
    const v = caseResultView([caseRow(1, 1, 0, 0), caseRow(2, 1, -1, 0)], 'default', false, true);
    expect(v.judgeCaseList!.map((c) => c.score)).toEqual([null, null]);
    const oi = caseResultView([caseRow(1, 1, 0, 50)], 'default', false, false);
    expect(oi.judgeCaseList![0]!.score).toBe(50);
  });

  it('subtask_average: rounded mean, AC only when all AC', () => {
    const v = caseResultView(
      [caseRow(1, 1, 0, 30), caseRow(2, 1, -1, 0), caseRow(3, 2, 0, 70), caseRow(4, 2, 0, 70)],
      'subtask_average',
      false,
    );
    expect(v.judgeCaseList).toBeNull();
    expect(v.subTaskJudgeCaseVoList!.map((g) => [g.groupNum, g.score, g.status, g.ac, g.total])).toEqual([
      [1, 15, 8, 1, 2],
      [2, 70, 0, 2, 2],
    ]);
  });

  it('subtask_lowest: the lowest non-skipped case decides', () => {
    const v = caseResultView(
      [caseRow(1, 1, 0, 30), caseRow(2, 1, -1, 0), caseRow(3, 1, -4, 0)],
      'subtask_lowest',
      false,
    );
    expect(v.subTaskJudgeCaseVoList![0]).toMatchObject({ score: 0, status: -1, time: 2 });
  });

  it('default: flat list; members get no ids or file names', () => {
    const v = caseResultView([caseRow(1, 1, 0, 0)], 'default', false);
    expect(v.judgeCaseList![0]).toMatchObject({ id: null, submitId: null, caseId: null, status: 0, time: 1 });
    expect(caseResultView([caseRow(1, 1, 0, 0)], 'default', true).judgeCaseList![0]).toMatchObject({
      id: 1,
      caseId: 1,
    });
  });
});

describe('helpers', () => {
  it('accepted code footer uses the comment syntax of the language', () => {
    expect(acCodeFooter(row())).toMatch(/^\n\/\*\*\n\* @runId: 1\n/);
    expect(acCodeFooter(row({ language: 'Python3' }))).toMatch(/^\n'''\n@runId: 1\n/);
    expect(acCodeFooter(row({ language: 'Ruby' }))).toMatch(/^\n=begin\n/);
    // Languages without C comments get their own (issue #25 item 4).
    expect(acCodeFooter(row({ language: 'Pascal' }))).toMatch(/^\n\{\n@runId: 1\n[^}]*\n\}$/);
    expect(acCodeFooter(row({ language: 'Haskell' }))).toMatch(/^\n\{-\n@runId: 1\n[\s\S]*\n-\}$/);
    expect(acCodeFooter(row({ language: 'OCaml' }))).toMatch(/^\n\(\*\n@runId[\s\S]*\n\*\)$/);
    expect(acCodeFooter(row({ language: 'Common Lisp' }))).toMatch(/^\n#\|\n[\s\S]*\n\|#$/);
    expect(acCodeFooter(row({ language: 'Lua' }))).toMatch(/^\n--\[\[\n[\s\S]*\n\]\]$/);
    expect(
      acCodeFooter(row({ language: 'Perl' }))
        .split('\n')
        .slice(1),
    ).toSatisfy((ls: string[]) => ls.length === 4 && ls.every((l) => l.startsWith('# @')));
    expect(
      acCodeFooter(row({ language: 'Fortran' }))
        .split('\n')
        .slice(1),
    ).toSatisfy((ls: string[]) => ls.length === 4 && ls.every((l) => l.startsWith('! @')));
    expect(acCodeFooter(row({ language: 'Kotlin' }))).toMatch(/^\n\/\*\*\n/);
  });

  it('updates go to the owner and the submission room; problem rooms only for site submissions', () => {
    const u = {
      submitId: 5,
      uid: 'a',
      pid: 9,
      cid: 0,
      gid: null,
      status: 0,
      version: 0,
      reason: 'result' as const,
      time: null,
      memory: null,
      score: null,
      judger: null,
      at: 0,
    };
    expect(roomsForUpdate(u)).toEqual(['user:a', 'submission:5', 'problem:9']);
    expect(roomsForUpdate({ ...u, cid: 2 })).toEqual(['user:a', 'submission:5']);
    expect(roomsForUpdate({ ...u, gid: 4 })).toEqual(['user:a', 'submission:5']);
  });
});
