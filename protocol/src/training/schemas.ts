/**
 * Trainings (reference/api/contests-trainings-discussions.md §2, groups-admin-files.md §4.9):
 * request shapes of the public and admin calls, the records the web client draws, and the
 * pushed events (progress on the user's room, rank rows on the training's room). Browser-safe.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../nullable';

const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

/** Spec part2 §9. */
export const TRAINING_LIST_PAGE_SIZE = 15;
export const TRAINING_RANK_PAGE_SIZE = 30;
/** Reference defaults when the client sends no limit. */
export const TRAINING_LIST_DEFAULT_LIMIT = 20;

export const TrainingAuth = { PUBLIC: 'Public', PRIVATE: 'Private' } as const;
export type TrainingAuth = (typeof TrainingAuth)[keyof typeof TrainingAuth];

// ---------- public requests ----------

export const TrainingListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  keyword: Opt(Type.String()),
  categoryId: Opt(Type.Integer()),
  auth: Opt(Type.String()),
});
export type TrainingListQuery = Static<typeof TrainingListQuery>;

export const TidQuery = Type.Object({ tid: Type.Integer() });
export type TidQuery = Static<typeof TidQuery>;

export const RegisterTrainingBody = Type.Object({
  tid: Opt(Type.Integer()),
  password: Opt(Type.String()),
});
export type RegisterTrainingBody = Static<typeof RegisterTrainingBody>;

export const TrainingRankQuery = Type.Object({
  tid: Type.Integer(),
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  keyword: Opt(Type.String()),
});
export type TrainingRankQuery = Static<typeof TrainingRankQuery>;

// ---------- records ----------

export interface TrainingCategory {
  id: number;
  name: string;
  color: string;
  gid: number | null;
  gmtCreate: string | null;
  gmtModified: string | null;
}

export interface TrainingVO {
  id: number;
  title: string;
  description: string;
  author: string;
  auth: string;
  rank: number;
  gid: number | null;
  rankShowName: string;
  categoryId: number | null;
  categoryName: string | null;
  categoryColor: string | null;
  problemCount: number;
  /** null when anonymous (list). */
  acCount: number | null;
  gmtModified: string | null;
}

export interface TrainingTag {
  id: number;
  name: string;
  color: string | null;
  oj: string;
  gid: number | null;
  tcid: number | null;
  gmtCreate: null;
  gmtModified: null;
}

export interface TrainingProblemVO {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  tags: TrainingTag[];
  total: number;
  ac: number;
  mle: 0;
  tle: 0;
  re: 0;
  pe: 0;
  ce: 0;
  wa: 0;
  se: 0;
  pa: 0;
  score: null;
}

export interface TrainingRankCell {
  status: number;
  score: number | null;
  isAC?: true;
  runTime?: number;
}

export interface TrainingRankRow {
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
  gender: string | null;
  avatar: string | null;
  ac: number;
  totalRunTime: number;
  /** Keyed by the training display id of the problem. */
  submissionInfo: Record<string, TrainingRankCell>;
}

// ---------- admin ----------

export const TrainingSchema = Type.Object({
  id: Opt(Type.Integer()),
  title: Opt(Type.String()),
  description: Opt(Type.String()),
  author: Opt(Type.String()),
  auth: Opt(Type.String()),
  privatePwd: Opt(Type.String()),
  status: Opt(Type.Boolean()),
  rank: Opt(Type.Integer()),
  rankShowName: Opt(Type.String()),
  isGroup: Opt(Type.Boolean()),
  gid: Opt(Type.Integer()),
});
export type TrainingInput = Static<typeof TrainingSchema>;

export const TrainingCategorySchema = Type.Object({
  id: Opt(Type.Integer()),
  name: Opt(Type.String()),
  color: Opt(Type.String()),
  gid: Opt(Type.Integer()),
});
export type TrainingCategoryInput = Static<typeof TrainingCategorySchema>;

export const TrainingDTOSchema = Type.Object({
  training: TrainingSchema,
  trainingCategory: Opt(TrainingCategorySchema),
});
export type TrainingDTO = Static<typeof TrainingDTOSchema>;

/** The full row the back office edits (privatePwd included). */
export interface AdminTraining {
  id: number;
  title: string;
  description: string;
  author: string;
  auth: string;
  privatePwd: string | null;
  status: boolean;
  rank: number;
  rankShowName: string;
  isGroup: boolean;
  gid: number | null;
  gmtCreate: string | null;
  gmtModified: string | null;
}

export const AdminTrainingListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  keyword: Opt(Type.String()),
});

export const ChangeTrainingStatusQuery = Type.Object({
  tid: Type.Integer(),
  author: Opt(Type.String()),
  status: Type.Boolean(),
});

export const AdminTrainingProblemQuery = Type.Object({
  tid: Type.Integer(),
  queryExisted: Type.Optional(Type.Boolean()),
  keyword: Opt(Type.String()),
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
});

export const TrainingProblemSchema = Type.Object({
  id: Opt(Type.Integer()),
  tid: Opt(Type.Integer()),
  pid: Opt(Type.Integer()),
  displayId: Opt(Type.String()),
  rank: Opt(Type.Integer()),
});
export type TrainingProblemInput = Static<typeof TrainingProblemSchema>;

export interface TrainingProblemLink {
  id: number;
  tid: number;
  pid: number;
  displayId: string;
  rank: number;
  gmtCreate: string | null;
  gmtModified: string | null;
}

export const RemoveTrainingProblemQuery = Type.Object({ pid: Type.Integer(), tid: Opt(Type.Integer()) });

export const AddFromPublicBody = Type.Object({
  pid: Opt(Type.Integer()),
  tid: Opt(Type.Integer()),
  displayId: Opt(Type.String()),
});
export type AddFromPublicBody = Static<typeof AddFromPublicBody>;

export const CategoryIdQuery = Type.Object({ cid: Type.Integer() });

/** A problem row of the back-office training problem list (the fields its screens read). */
export interface AdminTrainingProblemRow {
  id: number;
  problemId: string;
  title: string;
  author: string;
  type: number;
  difficulty: number;
  auth: number;
}

// ---------- pushes ----------

/**
 * Bus `oj.training.progress.<uid>` → socket `training:progress` on the user's room: a verdict
 * of `uid` on problem `pid` changed their status there; `trainings` gives the new solved count
 * of every training holding the problem.
 */
export interface TrainingProgressPushed {
  uid: string;
  pid: number;
  /** The user's status on the problem now: 0 once accepted, else the latest verdict. */
  status: number;
  trainings: { tid: number; acCount: number }[];
  at: number;
}

/**
 * Bus `oj.training.rank.<tid>` → socket `training:rank` on the training's room: the changed row
 * (rows are ordered by ac desc, totalRunTime asc, then first appearance; `order` is the row's
 * 0-based index in the whole board after the change, `prevOrder` before it, -1 when absent).
 * Real names are never pushed (null: keep the one the page has). `reset`: the board was rebuilt
 * (problems, registrations or settings changed): refetch.
 */
export type TrainingRankPushed =
  | {
      tid: number;
      row: TrainingRankRow;
      order: number;
      prevOrder: number;
      /** Users on the board after the change. */
      total: number;
      at: number;
    }
  | { tid: number; reset: true; at: number };

// ---------- group trainings (groups-admin-files.md §3) ----------

export const GroupTrainingListQuery = Type.Object({
  gid: Type.Integer(),
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
});

export const GroupTrainingStatusQuery = Type.Object({ tid: Type.Integer(), status: Type.Boolean() });

export const GroupTrainingProblemDeleteQuery = Type.Object({ pid: Type.Integer(), tid: Type.Integer() });

export const AddFromGroupQuery = Type.Object({ problemId: Type.String(), tid: Type.Integer() });
