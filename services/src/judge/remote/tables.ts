// Kysely table types of the remote judge, camelCase over migration 0016_remote_judge (camelDb).
import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface RemoteJudgeAccountTable {
  id: Generated<number>;
  oj: string;
  username: string;
  passwordEnc: string;
  /** 1 free, 0 leased. */
  status: Defaulted<number>;
  leasedBy: string | null;
  leaseUntil: Date | null;
  gmtCreate: ColumnType<Date, Date | undefined, never>;
  gmtModified: Defaulted<Date>;
}

export interface RemoteJudgeRunTable {
  submitId: number;
  version: number;
  oj: string;
  accountId: number | null;
  runId: string | null;
  finalStatus: number | null;
  submissions: Defaulted<number>;
  gmtModified: Defaulted<Date>;
}

export interface RemoteJudgeTables {
  remoteJudgeAccount: RemoteJudgeAccountTable;
  remoteJudgeRun: RemoteJudgeRunTable;
}
