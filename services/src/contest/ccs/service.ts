// The Contest API's use cases (issue #24): who the caller is for a contest (admin, team, public)
// by the contest capability's own decisions, and every collection as that caller may see it. The
// scoreboard is read from the contest's live board (same ranks, solved counts, penalty and seal).
import { sealedFor } from '@oj/protocol/contest/clock';
import type { RankShowName } from '@oj/protocol/contest/scoreboard';
import {
  CCS_VERSION,
  CCS_VERSION_URL,
  type CcsAccess,
  type CcsAccount,
  type CcsApiInfo,
  type CcsAward,
  type CcsClarification,
  type CcsContest,
  type CcsGroup,
  type CcsJudgement,
  type CcsJudgementType,
  type CcsLanguage,
  type CcsOrganization,
  type CcsPerson,
  type CcsProblem,
  type CcsRun,
  type CcsScoreboard,
  type CcsState,
  type CcsSubmission,
  type CcsTeam,
} from '@oj/protocol/contest/ccs/schemas';
import { strToU8, zipSync } from 'fflate';
import type { AuthUser } from '../../platform/http/access';
import type { ContestService } from '../service';
import type { ScoreboardService } from '../scoreboard-service';
import { timesOf, type ContestRecordRow } from '../rules';
import * as repo from './repository';
import {
  JUDGEMENT_TYPES,
  PARTICIPANTS_GROUP,
  PENALTY_MINUTES,
  UNOFFICIAL_GROUP,
  awardsOf,
  ccsTime,
  cellCounts,
  extensionsOf,
  judgementTypeOf,
  languageIdOf,
  languageOf,
  organizationIdOf,
  problemIdOf,
  relTime,
  rgbOf,
  scoreboardRowsOf,
  sealHides,
  stateOf,
  teamOf,
  type BoardProblem,
  type CcsContestTimes,
} from './mapping';

/** A Contest API failure: `{code, message}` with `code` as the HTTP status. */
export class CcsError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CcsServiceDeps {
  db: repo.Db;
  contests: Pick<ContestService, 'viewFacts'>;
  scoreboards: Pick<ScoreboardService, 'rankedRows'>;
  now: () => number;
}

export type Perspective = 'admin' | 'team' | 'public';

/** A contest as one caller sees it. */
export interface ContestView {
  c: ContestRecordRow;
  times: CcsContestTimes;
  perspective: Perspective;
  /** The caller's team (uid) when it is one of the contest's teams; admins have none. */
  team: string | null;
  /** The board this caller reads is the sealed one. */
  sealed: boolean;
}

const ENDPOINT_PROPERTIES: Record<string, string[]> = {
  contest: [
    'id',
    'name',
    'formal_name',
    'start_time',
    'duration',
    'scoreboard_freeze_duration',
    'scoreboard_type',
    'penalty_time',
  ],
  state: ['started', 'frozen', 'ended', 'thawed', 'finalized', 'end_of_updates'],
  'judgement-types': ['id', 'name', 'penalty', 'solved'],
  languages: ['id', 'name', 'entry_point_required', 'entry_point_name', 'extensions'],
  problems: ['id', 'label', 'name', 'ordinal', 'rgb', 'color', 'time_limit', 'test_data_count', 'max_score'],
  groups: ['id', 'name'],
  organizations: ['id', 'name', 'formal_name'],
  teams: ['id', 'name', 'label', 'display_name', 'organization_id', 'group_ids', 'hidden'],
  accounts: ['id', 'username', 'name', 'type', 'team_id'],
  persons: ['id', 'name', 'team_ids', 'role'],
  submissions: ['id', 'language_id', 'problem_id', 'team_id', 'time', 'contest_time', 'entry_point', 'files'],
  judgements: [
    'id',
    'submission_id',
    'judgement_type_id',
    'score',
    'start_time',
    'start_contest_time',
    'end_time',
    'end_contest_time',
    'max_run_time',
  ],
  runs: ['id', 'judgement_id', 'ordinal', 'judgement_type_id', 'time', 'contest_time', 'run_time'],
  clarifications: ['id', 'from_team_id', 'to_team_id', 'reply_to_id', 'text', 'time', 'contest_time'],
  awards: ['id', 'citation', 'team_ids'],
  scoreboard: ['time', 'contest_time', 'state', 'rows'],
};

export function createCcsService(deps: CcsServiceDeps) {
  const { db } = deps;

  function apiInfo(): CcsApiInfo {
    return { version: CCS_VERSION, version_url: CCS_VERSION_URL, provider: { name: 'Online Judge' } };
  }

  /** The contest behind `cid` as `user` may see it; 404 for unknown or unseen, 401/403 refused. */
  async function view(user: AuthUser | null, cid: string): Promise<ContestView> {
    if (!/^[1-9][0-9]{0,9}$/.test(cid)) throw new CcsError(404, `contest ${cid} not found`);
    const facts = await deps.contests.viewFacts(user, Number(cid));
    if (!facts || (!facts.contest.visible && !facts.isContestAdmin))
      throw new CcsError(404, `contest ${cid} not found`);
    if (!facts.mayRead) {
      if (!user) throw new CcsError(401, 'this contest needs credentials');
      throw new CcsError(403, 'you may not read this contest');
    }
    const c = facts.contest;
    const t = timesOf(c);
    const perspective: Perspective = facts.isContestAdmin ? 'admin' : user ? 'team' : 'public';
    return {
      c,
      times: t,
      perspective,
      team: perspective === 'team' ? user!.uid : null,
      sealed: sealedFor(t, deps.now(), { isContestAdmin: facts.isContestAdmin, forceRefresh: true }),
    };
  }

  async function contests(user: AuthUser | null): Promise<CcsContest[]> {
    const out: CcsContest[] = [];
    for (const id of await repo.visibleContestIds(db, 200)) {
      try {
        out.push(contestOf((await view(user, String(id))).c));
      } catch (err) {
        if (!(err instanceof CcsError)) throw err;
      }
    }
    return out;
  }

  function contestOf(c: ContestRecordRow): CcsContest {
    const t = timesOf(c);
    const out: CcsContest = {
      id: String(c.id),
      name: c.title,
      formal_name: c.title,
      start_time: ccsTime(t.startTime),
      duration: relTime(Math.max(0, t.endTime - t.startTime)),
      scoreboard_type: c.type === 1 ? 'score' : 'pass-fail',
    };
    if (c.sealRank && t.sealRankTime !== null && t.sealRankTime < t.endTime)
      out.scoreboard_freeze_duration = relTime(t.endTime - Math.max(t.sealRankTime, t.startTime));
    if (c.type !== 1) out.penalty_time = PENALTY_MINUTES;
    return out;
  }

  function state(v: ContestView): CcsState {
    return stateOf(v.times, deps.now());
  }

  function access(_v: ContestView): CcsAccess {
    return {
      capabilities: [],
      endpoints: Object.entries(ENDPOINT_PROPERTIES).map(([type, properties]) => ({ type, properties })),
    };
  }

  function judgementTypes(): CcsJudgementType[] {
    return JUDGEMENT_TYPES.map((t) => ({ ...t }));
  }

  async function languages(): Promise<CcsLanguage[]> {
    return (await repo.languages(db)).map(languageOf);
  }

  async function problemList(v: ContestView): Promise<(CcsProblem & { cpid: number; displayId: string })[]> {
    const cps = await repo.contestProblems(db, v.c.id);
    const facts = await repo.problemFacts(
      db,
      cps.map((p) => p.pid),
    );
    return cps.map((p, i) => {
      const f = facts.get(p.pid);
      const out: CcsProblem & { cpid: number; displayId: string } = {
        id: problemIdOf(p.display_id, p.id),
        label: p.display_id,
        name: p.display_title,
        ordinal: i,
        test_data_count: f?.cases ?? 0,
        cpid: p.id,
        displayId: p.display_id,
      };
      const rgb = rgbOf(p.color);
      if (rgb) {
        out.rgb = rgb;
        out.color = rgb;
      }
      if (f) out.time_limit = f.timeLimit / 1000;
      if (v.c.type === 1 && f?.ioScore != null) out.max_score = f.ioScore;
      return out;
    });
  }

  async function problems(v: ContestView): Promise<CcsProblem[]> {
    return (await problemList(v)).map(({ cpid: _c, displayId: _d, ...p }) => p);
  }

  /** Everything the team-shaped collections read, once per request. */
  async function world(v: ContestView) {
    const [subs, registered, roots, imported] = await Promise.all([
      repo.contestSubmissions(db, v.c.id),
      repo.registeredUids(db, v.c.id),
      repo.superAdminUids(db),
      repo.importedTeams(db, v.c.id),
    ]);
    const importedOf = new Map(imported.map((t) => [t.uid, t]));
    const uids = [...new Set([...registered, ...subs.map((s) => s.uid)])];
    const profiles = await repo.profiles(db, uids);
    const excluded = new Set([v.c.uid, ...roots]);
    const stars = new Set(v.c.starAccount);
    const show =
      (['username', 'realname', 'nickname'] as const).find((n) => n === v.c.rankShowName) ?? 'username';
    const teams = new Map<string, CcsTeam>();
    for (const p of profiles) {
      const star = stars.has(p.username);
      const imp = importedOf.get(p.uid);
      // The import's hidden flag is not applied: our board decides who is ranked (stars are hidden).
      const hidden = star || excluded.has(p.uid);
      if (hidden && v.perspective !== 'admin' && p.uid !== v.team) continue;
      const team = teamOf(p, { show: show as RankShowName, star, hidden });
      // An imported team (compat CA8) names the account's team and its organisation.
      if (imp) {
        team.name = imp.name;
        team.display_name = imp.displayName ?? imp.name;
        if (imp.org) team.organization_id = imp.org.extId;
      }
      teams.set(p.uid, team);
    }
    const profileOf = new Map(profiles.map((p) => [p.uid, p]));
    const visibleSubs = subs.filter((s) => teams.has(s.uid));
    return { teams, profileOf, importedOf, subs: visibleSubs, show: show as RankShowName };
  }

  async function teams(v: ContestView): Promise<CcsTeam[]> {
    return [...(await world(v)).teams.values()];
  }

  async function groups(v: ContestView): Promise<CcsGroup[]> {
    const list: CcsGroup[] = [{ id: PARTICIPANTS_GROUP, name: 'Participants', type: null }];
    if (v.perspective === 'admin' || v.c.starAccount.length > 0)
      list.push({ id: UNOFFICIAL_GROUP, name: 'Unofficial (star) teams', type: null });
    return list;
  }

  async function organizations(v: ContestView): Promise<CcsOrganization[]> {
    const w = await world(v);
    const out = new Map<string, CcsOrganization>();
    for (const t of w.teams.values()) {
      const org = w.importedOf.get(t.id)?.org;
      if (org) {
        if (!out.has(org.extId))
          out.set(org.extId, {
            id: org.extId,
            name: org.name,
            formal_name: org.formalName ?? org.name,
            country: org.country !== null && /^[A-Z]{3}$/.test(org.country) ? org.country : null,
            ...(org.icpcId !== null ? { icpc_id: org.icpcId } : {}),
          });
        continue;
      }
      const school = w.profileOf.get(t.id)?.school?.trim();
      if (school && !out.has(organizationIdOf(school)))
        out.set(organizationIdOf(school), {
          id: organizationIdOf(school),
          name: school,
          formal_name: school,
        });
    }
    return [...out.values()];
  }

  /** Accounts and persons: everything for admins, one's own for a team, nothing for the public. */
  async function accounts(v: ContestView): Promise<CcsAccount[]> {
    if (v.perspective === 'public') return [];
    const w = await world(v);
    return [...w.teams.values()]
      .filter((t) => v.perspective === 'admin' || t.id === v.team)
      .map((t) => ({
        id: t.id,
        username: t.label,
        name: t.name,
        type: 'team' as const,
        team_id: t.id,
        person_id: t.id,
      }));
  }

  async function persons(v: ContestView): Promise<CcsPerson[]> {
    if (v.perspective === 'public') return [];
    const w = await world(v);
    return [...w.teams.values()]
      .filter((t) => v.perspective === 'admin' || t.id === v.team)
      .map((t) => {
        const p = w.profileOf.get(t.id)!;
        return {
          id: t.id,
          name: p.realname?.trim() || p.username,
          team_ids: [t.id],
          role: 'contestant' as const,
        };
      });
  }

  /** Whether this caller sees the result of a submission of `uid` made at `submitTime`. */
  function resultHidden(v: ContestView, uid: string, submitTime: Date): boolean {
    if (v.perspective === 'admin' || uid === v.team) return false;
    return v.sealed && sealHides(submitTime.getTime(), v.times);
  }

  const mayReadSource = (v: ContestView, uid: string) => v.perspective === 'admin' || uid === v.team;

  async function submissions(v: ContestView): Promise<CcsSubmission[]> {
    const [w, probs] = await Promise.all([world(v), problemList(v)]);
    const idOf = new Map(probs.map((p) => [p.cpid, p.id]));
    return w.subs.map((s) => {
      const language = languageIdOf(s.language);
      const out: CcsSubmission = {
        id: String(s.submitId),
        language_id: language,
        problem_id: idOf.get(s.cpid) ?? `p${s.cpid}`,
        team_id: s.uid,
        time: ccsTime(s.submitTime.getTime()),
        contest_time: relTime(s.submitTime.getTime() - v.times.startTime),
        files: mayReadSource(v, s.uid)
          ? [
              {
                href: `contests/${v.c.id}/submissions/${s.submitId}/files`,
                mime: 'application/zip',
                filename: 'files.zip',
              },
            ]
          : [],
      };
      // Java runs class Main; the others have no entry point (null: the 2023-06 schema's oneOf for
      // c/cpp only passes with the property present and null).
      out.entry_point = language === 'java' ? 'Main' : null;
      return out;
    });
  }

  async function judgements(v: ContestView): Promise<CcsJudgement[]> {
    const w = await world(v);
    return w.subs.map((s) => judgementOf(v, s));
  }

  function judgementOf(v: ContestView, s: repo.CcsSubmissionRow): CcsJudgement {
    const start = s.submitTime.getTime();
    const out: CcsJudgement = {
      id: String(s.submitId),
      submission_id: String(s.submitId),
      start_time: ccsTime(start),
      start_contest_time: relTime(start - v.times.startTime),
    };
    const type = judgementTypeOf(s.status);
    if (type === null || resultHidden(v, s.uid, s.submitTime)) return out;
    const end = Math.max(start, s.modified.getTime());
    out.judgement_type_id = type;
    out.end_time = ccsTime(end);
    out.end_contest_time = relTime(end - v.times.startTime);
    out.max_run_time = s.time === null ? null : s.time / 1000;
    if (v.c.type === 1) out.score = Math.max(0, s.score ?? 0);
    return out;
  }

  /** Runs (test cases) of final judgements: for admins and the team's own submissions only. */
  async function runs(v: ContestView): Promise<CcsRun[]> {
    if (v.perspective === 'public') return [];
    const w = await world(v);
    const shown = w.subs.filter((s) => mayReadSource(v, s.uid) && judgementTypeOf(s.status) !== null);
    const bySubmission = new Map(shown.map((s) => [s.submitId, s]));
    const out: CcsRun[] = [];
    const ordinals = new Map<number, number>();
    for (const r of await repo.caseResults(
      db,
      shown.map((s) => s.submitId),
    )) {
      const s = bySubmission.get(r.submitId);
      const type = judgementTypeOf(r.status);
      if (!s || type === null) continue;
      const ordinal = (ordinals.get(r.submitId) ?? 0) + 1;
      ordinals.set(r.submitId, ordinal);
      const end = Math.max(s.submitTime.getTime(), s.modified.getTime());
      const run: CcsRun = {
        id: String(r.id),
        judgement_id: String(s.submitId),
        ordinal: r.seq ?? ordinal,
        judgement_type_id: type,
        time: ccsTime(end),
        contest_time: relTime(end - v.times.startTime),
      };
      if (r.time !== null) run.run_time = r.time / 1000;
      out.push(run);
    }
    return out;
  }

  /**
   * The contest Q&A as clarifications: a participant's comment is a question from its team; the
   * contest admins' comments are announcements to all; replies answer their comment (an admin's
   * reply goes to the asking team). The public sees announcements only; a team, its own too.
   */
  async function clarifications(v: ContestView): Promise<CcsClarification[]> {
    const [{ comments, replies }, w] = await Promise.all([repo.contestQa(db, v.c.id), world(v)]);
    const isJury = (uid: string, role: string) => role === 'root' || role === 'admin' || uid === v.c.uid;
    const askedBy = new Map<number, string | null>();
    const out: CcsClarification[] = [];
    const at = (d: Date) => ({
      time: ccsTime(d.getTime()),
      contest_time: relTime(d.getTime() - v.times.startTime),
    });
    const teamId = (uid: string) => (w.teams.has(uid) ? uid : null);
    for (const c of comments) {
      const from = isJury(c.fromUid, c.fromRole) ? null : teamId(c.fromUid);
      askedBy.set(c.id, from);
      if (!isJury(c.fromUid, c.fromRole) && from === null) continue;
      out.push({
        id: `c${c.id}`,
        from_team_id: from,
        to_team_id: null,
        reply_to_id: null,
        problem_id: null,
        text: c.content,
        ...at(c.created),
      });
    }
    for (const r of replies) {
      if (!askedBy.has(r.commentId)) continue;
      const jury = isJury(r.fromUid, r.fromRole);
      const from = jury ? null : teamId(r.fromUid);
      if (!jury && from === null) continue;
      const to = jury ? (askedBy.get(r.commentId) ?? null) : null;
      out.push({
        id: `r${r.id}`,
        from_team_id: from,
        to_team_id: to,
        reply_to_id: `c${r.commentId}`,
        problem_id: null,
        text: r.content,
        ...at(r.created),
      });
    }
    if (v.perspective === 'admin') return out;
    return out.filter(
      (x) =>
        (x.from_team_id === null && x.to_team_id === null) ||
        (v.team !== null && (x.from_team_id === v.team || x.to_team_id === v.team)),
    );
  }

  /** Our board's rows for this caller: the sealed board while it hides, stars left out. */
  async function boardRows(v: ContestView) {
    const { rows } = await deps.scoreboards.rankedRows(v.c, { sealed: v.sealed, containsEnd: false }, true);
    return rows;
  }

  async function boardProblems(v: ContestView): Promise<BoardProblem[]> {
    return (await problemList(v)).map((p) => ({ id: p.id, displayId: p.displayId }));
  }

  async function scoreboard(v: ContestView): Promise<CcsScoreboard> {
    const [rows, probs, subs, cps] = await Promise.all([
      boardRows(v),
      boardProblems(v),
      repo.contestSubmissions(db, v.c.id),
      repo.contestProblems(db, v.c.id),
    ]);
    const displayOf = new Map(cps.map((p) => [p.id, p.display_id]));
    const counted = subs
      .filter((s) => displayOf.has(s.cpid))
      .map((s) => ({
        uid: s.uid,
        displayId: displayOf.get(s.cpid)!,
        submitTime: s.submitTime.getTime(),
        status: s.status,
        score: s.score,
        // The board's counts follow the board's seal, the caller's own submissions included.
        hidden: v.sealed && sealHides(s.submitTime.getTime(), v.times),
      }));
    const now = deps.now();
    const type = v.c.type === 1 ? 1 : 0;
    const rule = v.c.oiRankScoreType === 'Highest' ? 'Highest' : 'Recent';
    return {
      time: ccsTime(now),
      contest_time: relTime(Math.min(Math.max(now, v.times.startTime), v.times.endTime) - v.times.startTime),
      state: state(v),
      rows: scoreboardRowsOf(rows, type, probs, cellCounts(counted, v.times), rule),
    };
  }

  async function awards(v: ContestView): Promise<CcsAward[]> {
    const [rows, probs] = await Promise.all([boardRows(v), boardProblems(v)]);
    return awardsOf(rows, v.c.type === 1 ? 1 : 0, probs, v.c.awardConfig, v.c.awardType);
  }

  /** The source of one submission as a zip, for admins and its own team. */
  async function submissionFiles(v: ContestView, id: string): Promise<{ name: string; bytes: Uint8Array }> {
    const submitId = /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : null;
    const row = submitId === null ? null : await repo.submissionCode(db, v.c.id, submitId);
    if (!row) throw new CcsError(404, `submission ${id} not found`);
    const w = await world(v);
    if (!w.teams.has(row.uid)) throw new CcsError(404, `submission ${id} not found`);
    if (v.perspective === 'public') throw new CcsError(401, 'sources need credentials');
    if (!mayReadSource(v, row.uid))
      throw new CcsError(403, 'the source of this submission is not yours to read');
    const ext = extensionsOf(row.language, '')[0] ?? 'txt';
    const file = languageIdOf(row.language) === 'java' ? 'Main.java' : `main.${ext}`;
    return { name: `submission-${id}.zip`, bytes: zipSync({ [file]: strToU8(row.code) }) };
  }

  return {
    apiInfo,
    view,
    contests,
    contestOf,
    state,
    access,
    judgementTypes,
    languages,
    problems,
    groups,
    organizations,
    teams,
    accounts,
    persons,
    submissions,
    judgements,
    runs,
    clarifications,
    awards,
    scoreboard,
    submissionFiles,
  };
}

export type CcsService = ReturnType<typeof createCcsService>;
