// A Contest API event feed read into what our scroll boards reveal (issue #24 item 7).
// Lines are NDJSON events: 2023-06 `{type, id, data, token}` (data null deletes the object,
// an array replaces the whole collection) and the older `{type, op, data, id}` (op
// create/update/delete, id being the event's). The objects are read loosely (only the
// properties the boards need); pass-fail feeds become the ACM resolver's submissions, score feeds
// the OI resolver's sealed and final cells folded by our OI board (Scoreboard).
import { Scoreboard, recordStatusOf, type BoardSubmission } from '@oj/protocol/contest/scoreboard';
import type { CcsFeedBoard, CcsFeedSubmission } from '@oj/protocol/contest/ccs-import';
import type { OiScrollHidden, OiScrollRow } from '@oj/protocol/contest/scroll-board';
import { JudgeStatus } from '@oj/protocol';
import { M } from './messages';
import { scrollBoardDate } from '../rules';

type Obj = Record<string, unknown>;

/** The feed's objects, by collection then id, after every event was applied in order. */
export interface FeedState {
  contest: Obj | null;
  state: Obj | null;
  collections: Map<string, Map<string, Obj>>;
  lines: number;
  skipped: number;
}

/** Collections kept (singular older names are folded into the 2023-06 ones). */
const COLLECTIONS = new Set([
  'judgement-types',
  'problems',
  'groups',
  'organizations',
  'teams',
  'submissions',
  'judgements',
]);

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const idOf = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

/** Applies every line of the feed in order (keep-alive blank lines and broken lines skipped). */
export function readEventFeed(text: string): FeedState {
  const st: FeedState = { contest: null, state: null, collections: new Map(), lines: 0, skipped: 0 };
  for (const c of COLLECTIONS) st.collections.set(c, new Map());
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    st.lines++;
    let ev: unknown;
    try {
      ev = JSON.parse(line);
    } catch {
      st.skipped++;
      continue;
    }
    if (!isObj(ev) || typeof ev.type !== 'string') {
      st.skipped++;
      continue;
    }
    if (!apply(st, ev)) st.skipped++;
  }
  return st;
}

function apply(st: FeedState, ev: Obj): boolean {
  const type = ev.type as string;
  const old = typeof ev.op === 'string';
  const data = ev.data;
  const deleting = old ? ev.op === 'delete' : data === null;
  if (type === 'contest' || type === 'contests') {
    if (deleting) st.contest = null;
    else if (isObj(data)) st.contest = data;
    else return false;
    return true;
  }
  if (type === 'state') {
    if (isObj(data)) st.state = data;
    return isObj(data) || data === null;
  }
  const coll = st.collections.get(type);
  if (!coll) return false;
  if (!old && Array.isArray(data)) {
    // 2023-06: the whole collection at once.
    coll.clear();
    for (const o of data) {
      const id = isObj(o) ? idOf(o.id) : null;
      if (id) coll.set(id, o as Obj);
    }
    return true;
  }
  // The object's id: `id` of a 2023-06 event, `data.id` of an older one (whose `id` is the event's).
  const id = old
    ? isObj(data)
      ? idOf(data.id)
      : null
    : (idOf(ev.id) ?? (isObj(data) ? idOf(data.id) : null));
  if (!id) return false;
  if (deleting) coll.delete(id);
  else if (isObj(data)) coll.set(id, data);
  else return false;
  return true;
}

/** ISO 8601 TIME as the spec writes it (offsets "+01", "+0100", "+01:00", "Z") → epoch ms. */
export function parseTime(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  let s = v.trim();
  s = s.replace(/([+-]\d{2})$/, '$1:00').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : null;
}

/** RELTIME "(-)h:mm:ss(.uuu)" → ms; a plain number is taken as minutes (older penalty_time). */
export function parseRelTime(v: unknown, numberUnitMs = 60_000): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v * numberUnitMs;
  if (typeof v !== 'string') return null;
  const m = /^(-)?(\d+):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$/.exec(v.trim());
  if (!m) return null;
  const ms = (+m[2]! * 3600 + +m[3]! * 60 + +m[4]!) * 1000 + (m[5] ? +m[5].padEnd(3, '0') : 0);
  return m[1] ? -ms : ms;
}

/** Well-known judgement type ids → our judge statuses (the type's own flags decide the rest). */
const KNOWN: Record<string, number> = {
  AC: JudgeStatus.ACCEPTED,
  WA: JudgeStatus.WRONG_ANSWER,
  TLE: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MLE: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  RTE: JudgeStatus.RUNTIME_ERROR,
  RE: JudgeStatus.RUNTIME_ERROR,
  PE: JudgeStatus.PRESENTATION_ERROR,
  CE: JudgeStatus.COMPILE_ERROR,
};

/**
 * A judgement type → our status: a solved type is AC; a known id keeps its status when its
 * penalty flag agrees with ours; else a penalised type counts as Wrong Answer and an unpenalised
 * one as Compile Error (an attempt without penalty).
 */
export function statusOfJudgementType(id: string, type: Obj | undefined): number {
  const solved = type ? type.solved === true : id === 'AC';
  if (solved) return JudgeStatus.ACCEPTED;
  const known = KNOWN[id.toUpperCase()];
  const penalty =
    type && typeof type.penalty === 'boolean' ? type.penalty : known !== JudgeStatus.COMPILE_ERROR;
  if (known !== undefined && known !== JudgeStatus.ACCEPTED && (recordStatusOf(known) === -1) === penalty)
    return known;
  return penalty ? JudgeStatus.WRONG_ANSWER : JudgeStatus.COMPILE_ERROR;
}

export class FeedError extends Error {}

interface Judged {
  teamId: string;
  label: string;
  time: number;
  order: number;
  status: number;
  score: number | null;
  runMs: number | null;
}

/** The feed's contest, problems, teams and judged submissions as our scroll boards take them. */
export function feedBoard(st: FeedState): CcsFeedBoard {
  const c = st.contest;
  const start = c ? parseTime(c.start_time) : null;
  const duration = c ? parseRelTime(c.duration, 60_000) : null;
  if (!c || start === null || duration === null) throw new FeedError(M.FEED_NO_CONTEST);
  const end = start + duration;
  const freezeLen = parseRelTime(c.scoreboard_freeze_duration, 60_000);
  const freezeTime = freezeLen !== null && freezeLen > 0 ? end - freezeLen : null;
  const penalty = parseRelTime(c.penalty_time, 60_000);
  const score = c.scoreboard_type === 'score';

  const coll = (name: string) => st.collections.get(name)!;
  const problems = [...coll('problems').entries()]
    .map(([id, p]) => ({
      id,
      label: typeof p.label === 'string' && p.label ? p.label : id,
      ordinal: typeof p.ordinal === 'number' ? p.ordinal : Number.MAX_SAFE_INTEGER,
      color: typeof p.rgb === 'string' ? p.rgb : null,
      maxScore: typeof p.max_score === 'number' ? p.max_score : null,
    }))
    .sort((a, b) => a.ordinal - b.ordinal || a.label.localeCompare(b.label));
  if (!problems.length) throw new FeedError(M.FEED_NO_PROBLEMS);
  const labelOf = new Map(problems.map((p) => [p.id, p.label]));
  const maxScoreOf = new Map(problems.map((p) => [p.id, p.maxScore]));

  // Hidden teams (the team's own flag, or a hidden group of the older specs) are left out.
  const hiddenGroups = new Set(
    [...coll('groups').entries()].filter(([, g]) => g.hidden === true).map(([id]) => id),
  );
  const orgs = coll('organizations');
  const teams = new Map<string, { name: string; school: string | null }>();
  let hiddenTeams = 0;
  for (const [id, t] of coll('teams')) {
    const groups = Array.isArray(t.group_ids) ? t.group_ids.map(idOf) : [];
    if (t.hidden === true || groups.some((g) => g !== null && hiddenGroups.has(g))) {
      hiddenTeams++;
      continue;
    }
    const org = idOf(t.organization_id) ? orgs.get(idOf(t.organization_id)!) : undefined;
    const name =
      (typeof t.display_name === 'string' && t.display_name) || (typeof t.name === 'string' && t.name) || id;
    const school = org ? (typeof org.name === 'string' && org.name) || null : null;
    teams.set(id, { name, school });
  }

  // The judgement in force per submission: the latest one in the feed with a judgement type.
  const verdict = new Map<string, Obj>();
  for (const j of coll('judgements').values()) {
    const sid = idOf(j.submission_id);
    if (sid && idOf(j.judgement_type_id)) verdict.set(sid, j);
  }
  const types = coll('judgement-types');
  const judged: Judged[] = [];
  let pending = 0;
  let order = 0;
  for (const [sid, s] of coll('submissions')) {
    order++;
    const teamId = idOf(s.team_id);
    const label = labelOf.get(idOf(s.problem_id) ?? '');
    if (!teamId || !teams.has(teamId) || label === undefined) continue;
    const time = parseTime(s.time) ?? (parseRelTime(s.contest_time, 60_000) ?? NaN) + start;
    if (!Number.isFinite(time) || time < start || time >= end) continue;
    const j = verdict.get(sid);
    if (!j) {
      pending++;
      continue;
    }
    const typeId = idOf(j.judgement_type_id)!;
    const status = statusOfJudgementType(typeId, types.get(typeId));
    const maxScore = maxScoreOf.get(idOf(s.problem_id)!) ?? 100;
    const sc =
      typeof j.score === 'number' && Number.isFinite(j.score)
        ? j.score
        : status === JudgeStatus.ACCEPTED
          ? maxScore
          : 0;
    const run = typeof j.max_run_time === 'number' ? Math.round(j.max_run_time * 1000) : null;
    judged.push({ teamId, label, time, order, status, score: sc, runMs: run });
  }
  judged.sort((a, b) => a.time - b.time || a.order - b.order);

  const base = {
    contestName:
      (typeof c.formal_name === 'string' && c.formal_name) || (typeof c.name === 'string' && c.name) || '',
    startTime: start,
    endTime: end,
    freezeTime,
    penaltyMinutes: penalty === null ? 20 : Math.round(penalty / 60_000),
    problems: problems.map((p) => p.label),
    colors: Object.fromEntries(
      problems.map((p) => [p.label, p.color ? `#${p.color.replace(/^#/, '')}` : null]),
    ),
    stats: { lines: st.lines, skipped: st.skipped, pending, hiddenTeams },
  };
  if (!score) {
    const submissions: CcsFeedSubmission[] = judged.map((j, i) => ({
      uid: j.teamId,
      username: j.teamId,
      name: teams.get(j.teamId)!.name,
      school: teams.get(j.teamId)!.school,
      submitId: i + 1,
      status: j.status,
      submitTime: j.time,
      displayId: j.label,
    }));
    return { ...base, kind: 'acm', submissions };
  }
  return { ...base, kind: 'oi', board: oiBoard(judged, teams, base.problems, start, end, freezeTime) };
}

/** The OI resolver's input folded by our OI board: sealed at the freeze, final at the end. */
function oiBoard(
  judged: Judged[],
  teams: Map<string, { name: string; school: string | null }>,
  problems: string[],
  start: number,
  end: number,
  freezeTime: number | null,
) {
  const subs: BoardSubmission[] = judged.map((j, i) => ({
    submitId: i + 1,
    uid: j.teamId,
    username: j.teamId,
    displayId: j.label,
    submitTime: j.time,
    status: recordStatusOf(j.status),
    score: j.score,
    useTime: j.runMs,
  }));
  const board = Scoreboard.recompute(
    {
      type: 1,
      startTime: start,
      endTime: end,
      sealRankTime: freezeTime,
      // The Contest API's score board counts a team's best score per problem.
      oiRankScoreType: 'Highest',
      excludedUids: [],
      starUsernames: [],
      awardType: null,
      awards: [],
      rankShowName: 'nickname',
    },
    subs,
    [...teams].map(([uid, t]) => ({
      uid,
      username: uid,
      nickname: t.name,
      realname: null,
      school: t.school,
      gender: null,
      avatar: null,
    })),
  );
  const after = board.oiCells('real');
  const before = freezeTime === null ? after : board.oiCells('sealed');
  const hidden = new Map<string, Record<string, OiScrollHidden[]>>();
  if (freezeTime !== null)
    for (const [i, j] of judged.entries()) {
      if (j.time < freezeTime) continue;
      const mine = hidden.get(j.teamId) ?? {};
      hidden.set(j.teamId, mine);
      (mine[j.label] ??= []).push({
        submitId: i + 1,
        status: j.status,
        score: j.score,
        submitTime: scrollBoardDate(new Date(j.time))!,
      });
    }
  const afterOf = new Map(after.map((r) => [r.uid, r.cells]));
  const beforeOf = new Map(before.map((r) => [r.uid, r.cells]));
  const order = before.map((r) => r.uid);
  for (const r of after) if (!beforeOf.has(r.uid)) order.push(r.uid);
  const rows: OiScrollRow[] = order.map((uid) => ({
    uid,
    username: uid,
    nickname: teams.get(uid)?.name ?? uid,
    realname: null,
    school: teams.get(uid)?.school ?? null,
    before: beforeOf.get(uid) ?? {},
    after: afterOf.get(uid) ?? {},
    hidden: hidden.get(uid) ?? {},
  }));
  return { problems, rows };
}
