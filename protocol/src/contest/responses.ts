/**
 * Success answers of the contest endpoints (issue #30), named after the reference's wire objects
 * (reference/api/contests-trainings-discussions.md §1, core.md §1, groups-admin-files.md §4.10).
 * Fastify serialises each answer through these schemas: a field not written here never leaves.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeOf, PageOf } from '../envelope';
import { Nullable } from '../nullable';
import { Problem, ProblemCount, Tag } from '../problem/schemas';
import { AwardConfigSchema } from './schemas';
import { OiScrollBoard } from './scroll-board';

const DateStr = Type.String({ description: 'ISO-8601 UTC, e.g. 2023-05-01T08:30:00.000+0000' });
/** The scroll board's dates (hoj-scrollBoard): "yyyy/MM/dd HH:mm:ss" in GMT+8. */
const ScrollDate = Type.String({ description: 'yyyy/MM/dd HH:mm:ss, GMT+8' });

// ---------- contests (participant side) ----------

const ContestVOFields = {
  id: Type.Integer(),
  author: Type.String(),
  title: Type.String(),
  /** 0 ACM, 1 OI. */
  type: Type.Integer(),
  description: Type.String(),
  /** -1 scheduled, 0 running, 1 ended. */
  status: Type.Integer(),
  source: Type.Integer(),
  /** 0 public, 1 private, 2 protected. */
  auth: Type.Integer(),
  now: Nullable(DateStr),
  startTime: DateStr,
  endTime: DateStr,
  /** Seconds. */
  duration: Type.Number(),
  sealRank: Nullable(Type.Boolean()),
  openPrint: Nullable(Type.Boolean()),
  sealRankTime: Nullable(DateStr),
  rankShowName: Nullable(Type.String()),
  autoRealRank: Nullable(Type.Boolean()),
  openRank: Type.Boolean(),
  oiRankScoreType: Type.String(),
  gid: Nullable(Type.Integer()),
  allowEndSubmit: Type.Boolean(),
  /** Registrations; null (not 0) when nobody registered. */
  count: Nullable(Type.Integer()),
};

/** A contest as the list and the contest pages show it. */
export const ContestVO = Type.Object(ContestVOFields);
export type ContestVO = Static<typeof ContestVO>;

/** GET /api/get-recent-contest: the home page's few fields; these three are null there. */
export const RecentContestVO = Type.Object({
  ...ContestVOFields,
  description: Type.Null(),
  openRank: Type.Null(),
  allowEndSubmit: Type.Null(),
});
export type RecentContestVO = Static<typeof RecentContestVO>;

/** GET /api/get-contest-info: the VO plus this server's addition, whether the caller administers it. */
export const ContestInfoVO = Type.Object({ ...ContestVOFields, isContestAdmin: Type.Boolean() });
export type ContestInfoVO = Static<typeof ContestInfoVO>;

/** A contest_problem row. */
export const ContestProblem = Type.Object({
  id: Type.Integer(),
  displayId: Type.String(),
  cid: Type.Integer(),
  pid: Type.Integer(),
  displayTitle: Type.String(),
  color: Nullable(Type.String()),
  gmtCreate: Nullable(DateStr),
  gmtModified: Nullable(DateStr),
});
export type ContestProblem = Static<typeof ContestProblem>;

export const ContestOutsideInfo = Type.Object({
  contest: ContestVO,
  problemList: Type.Array(ContestProblem),
});
export type ContestOutsideInfo = Static<typeof ContestOutsideInfo>;

export const ContestAccess = Type.Object({ access: Type.Boolean() });

/** A row of GET /api/get-contest-problem. */
export const ContestProblemVO = Type.Object({
  id: Type.Integer(),
  displayId: Type.String(),
  cid: Type.Integer(),
  pid: Type.Integer(),
  displayTitle: Type.String(),
  color: Nullable(Type.String()),
  ac: Type.Integer(),
  total: Type.Integer(),
});
export type ContestProblemVO = Static<typeof ContestProblemVO>;

/**
 * GET /api/get-contest-problem-details: the `Problem` under its contest title; before the contest
 * ends its source, author and difficulty are null.
 */
export const ContestProblemInfoVO = Type.Object({
  problem: Type.Object({
    ...Problem.properties,
    author: Nullable(Type.String()),
    difficulty: Nullable(Type.Integer()),
  }),
  tags: Type.Array(Tag),
  languages: Type.Array(Type.String()),
  problemCount: Type.Object({ ...ProblemCount.properties, pid: Type.Null() }),
  /** Language name → template code. */
  codeTemplate: Type.Record(Type.String(), Type.String()),
});
export type ContestProblemInfoVO = Static<typeof ContestProblemInfoVO>;

// ---------- announcements ----------

export const AnnouncementVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  uid: Nullable(Type.String()),
  username: Nullable(Type.String()),
  /** 0 visible, 1 hidden. */
  status: Type.Integer(),
  gmtCreate: Nullable(DateStr),
  gmtModified: Nullable(DateStr),
});
export type AnnouncementVO = Static<typeof AnnouncementVO>;

/** POST /api/get-contest-not-read-announcement: announcement rows (no username). */
export const Announcement = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  uid: Nullable(Type.String()),
  status: Type.Integer(),
  gid: Nullable(Type.Integer()),
  gmtCreate: Nullable(DateStr),
  gmtModified: Nullable(DateStr),
});
export type Announcement = Static<typeof Announcement>;

// ---------- rank pages (sent as ready bytes, documented here) ----------

const RankRowFields = {
  rank: Type.Integer(),
  isWinAward: Type.Boolean(),
  awardName: Nullable(Type.String()),
  awardBackground: Nullable(Type.String()),
  awardColor: Nullable(Type.String()),
  uid: Type.String(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  nickname: Nullable(Type.String()),
  school: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
};

/** One (user, problem) cell of the ACM board. */
export const AcmRankCell = Type.Object({
  errorNum: Type.Integer(),
  tryNum: Type.Optional(Type.Integer()),
  isAC: Type.Optional(Type.Literal(true)),
  isFirstAC: Type.Optional(Type.Boolean()),
  /** Seconds from the start. */
  ACTime: Type.Optional(Type.Integer()),
  isAfterContest: Type.Optional(Type.Literal(true)),
});

export const ACMContestRankVO = Type.Object({
  ...RankRowFields,
  /** Seconds. */
  totalTime: Type.Integer(),
  total: Type.Integer(),
  ac: Type.Integer(),
  /** Display id → cell. */
  submissionInfo: Type.Record(Type.String(), AcmRankCell),
});
export type ACMContestRankVO = Static<typeof ACMContestRankVO>;

export const OIContestRankVO = Type.Object({
  ...RankRowFields,
  totalScore: Type.Integer(),
  /** Milliseconds. */
  totalTime: Type.Integer(),
  /** Display id → score. */
  submissionInfo: Type.Record(Type.String(), Nullable(Type.Integer())),
  /** Display id → fastest AC run time in ms. */
  timeInfo: Nullable(Type.Record(Type.String(), Type.Integer())),
});
export type OIContestRankVO = Static<typeof OIContestRankVO>;

/** An ACM or an OI page, by the contest's type. */
export const ContestRankPage = PageOf(Type.Union([ACMContestRankVO, OIContestRankVO]));

// ---------- admin helper, print, scroll board ----------

/** A first-accepted record of GET /api/get-contest-ac-info. */
export const ContestRecord = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  uid: Type.String(),
  pid: Type.Integer(),
  cpid: Type.Null(),
  displayId: Type.String(),
  submitId: Type.Integer(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  status: Type.Integer(),
  submitTime: Nullable(DateStr),
  time: Type.Integer(),
  score: Type.Null(),
  useTime: Type.Null(),
  firstBlood: Type.Boolean(),
  checked: Type.Boolean(),
  gmtCreate: Type.Null(),
  gmtModified: Type.Null(),
});
export type ContestRecord = Static<typeof ContestRecord>;

export const ContestPrint = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  content: Type.Null(),
  /** 0 new, 1 printed. */
  status: Type.Integer(),
  gmtCreate: Nullable(DateStr),
  gmtModified: Type.Null(),
});
export type ContestPrint = Static<typeof ContestPrint>;

export const ContestScrollBoardInfo = Type.Object({
  id: Type.Integer(),
  /** Addition: 0 ACM, 1 OI (which resolver runs). */
  type: Type.Integer(),
  rankShowName: Type.String(),
  problemCount: Type.Integer(),
  /** Display id → balloon colour. */
  balloonColor: Type.Record(Type.String(), Nullable(Type.String())),
  startTime: Nullable(ScrollDate),
  sealRankTime: Nullable(ScrollDate),
  starUserList: Type.Array(Type.String()),
  /** Additions: the award config the medals follow (0 none, 1 percentage, 2 head count). */
  awardType: Type.Integer(),
  awardConfigList: Type.Array(AwardConfigSchema),
});
export type ContestScrollBoardInfo = Static<typeof ContestScrollBoardInfo>;

export const ContestScrollBoardSubmission = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  nickname: Nullable(Type.String()),
  realname: Nullable(Type.String()),
  school: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  submitId: Type.Integer(),
  status: Type.Integer(),
  submitTime: Nullable(ScrollDate),
  displayId: Type.String(),
});
export type ContestScrollBoardSubmission = Static<typeof ContestScrollBoardSubmission>;

// ---------- admin (groups-admin-files.md §4.10) ----------

const AdminContestFields = {
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  startTime: DateStr,
  endTime: DateStr,
  duration: Type.Number(),
  type: Type.Integer(),
  auth: Type.Integer(),
  sealRank: Type.Boolean(),
  sealRankTime: Nullable(DateStr),
  autoRealRank: Type.Boolean(),
  openPrint: Type.Boolean(),
  openRank: Type.Boolean(),
  allowEndSubmit: Type.Boolean(),
  rankShowName: Type.String(),
  openAccountLimit: Type.Boolean(),
  accountLimitRule: Nullable(Type.String()),
  starAccount: Type.Array(Type.String()),
  oiRankScoreType: Type.String(),
  awardType: Type.Integer(),
  awardConfigList: Type.Array(AwardConfigSchema),
  status: Type.Integer(),
  visible: Type.Boolean(),
  uid: Type.String(),
  author: Type.String(),
  gid: Nullable(Type.Integer()),
  isGroup: Type.Boolean(),
  source: Type.Integer(),
  gmtCreate: Nullable(DateStr),
  gmtModified: Nullable(DateStr),
};

/** A row of the admin contest list (the password is left out). */
export const AdminContestListItem = Type.Object(AdminContestFields);
export type AdminContestListItem = Static<typeof AdminContestListItem>;

/** GET /api/admin/contest: the contest as the edit form loads it, password included. */
export const AdminContestVO = Type.Object({ ...AdminContestFields, pwd: Nullable(Type.String()) });
export type AdminContestVO = Static<typeof AdminContestVO>;

/** GET /api/admin/contest/get-problem-list: a page of problems and the contest's links keyed by pid. */
export const AdminContestProblemList = Type.Object({
  problemList: PageOf(Problem),
  contestProblemMap: Type.Record(Type.String(), ContestProblem),
});
export type AdminContestProblemList = Static<typeof AdminContestProblemList>;

export const CreatedProblemId = Type.Object({ pid: Type.Integer() });

/** POST /api/admin/contest/add-problem-from-public: the problem linked (a copy when `copied`). */
export const AddedPublicProblem = Type.Object({
  pid: Type.Integer(),
  problemId: Type.String(),
  copied: Type.Boolean(),
});

// ---------- envelopes ----------

export const ContestVOPageEnvelope = EnvelopeOf(PageOf(ContestVO));
export const RecentContestListEnvelope = EnvelopeOf(Type.Array(RecentContestVO));
/** Deprecated in the reference (external contests); this platform answers an empty list (compat C23). */
export const RecentOtherContestEnvelope = EnvelopeOf(
  Type.Array(
    Type.Object({
      oj: Type.String(),
      url: Type.String(),
      title: Type.String(),
      beginTime: DateStr,
      endTime: DateStr,
    }),
  ),
);
export const ContestInfoEnvelope = EnvelopeOf(ContestInfoVO);
export const ContestOutsideInfoEnvelope = EnvelopeOf(ContestOutsideInfo);
export const ContestAccessEnvelope = EnvelopeOf(ContestAccess);
export const ContestProblemVOListEnvelope = EnvelopeOf(Type.Array(ContestProblemVO));
export const ContestProblemInfoEnvelope = EnvelopeOf(ContestProblemInfoVO);
export const AnnouncementVOPageEnvelope = EnvelopeOf(PageOf(AnnouncementVO));
export const AnnouncementListEnvelope = EnvelopeOf(Type.Array(Announcement));
export const ContestRankPageEnvelope = EnvelopeOf(ContestRankPage);
export const ContestRecordPageEnvelope = EnvelopeOf(PageOf(ContestRecord));
export const ContestPrintPageEnvelope = EnvelopeOf(PageOf(ContestPrint));
export const ContestScrollBoardInfoEnvelope = EnvelopeOf(ContestScrollBoardInfo);
export const ContestScrollBoardSubmissionListEnvelope = EnvelopeOf(Type.Array(ContestScrollBoardSubmission));
export const OiScrollBoardEnvelope = EnvelopeOf(OiScrollBoard);
export const AdminContestPageEnvelope = EnvelopeOf(PageOf(AdminContestListItem));
export const AdminContestVOEnvelope = EnvelopeOf(AdminContestVO);
export const AdminContestProblemListEnvelope = EnvelopeOf(AdminContestProblemList);
export const ProblemEnvelope = EnvelopeOf(Problem);
export const CreatedProblemIdEnvelope = EnvelopeOf(CreatedProblemId);
export const ContestProblemEnvelope = EnvelopeOf(ContestProblem);
export const AddedPublicProblemEnvelope = EnvelopeOf(AddedPublicProblem);
