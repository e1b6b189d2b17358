// What the judge capability needs from other capabilities. The composition root
// passes implementations in; nothing here reaches into another capability's tables.
import type { Kysely } from 'kysely';
import type { Checker, ExtraFiles, FileIO, JudgeTestCase, ProblemLimits } from '@oj/protocol/judge/schemas';
import type { JudgeCaseMode, JudgeMode } from '@oj/protocol';
import type { Database } from '../platform/db/schema';

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
  /** Language names allowed for this problem; empty = the site's judge languages. */
  languages: string[];
  /** Test data with blob hashes, in file order. */
  testCases: JudgeTestCase[];
}

/** A database handle or an open transaction (counters are updated inside the verdict transaction). */
export type DbExecutor = Kysely<Database>;

/** The problem capability's port (services/src/problem/port.ts). */
export interface ProblemPort {
  getProblemForJudge(pid: number): Promise<JudgeProblem | null>;
  /** Primary key of a display id (case-sensitive, as stored), or null. */
  findPidByDisplayId(problemId: string): Promise<number | null>;
  /** Titles of many problems, for list rows; unknown ids are left out. */
  titlesOf(pids: readonly number[]): Promise<Map<number, string>>;
  /**
   * Move one submission's contribution to the problem counters from `previousStatus`
   * (null: not counted yet) to `newStatus`. Called inside the verdict transaction `db`.
   */
  recordVerdict(pid: number, previousStatus: number | null, newStatus: number, db: DbExecutor): Promise<void>;
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

/** What the user-facing account pages need from submissions (user home, heatmap). */
export interface SubmissionStatsPort {
  /** Submissions with cid = 0 and no group. */
  totalSubmissions(uid: string): Promise<number>;
  /** Problems accepted outside contests and groups, as primary keys, oldest first. */
  solvedProblemIds(uid: string): Promise<number[]>;
  /** Max OI rank score per problem with scored submissions (cid = 0, no group). */
  scoreList(uid: string): Promise<number[]>;
  /** Submissions (any status, cid = 0) per UTC day since `since`. */
  heatmap(uid: string, since: Date): Promise<{ date: string; count: number }[]>;
}

/** The problem list's status markers (problem capability's ProblemStatusPort). */
export interface ProblemStatusPort {
  /**
   * Per problem: 0 when accepted anywhere outside contests, else the latest status,
   * -10 when never submitted. `gid` selects group submissions (null = none).
   */
  statusFor(uid: string, pids: readonly number[], gid?: number | null): Promise<Map<number, number>>;
}
