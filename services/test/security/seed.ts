// Objects owned by the super admin that no one else may read or change: a sealed OI contest with
// a post-seal submission, a private (password) contest, a not-started contest, an invisible
// contest, a hidden problem. Each carries marker strings the matrix looks for in every response.
import { sql, type Kysely } from 'kysely';
import { Role } from '@oj/protocol';
import { createUser } from '../../src/account/seed';
import { PASSWORD } from './platform';

export const MARK = {
  hiddenProblem: 'HIDDENPROBMARK',
  privateProblem: 'PRIVPROBMARK',
  notStartedProblem: 'NOTSTARTEDMARK',
  invisibleProblem: 'INVISPROBMARK',
  privateAnnouncement: 'PRIVANNMARK',
  /** Display titles of contest problems: only the contest's admins see them before access. */
  privateDisplay: 'PRIVDISPLAYMARK',
  notStartedDisplay: 'FUTUREDISPLAYMARK',
  invisibleDisplay: 'INVISDISPLAYMARK',
  privateComment: 'PRIVCOMMENTMARK',
  password: 'PWDMARKSECRET',
  futureAnnouncement: 'FUTUREANNMARK',
  futureComment: 'FUTURECOMMENTMARK',
  invisibleAnnouncement: 'INVISANNMARK',
  invisibleComment: 'INVISCOMMENTMARK',
  code: 'CODEMARKSECRET',
  ip: '203.0.113.77',
  /** Score, time and memory of the post-seal submission: only the contest's admins may see them. */
  sealedScore: '987654',
  sealedTime: '876543',
  /** A group's contest and problem (owned by root's group; no test standing is a member). */
  groupContest: 'GROUPCONTESTMARK',
  groupProblem: 'GROUPPROBMARK',
  groupAnnouncement: 'GROUPANNMARK',
  /** A group contest with its outside board open: still for the group's members only. */
  groupOpenContest: 'GROUPOPENCONTESTMARK',
  groupOpenDisplay: 'GROUPOPENDISPLAYMARK',
  /** The group submission's code and run time: for the group's members (and root) only. */
  groupCode: 'GROUPCODEMARK',
  groupTime: '345671',
  /** The language of the password contest's submission: for those who passed its access check. */
  privateLanguage: 'PRIVLANGMARK',
  /** Code templates of the hidden problem and of the group problem (get-problem-code-template). */
  hiddenTemplate: 'HIDDENTEMPLATEMARK',
  groupTemplate: 'GROUPTEMPLATEMARK',
} as const;

/** The public-bank submission of the hidden problem: problem staff may read its code and address. */
export const STAFF_MARK = { code: 'STAFFCODEMARK', ip: '198.51.100.9' } as const;

/** Who may legitimately see a marker besides root (the owner of everything seeded). */
export const MARK_VISIBLE_TO: Readonly<Record<string, readonly string[]>> = {
  // The back office lists every problem (contest-owned and hidden ones included) to problem staff.
  [MARK.hiddenProblem]: ['admin', 'problemAdmin'],
  [MARK.privateProblem]: ['admin', 'problemAdmin'],
  [MARK.notStartedProblem]: ['admin', 'problemAdmin'],
  [MARK.invisibleProblem]: ['admin', 'problemAdmin'],
  [MARK.groupProblem]: ['admin', 'problemAdmin'],
  // The back office shows any problem's templates to problem staff.
  [MARK.hiddenTemplate]: ['admin', 'problemAdmin'],
  [MARK.groupTemplate]: ['admin', 'problemAdmin'],
  // Outside contests, root and problem admins read code; site admins see addresses.
  [STAFF_MARK.code]: ['problemAdmin'],
  [STAFF_MARK.ip]: ['admin', 'problemAdmin'],
};

export interface Seeded {
  db: Db;
  otherUid: string;
  /** One entry per protected object set; ids are what the matrix puts in requests. */
  variants: Variant[];
}

export interface Variant {
  name: string;
  cid: number;
  pid: number;
  submitId: number;
  announcementId: number;
  commentId: number;
  displayId: string;
  /** The problem's own id string (problem_id). */
  problemKey: string;
  /** The group of a group variant. */
  gid?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const HOUR = 3600_000;

async function problem(db: Db, problemId: string, title: string, auth: number): Promise<number> {
  const row = await db
    .insertInto('problem')
    .values({ problem_id: problemId, title, author: 'root', auth, description: `${title} body` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function contest(
  db: Db,
  v: {
    title: string;
    type: number;
    auth: number;
    start: number;
    end: number;
    visible?: boolean;
    seal?: number;
    openRank?: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('contest')
    .values({
      uid: '1',
      author: 'root',
      title: v.title,
      description: `${v.title} description`,
      type: v.type,
      auth: v.auth,
      pwd: v.auth === 0 ? null : MARK.password,
      start_time: new Date(v.start),
      end_time: new Date(v.end),
      duration: Math.round((v.end - v.start) / 1000),
      seal_rank: v.seal !== undefined,
      seal_rank_time: v.seal !== undefined ? new Date(v.seal) : null,
      open_rank: v.openRank ?? true,
      visible: v.visible ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function seedProtected(db: Db, participantUid: string): Promise<Seeded> {
  const now = Date.now();
  const otherUid = await createUser(db as never, {
    username: 'sec_other',
    password: PASSWORD,
    email: 'sec_other@example.com',
    roleIds: [Role.DEFAULT_USER],
  });
  const submission = async (
    cid: number,
    pid: number,
    displayId: string,
    at: number,
    sealed: boolean,
    extra: { code?: string; time?: number; language?: string } = {},
  ) => {
    const row = await db
      .insertInto('judge')
      .values({
        pid,
        display_pid: displayId,
        uid: otherUid,
        username: 'sec_other',
        submit_time: new Date(at),
        status: 0,
        time: extra.time ?? (sealed ? Number(MARK.sealedTime) : 5),
        memory: sealed ? 765432 : 1024,
        score: sealed ? Number(MARK.sealedScore) : 100,
        length: 40,
        code: `// ${extra.code ?? (cid === 0 ? STAFF_MARK.code : MARK.code)}\nint main(){}`,
        language: extra.language ?? 'C++',
        cid,
        cpid: 0,
        ip: cid === 0 ? STAFF_MARK.ip : MARK.ip,
      })
      .returning('submit_id')
      .executeTakeFirstOrThrow();
    return Number(row.submit_id);
  };
  const link = async (cid: number, pid: number, displayTitle: string) => {
    const row = await db
      .insertInto('contest_problem')
      .values({ cid, pid, display_id: 'A', display_title: displayTitle })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('judge').set({ cpid: row.id }).where('cid', '=', cid).execute();
    return Number(row.id);
  };
  const announcement = async (cid: number, title: string) =>
    Number(
      (
        await db
          .insertInto('contest_announcement')
          .values({ cid, title, content: `${title} content`, uid: '1', username: 'root' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const template = async (pid: number, code: string) => {
    const lang = await db
      .selectFrom('language')
      .select('id')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db.insertInto('code_template').values({ pid, lid: lang.id, code, status: true }).execute();
  };
  const comment = async (cid: number, content: string) =>
    Number(
      (
        await db
          .insertInto('discussion_comment')
          .values({ cid, content, from_uid: otherUid, from_name: 'sec_other', from_role: 'default_user' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );

  const variants: Variant[] = [];
  // Sealed OI contest, running, sealed an hour ago; the participant is registered.
  {
    const cid = await contest(db, {
      title: 'Sealed contest',
      type: 1,
      auth: 0,
      start: now - 2 * HOUR,
      end: now + 2 * HOUR,
      seal: now - HOUR,
    });
    const pid = 1000;
    const submitId = await submission(cid, pid, 'A', now - HOUR / 2, true);
    await link(cid, pid, 'Sealed A');
    await db.insertInto('contest_register').values({ cid, uid: participantUid }).execute();
    variants.push({
      name: 'sealed',
      problemKey: '1000',
      cid,
      pid,
      submitId,
      announcementId: await announcement(cid, 'Sealed announcement'),
      commentId: await comment(cid, 'sealed comment'),
      displayId: 'A',
    });
  }
  // Private (password) contest, running; nobody of the test standings is registered.
  {
    const cid = await contest(db, {
      title: 'Private contest',
      type: 0,
      auth: 1,
      start: now - HOUR,
      end: now + HOUR,
      openRank: false,
    });
    const pid = await problem(db, 'SECPRIV', MARK.privateProblem, 3);
    const submitId = await submission(cid, pid, 'A', now - HOUR / 2, false, {
      language: MARK.privateLanguage,
    });
    await link(cid, pid, MARK.privateDisplay);
    variants.push({
      name: 'private',
      problemKey: 'SECPRIV',
      cid,
      pid,
      submitId,
      announcementId: await announcement(cid, MARK.privateAnnouncement),
      commentId: await comment(cid, MARK.privateComment),
      displayId: 'A',
    });
  }
  // Public contest that has not started.
  {
    const cid = await contest(db, {
      title: 'Future contest',
      type: 0,
      auth: 0,
      start: now + 24 * HOUR,
      end: now + 26 * HOUR,
    });
    const pid = await problem(db, 'SECFUT', MARK.notStartedProblem, 3);
    await link(cid, pid, MARK.notStartedDisplay);
    const submitId = await submission(cid, pid, 'A', now - HOUR, false);
    variants.push({
      name: 'not-started',
      problemKey: 'SECFUT',
      cid,
      pid,
      submitId,
      announcementId: await announcement(cid, 'FUTUREANNMARK'),
      commentId: await comment(cid, 'FUTURECOMMENTMARK'),
      displayId: 'A',
    });
  }
  // Invisible contest, running, outside board open.
  {
    const cid = await contest(db, {
      title: 'Invisible contest',
      type: 0,
      auth: 0,
      start: now - HOUR,
      end: now + HOUR,
      visible: false,
    });
    const pid = await problem(db, 'SECINV', MARK.invisibleProblem, 3);
    await link(cid, pid, MARK.invisibleDisplay);
    const submitId = await submission(cid, pid, 'A', now - HOUR / 2, false);
    variants.push({
      name: 'invisible',
      problemKey: 'SECINV',
      cid,
      pid,
      submitId,
      announcementId: await announcement(cid, 'INVISANNMARK'),
      commentId: await comment(cid, 'INVISCOMMENTMARK'),
      displayId: 'A',
    });
  }
  // Hidden problem of the public bank, with a submission of someone else.
  {
    const pid = await problem(db, 'SECHID', MARK.hiddenProblem, 2);
    await template(pid, MARK.hiddenTemplate);
    const submitId = await submission(0, pid, 'SECHID', now - HOUR, false);
    variants.push({
      name: 'hidden-problem',
      problemKey: 'SECHID',
      cid: variants[0]!.cid,
      pid,
      submitId,
      announcementId: variants[0]!.announcementId,
      commentId: variants[0]!.commentId,
      displayId: 'SECHID',
    });
  }
  // A group of root's (no test standing is a member) with a running group contest, a group problem
  // in it and a group submission of that problem.
  {
    const gid = Number(
      (
        await db
          .insertInto('group')
          .values({
            name: 'Security group',
            short_name: 'secgrp',
            brief: 'closed group',
            description: 'closed group description',
            owner: 'root',
            uid: '1',
            auth: 3,
            code: 'SECRET',
            visible: false,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await db.insertInto('group_member').values({ gid, uid: '1', auth: 5 }).execute();
    const cid = await contest(db, {
      title: MARK.groupContest,
      type: 0,
      auth: 0,
      start: now - HOUR,
      end: now + HOUR,
      openRank: false,
    });
    await db.updateTable('contest').set({ is_group: true, gid }).where('id', '=', cid).execute();
    const pid = await problem(db, 'SECGRP1', MARK.groupProblem, 1);
    await db.updateTable('problem').set({ is_group: true, gid }).where('id', '=', pid).execute();
    await template(pid, MARK.groupTemplate);
    await link(cid, pid, MARK.groupProblem);
    const submitId = await submission(0, pid, 'SECGRP1', now - HOUR / 2, false, {
      code: MARK.groupCode,
      time: Number(MARK.groupTime),
    });
    await db.updateTable('judge').set({ gid }).where('submit_id', '=', submitId).execute();
    variants.push({
      name: 'group',
      problemKey: 'SECGRP1',
      cid,
      pid,
      submitId,
      announcementId: await announcement(cid, MARK.groupAnnouncement),
      commentId: variants[0]!.commentId,
      displayId: 'A',
      gid,
    });
    // The same group's contest with its outside board open (issue #23 item 7).
    const openCid = await contest(db, {
      title: MARK.groupOpenContest,
      type: 0,
      auth: 0,
      start: now - HOUR,
      end: now + HOUR,
      openRank: true,
    });
    await db.updateTable('contest').set({ is_group: true, gid }).where('id', '=', openCid).execute();
    const openPid = await problem(db, 'SECGRP2', MARK.groupProblem, 1);
    await db.updateTable('problem').set({ is_group: true, gid }).where('id', '=', openPid).execute();
    await link(openCid, openPid, MARK.groupOpenDisplay);
    variants.push({
      name: 'group-open-board',
      problemKey: 'SECGRP2',
      cid: openCid,
      pid: openPid,
      submitId,
      announcementId: await announcement(openCid, MARK.groupAnnouncement),
      commentId: variants[0]!.commentId,
      displayId: 'A',
      gid,
    });
  }
  await sql`select 1`.execute(db);
  return { db, otherUid, variants };
}
