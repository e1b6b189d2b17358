// Kysely table types of the judge capability (DDL in platform/db/migrations/0004_judge.ts).
import type { ColumnType, Generated } from 'kysely';
import type { SampleIO } from '@oj/protocol/judge/schemas';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type ModifiedAt = ColumnType<Date, Date | undefined, Date>;

export interface JudgeTable {
  submit_id: Generated<number>;
  pid: number;
  display_pid: string;
  uid: string;
  username: string;
  submit_time: ColumnType<Date, Date | undefined, Date>;
  /** Judge status code (protocol JudgeStatus). */
  status: Generated<number>;
  share: Generated<boolean>;
  error_message: string | null;
  time: number | null;
  memory: number | null;
  score: number | null;
  length: number;
  code: string;
  language: string;
  cid: Generated<number>;
  cpid: Generated<number>;
  gid: number | null;
  /** The training the submission was made from (migration 0007_training); read by the training capability. */
  tid: ColumnType<number | null, number | null | undefined, number | null>;
  judger: string | null;
  ip: string | null;
  version: Generated<number>;
  oi_rank_score: number | null;
  vjudge_submit_id: number | null;
  vjudge_username: string | null;
  vjudge_password: string | null;
  is_manual: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** Judged by a remote bank (resubmit rules differ). */
  is_remote: Generated<boolean>;
  /** The verdict currently counted in the problem's counters (null: none yet). */
  counted_status: number | null;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface JudgeCaseTable {
  id: Generated<number>;
  submit_id: number;
  pid: number | null;
  uid: string | null;
  case_id: string | null;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  input_data: string | null;
  output_data: string | null;
  user_output: string | null;
  group_num: number | null;
  seq: number | null;
  mode: string | null;
  /** Sample cases: the start of their input, expected and user output (0022; issue #26.3). */
  sample_io: ColumnType<SampleIO | null, SampleIO | null | undefined, SampleIO | null>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface UserAcproblemTable {
  id: Generated<number>;
  uid: string;
  pid: number;
  submit_id: number;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface JudgeTestRunTable {
  test_key: string;
  uid: string;
  status: number;
  result: ColumnType<unknown, unknown, unknown>;
  expires_at: Date;
  gmt_create: CreatedAt;
}

export interface JudgeRateWindowTable {
  key: string;
  until: Date;
}

/** Migration 0018_submit_idempotency: a submit's Idempotency-Key, per user. */
export interface JudgeSubmitKeyTable {
  uid: string;
  key: string;
  submit_id: number;
  gmt_create: Generated<Date>;
}

export interface JudgeTables {
  judge: JudgeTable;
  judge_submit_key: JudgeSubmitKeyTable;
  judge_case: JudgeCaseTable;
  user_acproblem: UserAcproblemTable;
  judge_test_run: JudgeTestRunTable;
  judge_rate_window: JudgeRateWindowTable;
}

/** Migration 0012_judge_outbox, read through camelDb (outbox-repository.ts). */
export interface JudgeOutboxTable {
  submitId: number;
  version: number;
  gmtCreate: CreatedAt;
  dueAt: ColumnType<Date, Date | undefined, Date>;
  /** How many times the task was put on the queue. */
  enqueued: Generated<number>;
  claimedBy: string | null;
  leaseUntil: Date | null;
}

export interface JudgeOutboxTables {
  judgeOutbox: JudgeOutboxTable;
  judge: { submitId: number; version: number; status: number };
}
