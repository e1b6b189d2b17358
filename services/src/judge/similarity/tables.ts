// Kysely table types of the similarity reports (migration 0026_similarity), camelCase over the
// snake_case columns, read through camelDb. Kept out of platform/db/schema.ts.
import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface SimilarityAnalysisTable {
  id: Generated<number>;
  scope: string;
  scopeId: number;
  allAccepted: Defaulted<boolean>;
  baseCode: string | null;
  state: Defaulted<string>;
  done: Defaulted<number>;
  total: Defaulted<number>;
  submissions: Defaulted<number>;
  pairs: Defaulted<number>;
  /** Times a worker started it (a redelivery after a crash starts it again). */
  runs: Defaulted<number>;
  error: string | null;
  createdBy: string;
  gmtCreate: ColumnType<Date, Date | undefined, never>;
  gmtModified: Defaulted<Date>;
  finishedAt: Date | null;
}

export interface SimilarityPairTable {
  id: Generated<number>;
  analysisId: number;
  pid: number;
  displayPid: string;
  language: string;
  leftSubmitId: ColumnType<string, number, number>;
  rightSubmitId: ColumnType<string, number, number>;
  leftUid: string;
  rightUid: string;
  leftUsername: string;
  rightUsername: string;
  similarity: number;
  longest: number;
  fragments: ColumnType<unknown, string, string>;
  reviewed: Defaulted<boolean>;
  reviewedBy: string | null;
}

/** The submissions an analysis reads (the judge table, by its snake_case columns through camelDb). */
export interface SimilarityJudgeView {
  submitId: number;
  pid: number;
  displayPid: string;
  uid: string;
  username: string;
  code: string;
  language: string;
  status: number;
  cid: number;
  tid: number | null;
  gid: number | null;
  submitTime: Date;
}

export interface SimilarityTables {
  similarityAnalysis: SimilarityAnalysisTable;
  similarityPair: SimilarityPairTable;
  judge: SimilarityJudgeView;
}
