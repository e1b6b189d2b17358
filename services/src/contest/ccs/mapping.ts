// Pure mapping from our contest model to the ICPC Contest API 2023-06 objects (issue #24):
// times, verdict codes → judgement types, users → teams and organisations, contest problems →
// labels and colours, our board's rows → the Contest API scoreboard and awards. No I/O here;
// docs/compat.md ("Contest API") states the mapping in prose.
import { createHash } from 'node:crypto';
import type {
  AcmRankRow,
  AwardConfig,
  OiRankRow,
  RankRow,
  RankShowName,
  UserProfile,
} from '@oj/protocol/contest/scoreboard';
import { recordStatusOf } from '@oj/protocol/contest/scoreboard';
import type {
  CcsAward,
  CcsJudgementType,
  CcsLanguage,
  CcsScoreboardProblem,
  CcsScoreboardRow,
  CcsState,
  CcsTeam,
} from '@oj/protocol/contest/ccs/schemas';

/** Our times are shown at UTC+8 (the judge's home zone, as the scroll board's dates). */
export const CCS_OFFSET_MINUTES = 8 * 60;
/** Minutes charged per wrong try on our ACM board (PENALTY_SECONDS of the board). */
export const PENALTY_MINUTES = 20;

const two = (n: number) => String(n).padStart(2, '0');
const three = (n: number) => String(n).padStart(3, '0');

/** TIME: `2023-06-01T10:00:00.000+08:00` for epoch milliseconds. */
export function ccsTime(ms: number, offsetMinutes = CCS_OFFSET_MINUTES): string {
  const t = new Date(Math.floor(ms) + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const off = Math.abs(offsetMinutes);
  return (
    `${t.getUTCFullYear()}-${two(t.getUTCMonth() + 1)}-${two(t.getUTCDate())}` +
    `T${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())}.${three(t.getUTCMilliseconds())}` +
    `${sign}${two(Math.floor(off / 60))}:${two(off % 60)}`
  );
}

/** RELTIME: `(-)h:mm:ss.uuu` for a span in milliseconds. */
export function relTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const a = Math.floor(Math.abs(ms));
  const h = Math.floor(a / 3_600_000);
  const m = Math.floor((a % 3_600_000) / 60_000);
  const s = Math.floor((a % 60_000) / 1000);
  return `${sign}${h}:${two(m)}:${two(s)}.${three(a % 1000)}`;
}

/** The judgement types we produce, with the flags our ACM board applies to them. */
export const JUDGEMENT_TYPES: readonly CcsJudgementType[] = [
  { id: 'AC', name: 'Accepted', penalty: false, solved: true },
  { id: 'WA', name: 'Wrong Answer', penalty: true, solved: false },
  { id: 'TLE', name: 'Time Limit Exceeded', penalty: true, solved: false },
  { id: 'MLE', name: 'Memory Limit Exceeded', penalty: true, solved: false },
  { id: 'RTE', name: 'Run-Time Error', penalty: true, solved: false },
  { id: 'PE', name: 'Presentation Error', penalty: true, solved: false },
  { id: 'CE', name: 'Compile Error', penalty: false, solved: false },
  { id: 'RE', name: 'Rejected', penalty: false, solved: false },
  { id: 'JE', name: 'Judge Error', penalty: false, solved: false },
];

/**
 * Our judge status → judgement type id; null while the submission is not judged (pending,
 * compiling, judging, submitting, a remote submission that failed to reach its judge).
 */
export function judgementTypeOf(status: number): string | null {
  switch (status) {
    case 0:
      return 'AC';
    case -1:
      return 'WA';
    case 1:
      return 'TLE';
    case 2:
      return 'MLE';
    case 3:
      return 'RTE';
    case -3:
      return 'PE';
    case -2:
      return 'CE';
    case 4: // system error
    case -5: // submitted, result unknown
      return 'JE';
    case 8: // partial accepted (OI; no penalty on the ACM board)
    case -4: // cancelled
      return 'RE';
    default:
      return null;
  }
}

/** Types whose penalty flag must equal our board's rule (record status -1 = penalised). */
export function boardPenalises(status: number): boolean {
  return recordStatusOf(status) === -1;
}

const ID_RE = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,35}$/;
export const isCcsId = (s: string) => ID_RE.test(s);

/** A contest problem's ID: its display id when that is a valid ID, else `p<contest_problem.id>`. */
export function problemIdOf(displayId: string, cpid: number): string {
  return isCcsId(displayId) ? displayId : `p${cpid}`;
}

/** `#rgb` / `#rrggbb` colours pass; anything else has no rgb. */
export function rgbOf(color: string | null | undefined): string | undefined {
  return color && /^#[A-Fa-f0-9]{3}([A-Fa-f0-9]{3})?$/.test(color) ? color : undefined;
}

/** The organisation of a school name: a stable ID from its text. */
export function organizationIdOf(school: string): string {
  return `org-${createHash('sha1').update(school.trim()).digest('hex').slice(0, 12)}`;
}

/**
 * Contest API ids of the local languages that the CCS specification's known-languages table (and
 * Kattis) name: `C++` → `cpp`, `Golang` → `go`, `Common Lisp` → `lisp`. Other languages get an ID
 * from their name (languageIdOf).
 */
export const CCS_LANGUAGE_IDS: Readonly<Record<string, string>> = {
  C: 'c',
  'C++': 'cpp',
  Java: 'java',
  Python3: 'python3',
  Golang: 'go',
  'C#': 'csharp',
  PHP: 'php',
  'JavaScript Node': 'javascript',
  Ruby: 'ruby',
  Rust: 'rust',
  Pascal: 'pascal',
  Haskell: 'haskell',
  OCaml: 'ocaml',
  'Common Lisp': 'lisp',
  Perl: 'perl',
  Lua: 'lua',
  Fortran: 'fortran',
  Kotlin: 'kotlin',
};

/**
 * Other ids the same languages go by in contest archives: DOMjudge's defaults are file
 * extensions (`kt`, `hs`, `pas`, `f95`, `py3`), and this site's earlier ids (`golang`).
 */
const CCS_LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  py3: 'python3',
  golang: 'go',
  cs: 'csharp',
  'c#': 'csharp',
  js: 'javascript',
  nodejs: 'javascript',
  'javascript-node': 'javascript',
  rb: 'ruby',
  rs: 'rust',
  pas: 'pascal',
  fpc: 'pascal',
  hs: 'haskell',
  ml: 'ocaml',
  cl: 'lisp',
  'common-lisp': 'lisp',
  sbcl: 'lisp',
  pl: 'perl',
  f90: 'fortran',
  f95: 'fortran',
  kt: 'kotlin',
};

/**
 * A language's ID from its name: the known id (`C++` → `cpp`, `Common Lisp` → `lisp`), else a slug
 * of the name (`C++ 17 With O2` → `cpp-17-with-o2`).
 */
export function languageIdOf(name: string): string {
  const known = CCS_LANGUAGE_IDS[name];
  if (known) return known;
  const slug = name
    .toLowerCase()
    .replace(/\+\+/g, 'pp')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const id = slug || 'lang';
  return isCcsId(id) ? id : `lang-${createHash('sha1').update(name).digest('hex').slice(0, 12)}`;
}

/** Source file extensions by the language's content type (or name). */
export function extensionsOf(name: string, contentType: string): string[] {
  const t = `${contentType} ${name}`.toLowerCase();
  if (t.includes('c++') || t.includes('cpp')) return ['cpp', 'cc', 'cxx'];
  if (t.includes('x-csrc') || /^c( |$)/.test(name.toLowerCase())) return ['c'];
  if (t.includes('java')) return ['java'];
  if (t.includes('python') || t.includes('pypy')) return ['py'];
  if (t.includes('x-go') || t.includes('golang')) return ['go'];
  if (t.includes('javascript')) return ['js'];
  if (t.includes('csharp') || t.includes('c#')) return ['cs'];
  if (t.includes('php')) return ['php'];
  if (t.includes('ruby')) return ['rb'];
  if (t.includes('rust')) return ['rs'];
  if (t.includes('pascal')) return ['pas'];
  if (t.includes('haskell')) return ['hs'];
  if (t.includes('ocaml')) return ['ml'];
  if (t.includes('lisp')) return ['lisp', 'cl'];
  if (t.includes('perl')) return ['pl'];
  if (t.includes('lua')) return ['lua'];
  if (t.includes('fortran')) return ['f90', 'f95', 'f03', 'f08'];
  if (t.includes('kotlin')) return ['kt'];
  return [languageIdOf(name)];
}

/**
 * The local language (one of `names`, the site's languages) that a Contest API or Kattis language
 * id names: a language's own ID, else the known id an alias stands for. null: none of them (e.g.
 * `python2`, which this judge cannot run).
 */
export function languageNameOfId(id: string, names: readonly string[]): string | null {
  const wanted = id.trim().toLowerCase();
  const byId = new Map(names.map((n) => [languageIdOf(n), n]));
  return byId.get(wanted) ?? byId.get(CCS_LANGUAGE_ALIASES[wanted] ?? '') ?? null;
}

export function languageOf(row: { name: string; contentType: string }): CcsLanguage {
  const java = /java/i.test(row.name) && !/javascript/i.test(row.name);
  const base = {
    id: languageIdOf(row.name),
    name: row.name,
    entry_point_required: java,
    extensions: extensionsOf(row.name, row.contentType),
  };
  // Java programs here are class Main (the judge compiles Main.java).
  return java ? { ...base, entry_point_name: 'Main' } : base;
}

/** The name a team shows: the contest's rank-show-name setting, falling back to the username. */
export function teamNameOf(p: Pick<UserProfile, 'username' | 'realname' | 'nickname'>, show: RankShowName) {
  const v = show === 'realname' ? p.realname : show === 'nickname' ? p.nickname : p.username;
  return v && v.trim() ? v : p.username;
}

export const PARTICIPANTS_GROUP = 'participants';
/** Star (unofficial) accounts: a group of hidden teams. */
export const UNOFFICIAL_GROUP = 'unofficial';

export function teamOf(
  p: Pick<UserProfile, 'uid' | 'username' | 'realname' | 'nickname' | 'school'>,
  o: { show: RankShowName; star: boolean; hidden: boolean },
): CcsTeam {
  const school = p.school?.trim();
  return {
    id: p.uid,
    name: teamNameOf(p, o.show),
    label: p.username,
    display_name: teamNameOf(p, o.show),
    organization_id: school ? organizationIdOf(school) : null,
    group_ids: [o.star ? UNOFFICIAL_GROUP : PARTICIPANTS_GROUP],
    hidden: o.hidden,
  };
}

/** The contest fields the state and the seal read (epoch milliseconds). */
export interface CcsContestTimes {
  startTime: number;
  endTime: number;
  sealRank: boolean;
  sealRankTime: number | null;
  autoRealRank: boolean;
}

/** The seal window of our board: a seal time inside the contest. */
function freezeAt(c: CcsContestTimes): number | null {
  if (!c.sealRank || c.sealRankTime === null) return null;
  return c.sealRankTime < c.endTime ? Math.max(c.sealRankTime, c.startTime) : null;
}

/**
 * The contest state from our clock and seal settings: frozen at the seal time, thawed at the end
 * when the board unseals itself there (auto real rank), finalized at the end; end_of_updates once
 * ended and not frozen for good (a board sealed after the end has updates still to come).
 */
export function stateOf(c: CcsContestTimes, now: number): CcsState {
  const started = now >= c.startTime ? ccsTime(c.startTime) : null;
  const ended = now >= c.endTime ? ccsTime(c.endTime) : null;
  const seal = freezeAt(c);
  const frozen = seal !== null && now >= seal ? ccsTime(seal) : null;
  const thawed = frozen && ended && c.autoRealRank ? ccsTime(c.endTime) : null;
  const finalized = ended;
  const endOfUpdates = ended && (!frozen || thawed) ? ccsTime(c.endTime) : null;
  const state: CcsState = { started, ended, finalized, end_of_updates: endOfUpdates };
  if (frozen) state.frozen = frozen;
  if (thawed) state.thawed = thawed;
  return state;
}

/**
 * Whether a sealed board hides this submission's result: submitted in the seal window, as our
 * board's fold decides it (whole seconds from the start).
 */
export function sealHides(submitMs: number, c: CcsContestTimes): boolean {
  const seal = freezeAt(c);
  if (seal === null) return false;
  const t = Math.floor(Math.abs(submitMs - c.startTime) / 1000);
  const sealSec = Math.floor((seal - c.startTime) / 1000);
  const duration = Math.floor((c.endTime - c.startTime) / 1000);
  return submitMs >= c.startTime && t >= sealSec && t < duration;
}

/** A submission as the scoreboard's per-problem counts read it. */
export interface CountedSubmission {
  uid: string;
  displayId: string;
  submitTime: number;
  status: number;
  score: number | null;
  /** Hidden from this viewer by the seal. */
  hidden: boolean;
}

interface CellCount {
  judged: number;
  pending: number;
  /** Visible judged submissions in time order: [contest ms, score]. */
  scored: [number, number | null][];
}

/** Judged and pending counts per (team, problem) inside the contest, up to a visible accept. */
export function cellCounts(subs: readonly CountedSubmission[], c: CcsContestTimes) {
  const out = new Map<string, Map<string, CellCount>>();
  const sorted = [...subs].sort((a, b) => a.submitTime - b.submitTime);
  const solved = new Set<string>();
  for (const s of sorted) {
    if (s.submitTime < c.startTime || s.submitTime >= c.endTime) continue;
    const key = `${s.uid}\u0000${s.displayId}`;
    let byProblem = out.get(s.uid);
    if (!byProblem) out.set(s.uid, (byProblem = new Map()));
    let cell = byProblem.get(s.displayId);
    if (!cell) byProblem.set(s.displayId, (cell = { judged: 0, pending: 0, scored: [] }));
    if (s.hidden || recordStatusOf(s.status) === null) {
      cell.pending++;
      continue;
    }
    if (solved.has(key)) continue;
    cell.judged++;
    cell.scored.push([s.submitTime - c.startTime, s.score]);
    if (s.status === 0) solved.add(key);
  }
  return out;
}

export interface BoardProblem {
  id: string;
  displayId: string;
}

/**
 * Our board's ranked rows (stars removed) as Contest API rows: the same ranks, solved counts and
 * scores; times in whole minutes as the specification counts them.
 */
export function scoreboardRowsOf(
  rows: readonly RankRow[],
  type: 0 | 1,
  problems: readonly BoardProblem[],
  counts: ReturnType<typeof cellCounts>,
  oiRule: 'Recent' | 'Highest',
): CcsScoreboardRow[] {
  const out: CcsScoreboardRow[] = [];
  for (const row of rows) {
    if (row.rank < 1) continue;
    const mine = counts.get(row.uid);
    const cells: CcsScoreboardProblem[] = [];
    for (const p of problems) {
      const n = mine?.get(p.displayId);
      if (type === 0) {
        const cell = (row as AcmRankRow).submissionInfo[p.displayId];
        if (!cell && !n) continue;
        const solved = !!cell?.isAC;
        const entry: CcsScoreboardProblem = {
          problem_id: p.id,
          num_judged: n?.judged ?? 0,
          num_pending: n?.pending ?? 0,
          solved,
        };
        if (solved) entry.time = Math.floor((cell!.ACTime ?? 0) / 60);
        cells.push(entry);
      } else {
        const oi = row as OiRankRow;
        const has = Object.prototype.hasOwnProperty.call(oi.submissionInfo, p.displayId);
        if (!has && !n) continue;
        const score = oi.submissionInfo[p.displayId] ?? 0;
        const entry: CcsScoreboardProblem = {
          problem_id: p.id,
          num_judged: n?.judged ?? 0,
          num_pending: n?.pending ?? 0,
          score,
        };
        if (score !== 0) entry.time = Math.floor(scoringTime(n?.scored ?? [], score, oiRule) / 60_000);
        cells.push(entry);
      }
    }
    out.push({
      rank: row.rank,
      team_id: row.uid,
      score:
        type === 0
          ? { num_solved: (row as AcmRankRow).ac, total_time: Math.floor((row as AcmRankRow).totalTime / 60) }
          : { score: (row as OiRankRow).totalScore },
      problems: cells,
    });
  }
  return out;
}

/** When the kept OI score was made: the last judged submission (Recent) or the first reaching it. */
function scoringTime(scored: readonly [number, number | null][], score: number, rule: 'Recent' | 'Highest') {
  if (scored.length === 0) return 0;
  if (rule === 'Highest') {
    const first = scored.find(([, s]) => s === score);
    if (first) return Math.max(0, first[0]);
  }
  return Math.max(0, scored[scored.length - 1]![0]);
}

/** Award IDs of the well-known medals; other award names get `award-<n>`. */
export function awardIdOf(name: string, index: number): string {
  if (/gold|金/i.test(name)) return 'gold-medal';
  if (/silver|银/i.test(name)) return 'silver-medal';
  if (/bronze|铜/i.test(name)) return 'bronze-medal';
  if (/honou?rable|优秀/i.test(name)) return 'honorable-mention';
  return `award-${index + 1}`;
}

/**
 * Awards from the same board rows: the contest's award settings (medals and the like, as our
 * board assigns them), the winner (rank 1), and first to solve each problem (ACM).
 */
export function awardsOf(
  rows: readonly RankRow[],
  type: 0 | 1,
  problems: readonly BoardProblem[],
  awardConfig: readonly AwardConfig[],
  awardType: number | null,
): CcsAward[] {
  const ranked = rows.filter((r) => r.rank >= 1);
  const out: CcsAward[] = [];
  const winners = ranked.filter((r) => r.rank === 1).map((r) => r.uid);
  if (winners.length > 0) out.push({ id: 'winner', citation: 'Contest winner', team_ids: winners });
  if (awardType) {
    const used = new Set<string>();
    awardConfig.forEach((a, i) => {
      const team_ids = ranked.filter((r) => r.awardName === a.name).map((r) => r.uid);
      let id = awardIdOf(a.name, i);
      if (used.has(id)) id = `award-${i + 1}`;
      used.add(id);
      if (team_ids.length > 0) out.push({ id, citation: a.name, team_ids });
    });
  }
  if (type === 0) {
    problems.forEach((p, i) => {
      const team_ids = ranked
        .filter((r) => (r as AcmRankRow).submissionInfo[p.displayId]?.isFirstAC)
        .map((r) => r.uid);
      const id = isCcsId(`first-to-solve-${p.id}`) ? `first-to-solve-${p.id}` : `first-to-solve-${i + 1}`;
      if (team_ids.length > 0) out.push({ id, citation: `First to solve problem ${p.id}`, team_ids });
    });
  }
  return out;
}
