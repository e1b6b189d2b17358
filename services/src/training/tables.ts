// Kysely table types of the training capability, camelCase over the snake_case columns of
// migration 0007_training (read through camelDb). Kept out of platform/db/schema.ts.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type ModifiedAt = ColumnType<Date, Date | undefined, Date>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface TrainingCategoryTable {
  id: Generated<number>;
  name: string;
  color: Defaulted<string>;
  gid: number | null;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

export interface TrainingTable {
  id: Generated<number>;
  title: string;
  description: Defaulted<string>;
  /** Username of the author (the wire field). */
  author: string;
  /** uid of the author when known: the stored owner the access rules compare. */
  authorUid: string | null;
  /** 'Public' | 'Private'. */
  auth: Defaulted<string>;
  privatePwd: string | null;
  /** Shown (the reference's `status`). */
  status: Defaulted<boolean>;
  rank: Defaulted<number>;
  rankShowName: Defaulted<string>;
  isGroup: Defaulted<boolean>;
  gid: number | null;
  categoryId: number | null;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

export interface TrainingProblemTable {
  id: Generated<number>;
  tid: number;
  pid: number;
  displayId: string;
  rank: Defaulted<number>;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

export interface TrainingRegisterTable {
  id: Generated<number>;
  tid: number;
  uid: string;
  status: Defaulted<boolean>;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

/** The columns of other capabilities' tables this capability reads (through adapters only). */
export interface ForeignReads {
  judge: {
    submitId: number;
    pid: number;
    uid: string;
    username: string;
    status: number;
    time: number | null;
    score: number | null;
    cid: number;
    gid: number | null;
    tid: number | null;
    submitTime: Date;
  };
  problem: {
    id: number;
    problemId: string;
    title: string;
    difficulty: number;
    type: number;
    auth: number;
    isGroup: boolean;
    gid: number | null;
    author: string;
  };
  users: {
    uid: string;
    username: string;
    nickname: string | null;
    realname: string | null;
    school: string | null;
    gender: string | null;
    avatar: string | null;
  };
  userRole: { uid: string; roleId: number };
  tag: {
    id: number;
    name: string;
    color: string | null;
    oj: string;
    gid: number | null;
    tcid: number | null;
  };
  problemTag: { pid: number; tid: number };
  problemCount: { pid: number; total: number; ac: number };
}

export interface TrainingTables extends ForeignReads {
  trainingCategory: TrainingCategoryTable;
  training: TrainingTable;
  trainingProblem: TrainingProblemTable;
  trainingRegister: TrainingRegisterTable;
}
