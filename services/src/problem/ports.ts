// What the problem capability needs from capabilities built elsewhere (judge, group,
// training, contest). Each has a default that behaves as if that capability had no data.
import type { FullScreenProblem } from '@oj/protocol/problem/schemas';

/** Which submissions a problem-status query looks at (core.md §6 get-user-problem-status). */
export interface StatusScope {
  /** true: contest list (statuses of submissions in `cid`); false: non-contest submissions. */
  contest: boolean;
  cid: number | null;
  /** Group of the list (non-contest): submissions with this gid, or without a group when null. */
  gid: number | null;
  /** Contest lists: count submissions after the end (when the contest allows it). */
  containsEnd: boolean;
}

export interface ProblemStatus {
  /** Judge status code; -10 = not submitted. */
  status: number;
  score: number | null;
}

/** Implemented by the judge capability: the caller's result per problem. */
export interface ProblemStatusPort {
  /** Problems missing from the map count as not submitted. May throw an ApiError (e.g. unknown contest). */
  statusFor(uid: string, pids: readonly number[], scope: StatusScope): Promise<Map<number, ProblemStatus>>;
}

/** Implemented by the group capability. */
export interface GroupMembershipPort {
  /** Member of the group (auth 3–5, or its owner). */
  isMember(uid: string, gid: number): Promise<boolean>;
  /** Group admin (auth 4–5, or its owner). */
  isAdmin(uid: string, gid: number): Promise<boolean>;
}

/** Implemented by the training and contest capabilities (the bottom strip of problems). */
export interface FullScreenListPort {
  forTraining(uid: string, tid: number): Promise<FullScreenProblem[]>;
  forContest(uid: string, cid: number): Promise<FullScreenProblem[]>;
}

/** Outcome of compiling a checker or interactor, as the admin endpoints return it verbatim. */
export type CompileOutcome = { ok: true } | { ok: false; status: 400 | 500; msg: string };

/** Implemented by the judge capability: compiles a special judge or interactor on a runner. */
export interface CheckerCompilePort {
  compile(input: {
    kind: 'spj' | 'interactive';
    code: string;
    language: string;
    extraFiles: Record<string, string>;
  }): Promise<CompileOutcome>;
}

export interface ProblemPorts {
  status?: ProblemStatusPort;
  groups?: GroupMembershipPort;
  fullScreen?: FullScreenListPort;
  compiler?: CheckerCompilePort;
}

export const NOT_SUBMITTED = -10;

export const defaultStatusPort: ProblemStatusPort = {
  async statusFor() {
    return new Map();
  },
};

export const defaultGroupPort: GroupMembershipPort = {
  async isMember() {
    return false;
  },
  async isAdmin() {
    return false;
  },
};

/** Until trainings and contests exist: no problems to list. */
export const defaultFullScreenPort: FullScreenListPort = {
  async forTraining() {
    return [];
  },
  async forContest() {
    return [];
  },
};

/** Until a judge answers compile requests: the reference's "no judge available" reply. */
export const defaultCompilePort: CheckerCompilePort = {
  async compile() {
    return { ok: false, status: 400, msg: '没有可用的判题服务器，请重新尝试！' };
  },
};
