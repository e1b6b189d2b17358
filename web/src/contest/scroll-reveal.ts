// The scroll board (resolver) as pure functions: build the sealed board from the contest's
// submissions, then reveal one pending (user, problem) cell at a time, lowest-ranked user first.
import { recordStatusOf } from '@oj/protocol/contest/scoreboard';

/** Minutes of penalty per rejected attempt before the AC. */
export const PENALTY_SECONDS = 20 * 60;

export interface ScrollInputSubmission {
  uid: string;
  username: string;
  /** Name shown on the board. */
  name: string;
  school: string | null;
  submitId: number;
  status: number;
  /** Epoch ms. */
  submitTime: number;
  displayId: string;
}

export interface ScrollCell {
  solved: boolean;
  /** Seconds from the start, when solved. */
  acTime: number | null;
  /** Rejected attempts counted (before the AC). */
  errors: number;
  /** Attempts made after the seal, still hidden. */
  pending: number;
  /** Hidden attempts in submit order (revealed all at once for this cell). */
  hidden: { status: number; time: number }[];
}

export interface ScrollTeam {
  uid: string;
  username: string;
  name: string;
  school: string | null;
  star: boolean;
  cells: Record<string, ScrollCell>;
  solved: number;
  penalty: number;
  /** Time of the last AC, for ties. */
  lastAc: number;
}

export interface ScrollState {
  problems: string[];
  teams: ScrollTeam[];
}

export interface RevealStep {
  uid: string;
  displayId: string;
  solved: boolean;
  fromIndex: number;
  toIndex: number;
}

function emptyCell(): ScrollCell {
  return { solved: false, acTime: null, errors: 0, pending: 0, hidden: [] };
}

/** Applies one judged attempt to a visible cell (ACM rules: nothing counts after the AC). */
function apply(cell: ScrollCell, status: number, time: number): void {
  if (cell.solved) return;
  const rec = recordStatusOf(status);
  if (rec === 1) {
    cell.solved = true;
    cell.acTime = time;
  } else if (rec === -1) cell.errors++;
}

function totals(team: ScrollTeam): void {
  let solved = 0;
  let penalty = 0;
  let lastAc = 0;
  for (const c of Object.values(team.cells)) {
    if (!c.solved || c.acTime === null) continue;
    solved++;
    penalty += c.acTime + c.errors * PENALTY_SECONDS;
    lastAc = Math.max(lastAc, c.acTime);
  }
  team.solved = solved;
  team.penalty = penalty;
  team.lastAc = lastAc;
}

/** Board order: more solved, less penalty, earlier last AC, then username. */
export function compareTeams(a: ScrollTeam, b: ScrollTeam): number {
  return (
    b.solved - a.solved ||
    a.penalty - b.penalty ||
    a.lastAc - b.lastAc ||
    (a.username < b.username ? -1 : a.username > b.username ? 1 : 0)
  );
}

/**
 * The sealed board: attempts before the seal are applied, attempts from the seal on are hidden.
 * Attempts before the start and cancelled ones are ignored; pending verdicts never count.
 */
export function buildSealedBoard(input: {
  problems: readonly string[];
  submissions: readonly ScrollInputSubmission[];
  startTime: number;
  sealTime: number;
  starUsernames?: readonly string[];
}): ScrollState {
  const stars = new Set(input.starUsernames ?? []);
  const teams = new Map<string, ScrollTeam>();
  const known = new Set(input.problems);
  const ordered = [...input.submissions].sort(
    (a, b) => a.submitTime - b.submitTime || a.submitId - b.submitId,
  );
  for (const s of ordered) {
    if (!known.has(s.displayId) || s.submitTime < input.startTime) continue;
    let team = teams.get(s.uid);
    if (!team) {
      team = {
        uid: s.uid,
        username: s.username,
        name: s.name,
        school: s.school,
        star: stars.has(s.username),
        cells: {},
        solved: 0,
        penalty: 0,
        lastAc: 0,
      };
      teams.set(s.uid, team);
    }
    const cell = (team.cells[s.displayId] ??= emptyCell());
    const time = Math.floor((s.submitTime - input.startTime) / 1000);
    if (s.submitTime >= input.sealTime) {
      if (cell.solved || recordStatusOf(s.status) === null) continue;
      cell.pending++;
      cell.hidden.push({ status: s.status, time });
    } else apply(cell, s.status, time);
  }
  const list = [...teams.values()];
  list.forEach(totals);
  list.sort(compareTeams);
  return { problems: [...input.problems], teams: list };
}

/** The next cell to reveal: the lowest-ranked team with a hidden cell, its first such problem. */
export function nextReveal(state: ScrollState): { index: number; displayId: string } | null {
  for (let i = state.teams.length - 1; i >= 0; i--) {
    const team = state.teams[i]!;
    const displayId = state.problems.find((p) => (team.cells[p]?.pending ?? 0) > 0);
    if (displayId) return { index: i, displayId };
  }
  return null;
}

/** Reveals one cell; returns the new state (input untouched) and what happened, or null when done. */
export function revealNext(state: ScrollState): { state: ScrollState; step: RevealStep } | null {
  const at = nextReveal(state);
  if (!at) return null;
  const teams = state.teams.map((t) => t);
  const old = teams[at.index]!;
  const oldCell = old.cells[at.displayId]!;
  const cell: ScrollCell = { ...oldCell, hidden: [], pending: 0 };
  for (const h of oldCell.hidden) apply(cell, h.status, h.time);
  const team: ScrollTeam = { ...old, cells: { ...old.cells, [at.displayId]: cell } };
  totals(team);
  teams[at.index] = team;
  teams.sort(compareTeams);
  const toIndex = teams.indexOf(team);
  return {
    state: { problems: state.problems, teams },
    step: { uid: team.uid, displayId: at.displayId, solved: cell.solved, fromIndex: at.index, toIndex },
  };
}

/** Reveals everything: the final board. */
export function revealAll(state: ScrollState): ScrollState {
  let cur = state;
  for (let next = revealNext(cur); next; next = revealNext(cur)) cur = next.state;
  return cur;
}

export type Medal = 'gold' | 'silver' | 'bronze' | null;

export interface MedalCounts {
  gold: number;
  silver: number;
  bronze: number;
}

/** Default medal counts: floor of 10 %, 20 % and 30 % of the ranked total (spec §5). */
export function defaultMedals(ranked: number): MedalCounts {
  return {
    gold: Math.floor(ranked * 0.1),
    silver: Math.floor(ranked * 0.2),
    bronze: Math.floor(ranked * 0.3),
  };
}

/**
 * Medal counts from the contest's award config (first three rows by priority: gold, silver,
 * bronze): a proportion in % of the ranked total (awardType 1) or a count (2); null without awards.
 */
export function medalsFromAwards(
  awardType: number | null | undefined,
  awards: readonly { priority?: number | null; num: number | null }[] | null | undefined,
  ranked: number,
): MedalCounts | null {
  if ((awardType !== 1 && awardType !== 2) || !awards || awards.length === 0) return null;
  const sorted = [...awards].sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0));
  const count = (i: number) => {
    const n = Math.max(0, sorted[i]?.num ?? 0);
    return awardType === 1 ? Math.floor((ranked * n) / 100) : n;
  };
  return { gold: count(0), silver: count(1), bronze: count(2) };
}

/** Ranks (1-based, star teams get null and do not take a place) and medals by rank. */
export function ranksAndMedals(
  /** `solved`: what earns a medal when > 0 (ACM: problems solved; OI: total score). */
  teams: readonly Pick<ScrollTeam, 'star' | 'solved'>[],
  medals: MedalCounts,
): { rank: number | null; medal: Medal }[] {
  let place = 0;
  return teams.map((t) => {
    if (t.star) return { rank: null, medal: null };
    place++;
    let medal: Medal = null;
    if (t.solved > 0) {
      if (place <= medals.gold) medal = 'gold';
      else if (place <= medals.gold + medals.silver) medal = 'silver';
      else if (place <= medals.gold + medals.silver + medals.bronze) medal = 'bronze';
    }
    return { rank: place, medal };
  });
}

/** Parses the scroll-board query (cid, removeStar, medals[] gold/silver/bronze). */
export function parseScrollQuery(search: string): {
  cid: string | null;
  removeStar: boolean;
  medals: number[] | null;
} {
  const q = new URLSearchParams(search);
  const medals = q.getAll('medals[]').concat(q.getAll('medals')).map(Number);
  const valid = medals.length === 3 && medals.every((n) => Number.isInteger(n) && n >= 0);
  return { cid: q.get('cid'), removeStar: q.get('removeStar') === 'true', medals: valid ? medals : null };
}
