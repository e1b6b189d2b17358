// The OI scroll board (resolver, issue #26 item 9) as pure functions. The server sends each
// participant's cells on the sealed and on the final OI board (folded by the OI board itself);
// here a reveal only swaps one cell's sealed facts for its final ones and re-ranks the way the
// OI board orders rows: total score desc, total time (Σ fastest AC run) asc, first appearance
// (earliest kept record: time, then submit id), then uid.
import type {
  OiScrollBoard,
  OiScrollCell,
  OiScrollHidden,
  OiScrollRow,
} from '@oj/protocol/contest/scroll-board';

export interface OiTeamCell {
  /** What the board shows now (the sealed cell until revealed, then the final one). */
  shown: OiScrollCell | null;
  final: OiScrollCell | null;
  /** Judged submissions from the seal to the end, revealed with this cell. */
  hidden: OiScrollHidden[];
  pending: boolean;
}

export interface OiTeam {
  uid: string;
  username: string;
  name: string;
  school: string | null;
  star: boolean;
  cells: Record<string, OiTeamCell>;
  /** Total score of the shown cells. */
  score: number;
  /** Σ fastest AC run time (ms) of the shown cells. */
  time: number;
  firstTime: number;
  firstId: number;
}

export interface OiScrollState {
  problems: string[];
  teams: OiTeam[];
}

export interface OiRevealStep {
  uid: string;
  displayId: string;
  fromScore: number;
  toScore: number;
  fromIndex: number;
  toIndex: number;
}

function sameCell(a: OiScrollCell | undefined, b: OiScrollCell | undefined): boolean {
  if (!a || !b) return a === b;
  return a.score === b.score && a.time === b.time && a.firstTime === b.firstTime && a.firstId === b.firstId;
}

/** Totals over the shown cells (what the OI board adds per user). */
function totals(team: OiTeam): void {
  let score = 0;
  let time = 0;
  let firstTime = Infinity;
  let firstId = Infinity;
  for (const c of Object.values(team.cells)) {
    const s = c.shown;
    if (!s) continue;
    if (s.score !== null) score += s.score;
    if (s.time !== null) time += s.time;
    if (s.firstTime < firstTime || (s.firstTime === firstTime && s.firstId < firstId)) {
      firstTime = s.firstTime;
      firstId = s.firstId;
    }
  }
  team.score = score;
  team.time = time;
  team.firstTime = firstTime;
  team.firstId = firstId;
}

/**
 * The OI board's order: score desc, time asc, first appearance, uid. A team with nothing shown
 * yet (all its cells came after the seal) is not on the sealed board: it waits below the others.
 */
export function compareOiTeams(a: OiTeam, b: OiTeam): number {
  const offA = a.firstTime === Infinity;
  const offB = b.firstTime === Infinity;
  if (offA !== offB) return offA ? 1 : -1;
  if (a.score !== b.score) return b.score - a.score;
  if (a.time !== b.time) return a.time - b.time;
  if (a.firstTime !== b.firstTime) return a.firstTime < b.firstTime ? -1 : 1;
  if (a.firstId !== b.firstId) return a.firstId < b.firstId ? -1 : 1;
  return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

/** The sealed board: every row's sealed cells shown, a cell pending when the seal hid something. */
export function buildOiSealedBoard(
  data: OiScrollBoard,
  opts: { nameOf?: (row: OiScrollRow) => string; starUsernames?: readonly string[] } = {},
): OiScrollState {
  const stars = new Set(opts.starUsernames ?? []);
  const teams = data.rows.map((row) => {
    const cells: Record<string, OiTeamCell> = {};
    for (const p of data.problems) {
      const before = row.before[p];
      const after = row.after[p];
      const hidden = row.hidden[p] ?? [];
      if (!before && !after && hidden.length === 0) continue;
      cells[p] = {
        shown: before ?? null,
        final: after ?? null,
        hidden,
        pending: hidden.length > 0 || !sameCell(before, after),
      };
    }
    const team: OiTeam = {
      uid: row.uid,
      username: row.username,
      name: opts.nameOf ? opts.nameOf(row) : row.username,
      school: row.school,
      star: stars.has(row.username),
      cells,
      score: 0,
      time: 0,
      firstTime: Infinity,
      firstId: Infinity,
    };
    totals(team);
    return team;
  });
  teams.sort(compareOiTeams);
  return { problems: [...data.problems], teams };
}

/** The next cell to reveal: the lowest-ranked team with a pending cell, its first such problem. */
export function nextOiReveal(state: OiScrollState): { index: number; displayId: string } | null {
  for (let i = state.teams.length - 1; i >= 0; i--) {
    const team = state.teams[i]!;
    const displayId = state.problems.find((p) => team.cells[p]?.pending);
    if (displayId) return { index: i, displayId };
  }
  return null;
}

/** Reveals one cell; returns the new state (input untouched) and what happened, or null when done. */
export function revealNextOi(state: OiScrollState): { state: OiScrollState; step: OiRevealStep } | null {
  const at = nextOiReveal(state);
  if (!at) return null;
  const teams = [...state.teams];
  const old = teams[at.index]!;
  const oldCell = old.cells[at.displayId]!;
  const cell: OiTeamCell = { ...oldCell, shown: oldCell.final, pending: false };
  const team: OiTeam = { ...old, cells: { ...old.cells, [at.displayId]: cell } };
  totals(team);
  teams[at.index] = team;
  teams.sort(compareOiTeams);
  return {
    state: { problems: state.problems, teams },
    step: {
      uid: team.uid,
      displayId: at.displayId,
      fromScore: old.score,
      toScore: team.score,
      fromIndex: at.index,
      toIndex: teams.indexOf(team),
    },
  };
}

/** Reveals everything: the final board. */
export function revealAllOi(state: OiScrollState): OiScrollState {
  let cur = state;
  for (let next = revealNextOi(cur); next; next = revealNextOi(cur)) cur = next.state;
  return cur;
}
