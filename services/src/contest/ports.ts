// What the contest capability needs from other capabilities, as small ports. The
// composition root may pass real implementations; `adapters.ts` holds read-only
// defaults over the shared database so the capability works standalone.
import type { UserProfile } from '@oj/protocol/contest/scoreboard';
import type { Problem, ProblemDTO, Tag } from '@oj/protocol/problem/schemas';
import type { AuthUser } from '../platform/http/access';
import type { GroupRolePort } from '../platform/shared-ports';

/** One contest submission (a `judge` row with cid ≠ 0) as the contest rules read it. */
export interface ContestSubmissionRow {
  submitId: number;
  uid: string;
  username: string;
  cid: number;
  /** contest_problem.id */
  cpid: number;
  pid: number;
  submitTime: Date;
  /** Judge status code. */
  status: number;
  score: number | null;
  /** Run time in ms. */
  time: number | null;
}

/** What a scoreboard load reads of a contest submission (no Date objects: boards hold 500k of them). */
export interface BoardSourceRow {
  submitId: number;
  uid: string;
  username: string;
  cpid: number;
  /** Epoch milliseconds (truncated, as Date.getTime() of the stored time). */
  submitTime: number;
  status: number;
  score: number | null;
  time: number | null;
}

/** Implemented by the judge capability (submissions). */
export interface SubmissionSource {
  /** Every submission of a contest, any status. */
  ofContest(cid: number): Promise<ContestSubmissionRow[]>;
  /** The same submissions, in submit_id order, with only what a scoreboard reads (a lean read for big contests). */
  boardRowsOf?(cid: number): Promise<BoardSourceRow[]>;
  byId(submitId: number): Promise<ContestSubmissionRow | null>;
  /** The smallest submit id of an accepted submission of `uid` on contest problem `cpid`, or null. */
  firstAcceptedId?(cid: number, uid: string, cpid: number): Promise<number | null>;
  /** Submissions of a contest in [from, to] with their code (AC-submissions download). */
  withCode(
    cid: number,
    from: Date,
    to: Date,
  ): Promise<(ContestSubmissionRow & { code: string; language: string })[]>;
  /**
   * Submission counts per (contest problem, judge status) with `from <= submitTime`
   * (and `< before` when given), leaving out `excludedUids`; optionally one problem.
   */
  /** Distinct users with a submission in each contest (participants of public contests, issue #16). */
  participantCounts?(cids: readonly number[]): Promise<Map<number, number>>;
  statusCounts(
    cid: number,
    q: { cpid?: number; from: Date; before: Date | null; excludedUids: readonly string[] },
  ): Promise<{ cpid: number; status: number; n: number }[]>;
}

/** Implemented by the account capability. */
export interface UserDirectory {
  profiles(uids: readonly string[]): Promise<UserProfile[]>;
  /** Users holding the root role (super admins): excluded from every board. */
  superAdminUids(): Promise<string[]>;
}

export interface ProblemSummary {
  id: number;
  problemId: string;
  title: string;
  /** 1 public, 2 private, 3 contest-only. */
  auth: number;
  type: number;
  gid: number | null;
  /** The stored author's username (absent from catalogs that do not know it). */
  author?: string;
  isRemote?: boolean;
}

/** Implemented by the problem capability. */
export interface ProblemCatalog {
  summaries(pids: readonly number[]): Promise<Map<number, ProblemSummary>>;
  /** The problem row as the wire `Problem` (the problem capability's mapper), or null. */
  problemRow(pid: number): Promise<Problem | null>;
  /** Tags, allowed language names and enabled code templates of a problem. */
  extras(pid: number): Promise<{ tags: Tag[]; languages: string[]; codeTemplate: Record<string, string> }>;
  /**
   * Problems that may be added to a contest (groups-admin-files.md §4.10 candidate mode):
   * non-group, `type = problemType` or remote, auth ≠ 2 (and ≠ 3 when `excludeContestOnly`),
   * not in `exceptPids`; `oj` as in §4.6; `keyword` on title, problemId or author.
   */
  candidates(q: {
    problemType: number;
    oj?: string;
    keyword?: string;
    exceptPids: readonly number[];
    excludeContestOnly: boolean;
    page: number;
    limit: number;
  }): Promise<{ total: number; records: Problem[] }>;
  /** Adding a public problem to a contest hides it from the public set (auth 3). */
  markContestOnly(pid: number): Promise<void>;
  /**
   * A contest-owned copy (auth 3) of a problem, authored by `author`, under a display id made
   * from the original's and the contest's; the original stays as it is (docs/compat.md E5).
   */
  copyForContest?(pid: number, o: { cid: number; author: string }): Promise<ProblemSummary>;
  /** A group's own problem by its full display id (add-contest-problem-from-group). */
  groupProblem?(
    problemId: string,
    gid: number,
  ): Promise<{ id: number; problemId: string; title: string } | null>;
}

/** Implemented by the group capability; the default knows no groups (only root passes). */
export interface ContestGroupPort {
  isMember(gid: number, uid: string): Promise<boolean>;
  /** Owners (auth 5) of a group. */
  ownerUids(gid: number): Promise<string[]>;
  /** Whether `uid` is the group root (owner or auth 5); preferred over `ownerUids` when given. */
  isGroupRoot?(gid: number, uid: string): Promise<boolean>;
}

export const noGroups: ContestGroupPort = {
  isMember: async () => false,
  ownerUids: async () => [],
};

/**
 * Implemented by the problem capability's back office: problems a contest owns
 * (groups-admin-files.md §4.10 GET/POST/PUT /api/admin/contest/problem). Errors are the
 * problem capability's (validation, clash, permission).
 */
export interface ContestProblemAuthoring {
  /** The problem as GET /api/admin/problem answers it. */
  get(user: AuthUser, pid: number): Promise<Problem>;
  /** Creates the problem as sent (the caller has set auth 3); returns its id. */
  create(user: AuthUser, dto: ProblemDTO): Promise<number>;
  update(user: AuthUser, dto: ProblemDTO): Promise<void>;
}

/** Site feature switches the contest endpoints obey. */
export interface ContestSwitches {
  openContestComment: boolean;
}

export interface ContestPorts {
  /** The group capability's standing rules (group contests, /api/group/*contest*). */
  groupRoles?: GroupRolePort;
  submissions?: SubmissionSource;
  users?: UserDirectory;
  problems?: ProblemCatalog;
  groups?: ContestGroupPort;
  /** Without it the contest problem create/update/get endpoints answer a failure. */
  authoring?: ContestProblemAuthoring;
  /** Clock, for tests. */
  now?: () => number;
  /** Replay clocks (issue #27 item 4): tick, lease length, this process's lease name; for tests. */
  replay?: { tickMs?: number; leaseMs?: number; me?: string };
}
