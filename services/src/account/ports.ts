// What the account capability needs from capabilities that do not exist yet, as
// small ports. The composition root plugs the real ones in; the defaults keep the
// endpoints answering with empty data.

export interface SolvedProblem {
  /** Problem primary key. */
  id: number;
  /** Display id, e.g. "1000". */
  problemId: string;
  difficulty: number;
}

/** Submission statistics of one user, outside contests (implemented by the judge capability). */
export interface SubmissionStatsPort {
  /** `total`: submissions with cid = 0 and no group; `scoreList`: per OI problem, the best oiRankScore. */
  totalsFor(uid: string): Promise<{ total: number; scoreList: (number | null)[] }>;
  /** Problems accepted outside contests and groups. */
  solvedProblems(uid: string): Promise<SolvedProblem[]>;
  /** Submissions (any status, cid = 0) per local day since `since`, as yyyy-MM-dd. */
  heatmap(uid: string, since: Date): Promise<{ date: string; count: number }[]>;
}

/** Until the judge capability provides real numbers: nothing submitted. */
export const emptySubmissionStats: SubmissionStatsPort = {
  totalsFor: async () => ({ total: 0, scoreList: [] }),
  solvedProblems: async () => [],
  heatmap: async () => [],
};

/** Site settings the account rules read (implemented by the site capability from the website config). */
export interface AccountPolicyPort {
  /** Website config `register`: may visitors register? */
  registerOpen(): Promise<boolean>;
  /** E-mail domain suffixes that may not register (the original's email-rule.yml). */
  emailBlacklist(): Promise<readonly string[]>;
}

export const openAccountPolicy: AccountPolicyPort = {
  registerOpen: async () => true,
  emailBlacklist: async () => [],
};

/** Where avatar bytes live (an adapter over the platform BlobStore). */
export interface AvatarStorage {
  /** Stores the bytes; returns the key to load them with. */
  save(bytes: Uint8Array): Promise<string>;
  load(key: string): Promise<Uint8Array | null>;
}
