/**
 * Trainings (reference/api/contests-trainings-discussions.md §2, groups-admin-files.md §4.9):
 * request shapes of the public and admin calls, the records the web client draws, and the
 * pushed events (progress on the user's room, rank rows on the training's room). Browser-safe.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EnvelopeOf, PageOf } from '../envelope';
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

export const TrainingCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  gid: Nullable(Type.Integer()),
  gmtCreate: Nullable(Type.String()),
  gmtModified: Nullable(Type.String()),
});
export type TrainingCategory = Static<typeof TrainingCategory>;

export const TrainingVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  author: Type.String(),
  auth: Type.String(),
  rank: Type.Integer(),
  gid: Nullable(Type.Integer()),
  rankShowName: Type.String(),
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  categoryColor: Nullable(Type.String()),
  problemCount: Type.Integer(),
  /** null when anonymous (list). */
  acCount: Nullable(Type.Integer()),
  gmtModified: Nullable(Type.String()),
});
export type TrainingVO = Static<typeof TrainingVO>;

export const TrainingTag = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Nullable(Type.String()),
  oj: Type.String(),
  gid: Nullable(Type.Integer()),
  tcid: Nullable(Type.Integer()),
  gmtCreate: Type.Null(),
  gmtModified: Type.Null(),
});
export type TrainingTag = Static<typeof TrainingTag>;

/** The reference's per-verdict counters that this list leaves at 0 (only total and ac are counted). */
const Zero = Type.Literal(0);

export const TrainingProblemVO = Type.Object({
  pid: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  difficulty: Type.Integer(),
  type: Type.Integer(),
  tags: Type.Array(TrainingTag),
  total: Type.Integer(),
  ac: Type.Integer(),
  mle: Zero,
  tle: Zero,
  re: Zero,
  pe: Zero,
  ce: Zero,
  wa: Zero,
  se: Zero,
  pa: Zero,
  score: Type.Null(),
});
export type TrainingProblemVO = Static<typeof TrainingProblemVO>;

export const TrainingRankCell = Type.Object({
  status: Type.Integer(),
  score: Nullable(Type.Integer()),
  isAC: Type.Optional(Type.Literal(true)),
  runTime: Type.Optional(Type.Integer()),
});
export type TrainingRankCell = Static<typeof TrainingRankCell>;

export const TrainingRankRow = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  nickname: Nullable(Type.String()),
  school: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  ac: Type.Integer(),
  totalRunTime: Type.Integer(),
  /** Keyed by the training display id of the problem. */
  submissionInfo: Type.Record(Type.String(), TrainingRankCell),
});
export type TrainingRankRow = Static<typeof TrainingRankRow>;

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
export const AdminTraining = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  author: Type.String(),
  auth: Type.String(),
  privatePwd: Nullable(Type.String()),
  status: Type.Boolean(),
  rank: Type.Integer(),
  rankShowName: Type.String(),
  isGroup: Type.Boolean(),
  gid: Nullable(Type.Integer()),
  gmtCreate: Nullable(Type.String()),
  gmtModified: Nullable(Type.String()),
});
export type AdminTraining = Static<typeof AdminTraining>;

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

export const TrainingProblemLink = Type.Object({
  id: Type.Integer(),
  tid: Type.Integer(),
  pid: Type.Integer(),
  displayId: Type.String(),
  rank: Type.Integer(),
  gmtCreate: Nullable(Type.String()),
  gmtModified: Nullable(Type.String()),
});
export type TrainingProblemLink = Static<typeof TrainingProblemLink>;

export const RemoveTrainingProblemQuery = Type.Object({ pid: Type.Integer(), tid: Opt(Type.Integer()) });

export const AddFromPublicBody = Type.Object({
  pid: Opt(Type.Integer()),
  tid: Opt(Type.Integer()),
  displayId: Opt(Type.String()),
});
export type AddFromPublicBody = Static<typeof AddFromPublicBody>;

export const CategoryIdQuery = Type.Object({ cid: Type.Integer() });

/** A problem row of the back-office training problem list (the fields its screens read). */
export const AdminTrainingProblemRow = Type.Object({
  id: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  author: Type.String(),
  type: Type.Integer(),
  difficulty: Type.Integer(),
  auth: Type.Integer(),
});
export type AdminTrainingProblemRow = Static<typeof AdminTrainingProblemRow>;

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

// ---------- success envelopes (issue #30) ----------

export const TrainingCategoryListEnvelope = EnvelopeOf(Type.Array(TrainingCategory));
export const TrainingCategoryEnvelope = EnvelopeOf(TrainingCategory);
export const TrainingPageEnvelope = EnvelopeOf(PageOf(TrainingVO));
export const TrainingVOEnvelope = EnvelopeOf(TrainingVO);
export const TrainingAccessEnvelope = EnvelopeOf(Type.Object({ access: Type.Boolean() }));
export const TrainingProblemListEnvelope = EnvelopeOf(Type.Array(TrainingProblemVO));
/** Ours: the caller's status per problem, keyed by the problem's id. */
export const TrainingProblemStatusEnvelope = EnvelopeOf(
  Type.Record(Type.String(), Type.Object({ status: Type.Integer() })),
);
/** Sent as bytes serialised once per board version (services/src/training/service.ts rankPage). */
export const TrainingRankEnvelope = EnvelopeOf(PageOf(TrainingRankRow));
export const AdminTrainingPageEnvelope = EnvelopeOf(PageOf(AdminTraining));
/** The back office's edit form: the training and its category. */
export const AdminTrainingDTO = Type.Object({
  training: AdminTraining,
  trainingCategory: Nullable(TrainingCategory),
});
export const AdminTrainingDTOEnvelope = EnvelopeOf(AdminTrainingDTO);
export const AdminTrainingProblemList = Type.Object({
  problemList: PageOf(AdminTrainingProblemRow),
  /** The training's links of the listed problems, keyed by the problem's id. */
  trainingProblemMap: Type.Record(Type.String(), TrainingProblemLink),
});
export const AdminTrainingProblemListEnvelope = EnvelopeOf(AdminTrainingProblemList);
