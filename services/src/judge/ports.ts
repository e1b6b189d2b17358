// What the judge capability needs from other capabilities. The composition root
// passes implementations in; nothing here reaches into another capability's tables.
import type { Kysely } from 'kysely';
import type {
  Checker,
  ExtraFiles,
  FileIO,
  JudgeTestCase,
  OutputValidatorFlags,
  ProblemLimits,
} from '@oj/protocol/judge/schemas';
import type { JudgeCaseMode, JudgeMode } from '@oj/protocol';
import type { Database } from '../platform/db/schema';
import type { AuthUser } from '../platform/http/access';

/** A problem as judging and the submission rules see it. */
export interface JudgeProblem {
  /** Primary key. */
  id: number;
  /** Display id, e.g. "1000" or "HDU-1000". */
  problemId: string;
  title: string;
  /** 0 ACM, 1 OI. */
  type: 0 | 1;
  /** 0 easy, 1 mid, 2 hard. */
  difficulty: number;
  /** 1 public, 2 private, 3 contest-only. */
  auth: number;
  isRemote: boolean;
  /** Owning group, null for site problems. */
  gid: number | null;
  codeShare: boolean;
  openCaseResult: boolean;
  judgeMode: JudgeMode;
  judgeCaseMode: JudgeCaseMode;
  limits: ProblemLimits;
  /** OI total score; 0 = no cap. */
  ioScore: number;
  isRemoveEndBlank: boolean;
  fileIO?: FileIO;
  userExtraFiles?: ExtraFiles;
  judgeExtraFiles?: ExtraFiles;
  /** spj checker or interactor. */
  checker?: Checker;
  /** Default mode: the Kattis default output validator's flags (issue #25). */
  outputValidatorFlags?: OutputValidatorFlags;
  /** Language names allowed for this problem; empty = the site's judge languages. */
  languages: string[];
  /** Test data with blob hashes, in file order. */
  testCases: JudgeTestCase[];
}

export interface ProblemSummary {
  problemId: string;
  title: string;
  difficulty: number;
}

export interface RecentProblem {
  id: number;
  problemId: string;
  title: string;
  type: number;
  gmtCreate: Date;
  gmtModified: Date;
}

/** A database handle or an open transaction (counters are updated inside the verdict transaction). */
export type DbExecutor = Kysely<Database>;

/** The problem capability's port (services/src/problem/port.ts). */
export interface ProblemPort {
  getProblemForJudge(pid: number): Promise<JudgeProblem | null>;
  /** Primary key of a display id (case-sensitive, as stored), or null. */
  findPidByDisplayId(problemId: string): Promise<number | null>;
  /** Display id, title and difficulty of many problems (list rows, solved lists); unknown ids are left out. */
  summariesOf(pids: readonly number[]): Promise<Map<number, ProblemSummary>>;
  /**
   * Home page "latest problems": up to 10 public, non-group problems, newest created first
   * (core.md get-recent-updated-problem). Absent = the route is served elsewhere.
   */
  recentProblems?(): Promise<RecentProblem[]>;
  /**
   * Move one non-contest submission's contribution to the problem counters from
   * `previousStatus` (null: not counted yet) to `newStatus`. Called inside the verdict transaction `db`.
   */
  recordVerdict(pid: number, previousStatus: number | null, newStatus: number, db: DbExecutor): Promise<void>;
}

/** Where a contest submission goes (contest_problem row), as the contest capability resolves it. */
export interface ContestSubmitTarget {
  /** Problem primary key. */
  pid: number;
  /** contest_problem.id */
  cpid: number;
  /** The contest's display id of the problem, e.g. "A". */
  displayId: string;
  /** Group of a group contest, else null. */
  gid: number | null;
}

/** The contest capability's rules for submitting in a contest (core.md submit rule 6). */
export interface ContestSubmitPort {
  /**
   * The target of a submission of `displayId` in contest `cid` by `user`, or an ApiError
   * with the reference text (404 contest missing, 403 ended / not started / not registered / hidden).
   */
  resolveSubmission(user: AuthUser, cid: number, displayId: string): Promise<ContestSubmitTarget>;
}

/** The training capability's rules for submitting in a training (core.md submit rule 7). */
export interface TrainingSubmitPort {
  /**
   * The problem a submission of `displayId` in training `tid` targets, or an ApiError with the
   * reference text (400 training missing/hidden, 401 register first, 403 not a member / banned / problem gone).
   */
  resolveSubmission(
    user: AuthUser,
    tid: number,
    displayId: string,
  ): Promise<{ pid: number; displayId: string; gid: number | null }>;
}

/** Group membership (the group capability); absent = only site roots pass group checks. */
export interface GroupPort {
  isMember(gid: number, uid: string): Promise<boolean>;
  /** Group owner/root: may see every submission of the group. */
  isGroupRoot(gid: number, uid: string): Promise<boolean>;
}

/** The feature switches the judge obeys (site capability's switch config). */
export interface JudgeSwitches {
  openPublicJudge: boolean;
  openGroupJudge: boolean;
  openContestJudge: boolean;
  hideNonContestSubmissionCode: boolean;
  /** Seconds between two non-contest submissions of one user; ≤ 0 disables. */
  defaultSubmitInterval: number;
}

export const DEFAULT_SWITCHES: JudgeSwitches = {
  openPublicJudge: true,
  openGroupJudge: true,
  openContestJudge: true,
  hideNonContestSubmissionCode: false,
  defaultSubmitInterval: 8,
};

/** Implemented here for the account capability (user home, heatmap). */
export type { SubmissionStatsPort, SolvedProblem } from '../account/ports';

/** Implemented here for the problem capability (status markers of problem lists). */
export type { StatusScope, ProblemStatus, ProblemStatusPort } from '../problem/ports';

/** A contest as the contest submission views read it (structurally the contest capability's row). */
export interface ContestViewContest {
  id: number;
  /** Creator. */
  uid: string;
  /** 0 ACM, 1 OI. */
  type: number;
  startTime: Date;
  endTime: Date;
  sealRankTime: Date | null;
  allowEndSubmit: boolean;
}

/** Seal/admin facts of a contest for one viewer (contest capability's `viewFacts`). */
export interface ContestViewFacts {
  contest: ContestViewContest;
  /** root, the creator, or the owner of the contest's group. */
  isContestAdmin: boolean;
  /** sealed(viewer, forceRefresh = true): never true for contest admins. */
  sealed: boolean;
  /** -1 scheduled, 0 running, 1 ended. */
  status: -1 | 0 | 1;
  /** The contest's board decision admits the viewer (admin, outside view or access check); absent = yes. */
  mayRead?: boolean;
}

/** The contest capability's rules for reading contest submissions. */
export interface ContestViewPort {
  viewFacts(user: AuthUser | null, cid: number): Promise<ContestViewFacts | null>;
  /** Some contest holding contest problem `pid` admits the user (self-tests); absent = nobody. */
  mayUseContestProblem?(user: AuthUser, pid: number): Promise<boolean>;
  /** The contest access check; throws the reference's ApiErrors. */
  checkAccess(user: AuthUser, cid: number): Promise<{ isContestAdmin: boolean }>;
  /** contest_problem.id → the contest's display title. */
  displayTitles(cid: number): Promise<Map<number, string>>;
}
