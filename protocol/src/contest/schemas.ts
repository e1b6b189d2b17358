/**
 * Request shapes of the contest endpoints (reference/api/contests-trainings-discussions.md §1,
 * groups-admin-files.md §4.10). Responses are documented there; the scoreboard row types
 * live in ./scoreboard.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../nullable';

const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

export const CidQuery = Type.Object({ cid: Type.Integer() });
export type CidQuery = Static<typeof CidQuery>;

export const PagedCidQuery = Type.Object({
  cid: Type.Integer(),
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
});
export type PagedCidQuery = Static<typeof PagedCidQuery>;

export const ContestListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  status: Type.Optional(Type.Integer()),
  type: Type.Optional(Type.Integer()),
  keyword: Type.Optional(Type.String()),
});
export type ContestListQuery = Static<typeof ContestListQuery>;

export const ContestProblemQuery = Type.Object({
  cid: Type.Integer(),
  containsEnd: Type.Optional(Type.Boolean()),
});

export const ContestProblemDetailQuery = Type.Object({
  cid: Type.Integer(),
  displayId: Type.String(),
  containsEnd: Type.Optional(Type.Boolean()),
});

export const RegisterContestBody = Type.Object({
  cid: Opt(Type.Integer()),
  password: Opt(Type.String()),
});

export const UnreadAnnouncementBody = Type.Object({
  cid: Type.Integer(),
  readAnnouncementList: Opt(Type.Array(Type.Integer())),
});

/** POST /api/contest-announcement-read (an addition, issue #16): the caller dismissed these notices. */
export const ReadAnnouncementsBody = Type.Object({
  cid: Type.Integer(),
  aids: Type.Array(Type.Integer(), { maxItems: 500 }),
});

/** ContestRankDTO. */
export const ContestRankBody = Type.Object({
  cid: Opt(Type.Integer()),
  currentPage: Opt(Type.Integer()),
  limit: Opt(Type.Integer()),
  forceRefresh: Opt(Type.Boolean()),
  removeStar: Opt(Type.Boolean()),
  keyword: Opt(Type.String()),
  containsEnd: Opt(Type.Boolean()),
  concernedList: Opt(Type.Array(Type.String())),
  externalCidList: Opt(Type.Array(Type.Integer())),
});
export type ContestRankBody = Static<typeof ContestRankBody>;

export const CheckAcInfoBody = Type.Object({
  id: Opt(Type.Integer()),
  cid: Opt(Type.Integer()),
  checked: Opt(Type.Boolean()),
});

export const PrintBody = Type.Object({
  cid: Opt(Type.Integer()),
  content: Opt(Type.String()),
});

export const CheckPrintQuery = Type.Object({ id: Type.Integer(), cid: Type.Integer() });

export const AwardConfigSchema = Type.Object({
  priority: Opt(Type.Integer()),
  name: Type.String(),
  background: Type.String(),
  color: Type.String(),
  num: Nullable(Type.Integer()),
});

/** AdminContestVO as the admin forms send it. */
export const AdminContestBody = Type.Object({
  id: Opt(Type.Integer()),
  title: Opt(Type.String()),
  description: Opt(Type.String()),
  type: Opt(Type.Integer()),
  auth: Opt(Type.Integer()),
  pwd: Opt(Type.String()),
  startTime: Opt(Type.String()),
  endTime: Opt(Type.String()),
  duration: Opt(Type.Number()),
  sealRank: Opt(Type.Boolean()),
  sealRankTime: Opt(Type.String()),
  autoRealRank: Opt(Type.Boolean()),
  openPrint: Opt(Type.Boolean()),
  openRank: Opt(Type.Boolean()),
  allowEndSubmit: Opt(Type.Boolean()),
  rankShowName: Opt(Type.String()),
  oiRankScoreType: Opt(Type.String()),
  starAccount: Opt(Type.Array(Type.String())),
  awardType: Opt(Type.Integer()),
  awardConfigList: Opt(Type.Array(AwardConfigSchema)),
  openAccountLimit: Opt(Type.Boolean()),
  accountLimitRule: Opt(Type.String()),
  visible: Opt(Type.Boolean()),
  uid: Opt(Type.String()),
  author: Opt(Type.String()),
  gid: Opt(Type.Integer()),
  source: Opt(Type.Integer()),
});
export type AdminContestBody = Static<typeof AdminContestBody>;

export const AdminContestListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  keyword: Type.Optional(Type.String()),
});

export const ChangeVisibleQuery = Type.Object({
  cid: Type.Integer(),
  uid: Type.Optional(Type.String()),
  visible: Type.Boolean(),
});

export const ContestProblemBody = Type.Object({
  id: Opt(Type.Integer()),
  cid: Opt(Type.Integer()),
  pid: Opt(Type.Integer()),
  displayId: Opt(Type.String()),
  displayTitle: Opt(Type.String()),
  color: Opt(Type.String()),
});

export const AddFromPublicBody = Type.Object({
  pid: Opt(Type.Integer()),
  cid: Opt(Type.Integer()),
  displayId: Opt(Type.String()),
});

export const CidPidQuery = Type.Object({ cid: Type.Integer(), pid: Type.Integer() });
export const RemoveProblemQuery = Type.Object({ pid: Type.Integer(), cid: Type.Optional(Type.Integer()) });

export const AnnouncementBody = Type.Object({
  announcement: Type.Optional(
    Type.Object({
      id: Opt(Type.Integer()),
      title: Opt(Type.String()),
      content: Opt(Type.String()),
      status: Opt(Type.Integer()),
    }),
  ),
  cid: Opt(Type.Integer()),
});

export const AidQuery = Type.Object({ aid: Type.Integer() });
export const IdQuery = Type.Object({ id: Type.Integer() });

export const ScrollBoardQuery = Type.Object({
  cid: Type.Integer(),
  removeStar: Type.Optional(Type.Boolean()),
});

export const AdminProblemListQuery = Type.Object({
  cid: Type.Integer(),
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  problemType: Type.Optional(Type.Integer()),
  oj: Type.Optional(Type.String()),
  keyword: Type.Optional(Type.String()),
});
export type AdminProblemListQuery = Static<typeof AdminProblemListQuery>;

export const RankDownloadQuery = Type.Object({
  cid: Type.Integer(),
  forceRefresh: Type.Boolean(),
  removeStar: Type.Optional(Type.Boolean()),
  containEnd: Type.Optional(Type.Boolean()),
});

export const AcSubmissionDownloadQuery = Type.Object({
  cid: Type.Integer(),
  excludeAdmin: Type.Optional(Type.Boolean()),
  splitType: Type.Optional(Type.String()),
});
