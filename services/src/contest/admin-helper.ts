// The contest admin helper (reference §1): first accepted submissions to check off
// (the list and the live first-ac event), the print queue, and the accepted code as a zip.
import { makePage, toDateStr } from '@oj/protocol';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import { strToU8, zipSync } from 'fflate';
import type { AuthUser } from '../platform/http/access';
import { denied, fail, ApiError } from '../platform/http/errors';
import { acArchiveEntries } from './ac-export';
import type { ContestContext } from './access';
import { M } from './messages';
import * as repo from './repository';
import { ACCEPTED, pageArgs } from './wire-shapes';

const PRINT_WINDOW_SECONDS = 30;

export function createAdminHelper(ctx: ContestContext) {
  const { deps, db, adminOf, accessByCid, requireContestAdmin, superAdmins, publish } = ctx;

  async function acInfo(user: AuthUser, cid: number, currentPage?: number, limit?: number) {
    const c = await requireContestAdmin(user, cid);
    const p = pageArgs(currentPage, limit, 30);
    const excluded = new Set([c.uid, ...(await superAdmins())]);
    const cps = new Map((await repo.contestProblems(db, c.id)).map((cp) => [cp.id, cp]));
    const rows = (await deps.submissions.ofContest(c.id)).filter(
      (r) => r.status === ACCEPTED && cps.has(r.cpid),
    );
    const first = new Map<string, (typeof rows)[number]>();
    for (const r of rows) {
      const key = `${r.uid}\u0000${r.cpid}`;
      const seen = first.get(key);
      if (!seen || r.submitId < seen.submitId) first.set(key, r);
    }
    const start = c.startTime.getTime();
    const end = c.endTime.getTime();
    const checked = await repo.checkedMarks(db, c.id);
    const records = [...first.values()]
      .filter((r) => !excluded.has(r.uid))
      .filter((r) => r.submitTime.getTime() >= start && r.submitTime.getTime() <= end)
      .map((r) => ({
        r,
        checked: checked.has(r.submitId),
        time: Math.floor((r.submitTime.getTime() - start) / 1000),
      }))
      .sort(
        (a, b) =>
          Number(a.checked) - Number(b.checked) ||
          a.r.submitTime.getTime() - b.r.submitTime.getTime() ||
          a.r.submitId - b.r.submitId,
      );
    // First blood: smallest time per problem over the whole list; the earlier entry wins ties.
    const blood = new Map<number, number>();
    records.forEach((x, i) => {
      const at = blood.get(x.r.cpid);
      if (at === undefined || x.time < records[at]!.time) blood.set(x.r.cpid, i);
    });
    const firstBloodIdx = new Set(blood.values());
    const slice = records.slice((p.current - 1) * p.limit, p.current * p.limit);
    const profiles = new Map((await deps.users.profiles(slice.map((x) => x.r.uid))).map((u) => [u.uid, u]));
    const offset = (p.current - 1) * p.limit;
    return makePage(
      slice.map((x, i) => ({
        id: x.r.submitId,
        cid: c.id,
        uid: x.r.uid,
        pid: x.r.pid,
        cpid: null,
        displayId: cps.get(x.r.cpid)!.display_id,
        submitId: x.r.submitId,
        username: profiles.get(x.r.uid)?.username ?? x.r.username,
        realname: profiles.get(x.r.uid)?.realname ?? null,
        status: 1,
        submitTime: toDateStr(x.r.submitTime),
        time: x.time,
        score: null,
        useTime: null,
        firstBlood: firstBloodIdx.has(offset + i),
        checked: x.checked,
        gmtCreate: null,
        gmtModified: null,
      })),
      records.length,
      p.limit,
      p.current,
    );
  }

  async function checkAcInfo(
    user: AuthUser,
    body: { id?: number | null; cid?: number | null; checked?: boolean | null },
  ) {
    const c = await requireContestAdmin(user, body.cid);
    if (!body.id) throw fail(M.CHECK_FAILED);
    await repo.setChecked(db, c.id, body.id, !!body.checked);
    return null;
  }

  /**
   * Publishes `first-ac` for the admin helper when a verdict makes a submission its
   * user's first accepted one on that problem (inside the contest window; the creator and
   * super admins are left out, as in the AC-info list).
   */
  async function announceFirstAccepted(u: Pick<SubmissionUpdate, 'submitId' | 'cid' | 'status' | 'reason'>) {
    if (!u.cid || u.status !== ACCEPTED || u.reason === 'progress') return;
    const row = await deps.submissions.byId(u.submitId);
    if (!row || row.cid !== u.cid || row.status !== ACCEPTED) return;
    const c = await repo.findContest(db, row.cid);
    if (!c) return;
    const at = row.submitTime.getTime();
    if (at < c.startTime.getTime() || at > c.endTime.getTime()) return;
    if (row.uid === c.uid || (await superAdmins()).includes(row.uid)) return;
    const first = deps.submissions.firstAcceptedId
      ? await deps.submissions.firstAcceptedId(row.cid, row.uid, row.cpid)
      : (await deps.submissions.ofContest(row.cid))
          .filter((r) => r.uid === row.uid && r.cpid === row.cpid && r.status === ACCEPTED)
          .reduce<number | null>((m, r) => (m === null || r.submitId < m ? r.submitId : m), null);
    if (first !== row.submitId) return;
    const cp = (await repo.contestProblems(db, row.cid)).find((p) => p.id === row.cpid);
    if (!cp) return;
    await publish(row.cid, 'first-ac', {
      cid: row.cid,
      submitId: row.submitId,
      uid: row.uid,
      username: row.username,
      displayId: cp.display_id,
    });
  }

  /** The first accepted submission per (user, problem) of a contest, with first blood (admin helper data). */
  async function firstAccepted(cid: number) {
    const c = await repo.findContest(db, cid);
    if (!c) return [];
    const rows = (await deps.submissions.ofContest(cid)).filter((r) => r.status === ACCEPTED);
    const first = new Map<string, (typeof rows)[number]>();
    for (const r of rows) {
      const key = `${r.uid}\u0000${r.cpid}`;
      const seen = first.get(key);
      if (!seen || r.submitId < seen.submitId) first.set(key, r);
    }
    return [...first.values()];
  }

  async function submitPrint(user: AuthUser, body: { cid?: number | null; content?: string | null }) {
    if (!body.cid || typeof body.content !== 'string') throw fail(M.PRINT_FAILED);
    const { contest: c } = await accessByCid(user, body.cid);
    const wait = await repo.takePrintWindow(db, user.uid, PRINT_WINDOW_SECONDS);
    if (wait !== null) throw denied(M.printWait(wait));
    const [profile] = await deps.users.profiles([user.uid]);
    const realname = profile?.realname ?? null;
    const id = await repo.insertPrint(db, {
      cid: c.id,
      uid: user.uid,
      username: user.username,
      realname,
      content: body.content,
    });
    await publish(c.id, 'print', { cid: c.id, id, username: user.username, realname });
    return null;
  }

  async function prints(user: AuthUser, cid: number, currentPage?: number, limit?: number) {
    const c = await requireContestAdmin(user, cid);
    const p = pageArgs(currentPage, limit, 30);
    const { total, rows } = await repo.listPrints(db, c.id, p.current, p.limit);
    return makePage(
      rows.map((r) => ({
        id: r.id,
        cid: r.cid,
        username: r.username,
        realname: r.realname,
        content: null,
        status: r.status,
        gmtCreate: toDateStr(r.gmt_create),
        gmtModified: null,
      })),
      total,
      p.limit,
      p.current,
    );
  }

  async function checkPrint(user: AuthUser, id: number, cid: number) {
    await requireContestAdmin(user, cid);
    if (!(await repo.markPrinted(db, id))) throw fail(M.CHECK_FAILED);
    return null;
  }

  /** The print text for the file download (`<username>_Contest_Print.txt`). */
  async function printText(user: AuthUser, id: number) {
    const job = await repo.findPrint(db, id);
    const c = job ? await repo.findContest(db, job.cid) : null;
    if (!job || !c || !(await adminOf(user, c)))
      throw new ApiError(400, '错误：您并非该比赛的管理员，无权下载打印代码！', 400);
    return { fileName: `${job.username}_Contest_Print.txt`, content: job.content };
  }

  /** Accepted (ACM) or latest scored (OI) contest code as a zip (reference §1); errors are HTTP 400. */
  async function acSubmissionsZip(
    user: AuthUser,
    q: { cid: number; excludeAdmin?: boolean; splitType?: string },
  ) {
    const c = await repo.findContest(db, q.cid);
    if (!c) throw new ApiError(400, '错误：该比赛不存在！', 400);
    if (!(await adminOf(user, c)))
      throw new ApiError(400, '错误：您并非该比赛的管理员，无权下载AC记录！', 400);
    const excluded = new Set(q.excludeAdmin ? [c.uid, ...(await superAdmins())] : []);
    const displayIds = new Map((await repo.contestProblems(db, c.id)).map((p) => [p.id, p.display_id]));
    const rows = (await deps.submissions.withCode(c.id, c.startTime, c.endTime)).filter(
      (r) => !excluded.has(r.uid),
    );
    const entries = acArchiveEntries(
      c.type === 1 ? 1 : 0,
      rows.map((r) => ({ ...r, displayId: displayIds.get(r.cpid) ?? 'null' })),
      q.splitType ?? 'user',
    );
    const files: Record<string, Uint8Array> = {};
    for (const [path, code] of entries) files[path] = strToU8(code);
    return { fileName: `contest_${c.id}_${deps.now()}.zip`, bytes: zipSync(files) };
  }

  return {
    acInfo,
    checkAcInfo,
    announceFirstAccepted,
    firstAccepted,
    submitPrint,
    prints,
    checkPrint,
    printText,
    acSubmissionsZip,
  };
}
