// The contest capability's operations (issue #30): request schemas and success envelope per route.
import { EmptyEnvelope, FileBytes } from '../envelope';
import type { OperationTable } from '../operations';
// contest/routes.ts
import { PidQuery, ProblemDTO } from '../problem/schemas';
import {
  AddedPublicProblemEnvelope,
  AdminContestPageEnvelope,
  AdminContestProblemListEnvelope,
  AdminContestVOEnvelope,
  AnnouncementListEnvelope,
  AnnouncementVOPageEnvelope,
  ContestAccessEnvelope,
  ContestInfoEnvelope,
  ContestOutsideInfoEnvelope,
  ContestPrintPageEnvelope,
  ContestProblemEnvelope,
  ContestProblemInfoEnvelope,
  ContestProblemVOListEnvelope,
  ContestRankPageEnvelope,
  ContestRecordPageEnvelope,
  ContestScrollBoardInfoEnvelope,
  ContestScrollBoardSubmissionListEnvelope,
  ContestVOPageEnvelope,
  CreatedProblemIdEnvelope,
  OiScrollBoardEnvelope,
  ProblemEnvelope,
  RecentContestListEnvelope,
  RecentOtherContestEnvelope,
} from './responses';
import {
  AcSubmissionDownloadQuery,
  AddFromPublicBody,
  AdminContestBody,
  AdminContestListQuery,
  AdminProblemListQuery,
  AidQuery,
  AnnouncementBody,
  ChangeVisibleQuery,
  CheckAcInfoBody,
  CheckPrintQuery,
  CidPidQuery,
  CidQuery,
  ContestListQuery,
  ContestProblemBody,
  ContestProblemDetailQuery,
  ContestProblemQuery,
  ContestRankBody,
  IdQuery,
  PagedCidQuery,
  PrintBody,
  RankDownloadQuery,
  ReadAnnouncementsBody,
  RegisterContestBody,
  RemoveProblemQuery,
  ScrollBoardQuery,
  UnreadAnnouncementBody,
} from './schemas';
// group, replay, virtual, ccs admin
import { PagedGidQuery } from '../group/schemas';
import { GroupAdminContestPageEnvelope, GroupContestPageEnvelope } from './group-responses';
import { AddFromGroupQuery, AidCidQuery, GroupContestVisibleQuery } from './group-schemas';
import { CcsArchiveImportEnvelope, CcsArchiveQuery } from './ccs-archive';
import { CcsFeedBoardEnvelope, CcsFeedBody, CcsImportBody, CcsImportResultEnvelope } from './ccs-import';
import {
  ContestReplaysEnvelope,
  ReplayBoardPageEnvelope,
  ReplayBoardQuery,
  ReplayControlBody,
  ReplayStartBody,
  ReplayStateEnvelope,
} from './replay';
import {
  CheckContestSubmissionsBody,
  ContestJudgePageEnvelope,
  ContestSubmissionListQuery,
  ContestSubmissionStatusEnvelope,
  RejudgeContestProblemQuery,
} from './submissions';
import {
  ClarificationListEnvelope,
  GhostPageEnvelope,
  OptionalVirtualParticipationEnvelope,
  VirtualAnnouncementsEnvelope,
  VirtualBoardQuery,
  VirtualFinalBoardEnvelope,
  VirtualFinalBoardQuery,
  VirtualOfUserQuery,
  VirtualParticipationEnvelope,
  VirtualParticipationListEnvelope,
  VirtualStartBody,
  VirtualVidQuery,
} from './virtual-schemas';

export const contestOperations = {
  // contest/routes.ts
  'GET /api/get-contest-list': { querystring: ContestListQuery, response: ContestVOPageEnvelope },
  'GET /api/get-recent-contest': { response: RecentContestListEnvelope },
  'GET /api/get-recent-other-contest': { response: RecentOtherContestEnvelope },
  'GET /api/get-contest-info': { querystring: CidQuery, response: ContestInfoEnvelope },
  'GET /api/get-contest-outsize-info': { querystring: CidQuery, response: ContestOutsideInfoEnvelope },
  'GET /api/get-contest-access': { querystring: CidQuery, response: ContestAccessEnvelope },
  'POST /api/register-contest': { body: RegisterContestBody, response: EmptyEnvelope },
  'GET /api/get-contest-problem': {
    querystring: ContestProblemQuery,
    response: ContestProblemVOListEnvelope,
  },
  'GET /api/get-contest-problem-details': {
    querystring: ContestProblemDetailQuery,
    response: ContestProblemInfoEnvelope,
  },
  'GET /api/get-contest-announcement': { querystring: PagedCidQuery, response: AnnouncementVOPageEnvelope },
  'POST /api/get-contest-not-read-announcement': {
    body: UnreadAnnouncementBody,
    response: AnnouncementListEnvelope,
  },
  'POST /api/contest-announcement-read': { body: ReadAnnouncementsBody, response: EmptyEnvelope },
  // Rank pages are sent as ready bytes (never serialised); the schema documents them.
  'POST /api/get-contest-rank': { body: ContestRankBody, response: ContestRankPageEnvelope },
  'POST /api/get-contest-outside-scoreboard': { body: ContestRankBody, response: ContestRankPageEnvelope },
  'GET /api/get-contest-ac-info': { querystring: PagedCidQuery, response: ContestRecordPageEnvelope },
  'PUT /api/check-contest-ac-info': { body: CheckAcInfoBody, response: EmptyEnvelope },
  'POST /api/submit-print-text': { body: PrintBody, response: EmptyEnvelope },
  'GET /api/get-contest-print': { querystring: PagedCidQuery, response: ContestPrintPageEnvelope },
  'PUT /api/check-contest-print-status': { querystring: CheckPrintQuery, response: EmptyEnvelope },
  'GET /api/file/download-contest-print-text': { querystring: IdQuery, response: FileBytes },
  'GET /api/get-contest-scroll-board-info': {
    querystring: CidQuery,
    response: ContestScrollBoardInfoEnvelope,
  },
  'GET /api/get-contest-scroll-board-submission': {
    querystring: ScrollBoardQuery,
    response: ContestScrollBoardSubmissionListEnvelope,
  },
  'GET /api/get-contest-scroll-board-oi': { querystring: ScrollBoardQuery, response: OiScrollBoardEnvelope },
  'GET /api/file/download-contest-rank': { querystring: RankDownloadQuery, response: FileBytes },
  'GET /api/file/download-contest-ac-submission': {
    querystring: AcSubmissionDownloadQuery,
    response: FileBytes,
  },
  'GET /api/admin/contest/get-contest-list': {
    querystring: AdminContestListQuery,
    response: AdminContestPageEnvelope,
  },
  'GET /api/admin/contest': { querystring: CidQuery, response: AdminContestVOEnvelope },
  'POST /api/admin/contest': { body: AdminContestBody, response: EmptyEnvelope },
  'PUT /api/admin/contest': { body: AdminContestBody, response: EmptyEnvelope },
  'DELETE /api/admin/contest': { querystring: CidQuery, response: EmptyEnvelope },
  'GET /api/admin/contest/clone': { querystring: CidQuery, response: EmptyEnvelope },
  'PUT /api/admin/contest/change-contest-visible': {
    querystring: ChangeVisibleQuery,
    response: EmptyEnvelope,
  },
  'GET /api/admin/contest/get-problem-list': {
    querystring: AdminProblemListQuery,
    response: AdminContestProblemListEnvelope,
  },
  'GET /api/admin/contest/problem': { querystring: PidQuery, response: ProblemEnvelope },
  'POST /api/admin/contest/problem': { body: ProblemDTO, response: CreatedProblemIdEnvelope },
  'PUT /api/admin/contest/problem': { body: ProblemDTO, response: EmptyEnvelope },
  'GET /api/admin/contest/contest-problem': { querystring: CidPidQuery, response: ContestProblemEnvelope },
  'PUT /api/admin/contest/contest-problem': { body: ContestProblemBody, response: ContestProblemEnvelope },
  'POST /api/admin/contest/add-problem-from-public': {
    body: AddFromPublicBody,
    response: AddedPublicProblemEnvelope,
  },
  'DELETE /api/admin/contest/problem': { querystring: RemoveProblemQuery, response: EmptyEnvelope },
  'GET /api/admin/contest/announcement': { querystring: PagedCidQuery, response: AnnouncementVOPageEnvelope },
  'POST /api/admin/contest/announcement': { body: AnnouncementBody, response: EmptyEnvelope },
  'PUT /api/admin/contest/announcement': { body: AnnouncementBody, response: EmptyEnvelope },
  'DELETE /api/admin/contest/announcement': { querystring: AidQuery, response: EmptyEnvelope },
  // end contest/routes.ts
  // group, replay, virtual, ccs admin
  'GET /api/contest-submissions': {
    querystring: ContestSubmissionListQuery,
    response: ContestJudgePageEnvelope,
  },
  'POST /api/check-contest-submissions-status': {
    body: CheckContestSubmissionsBody,
    response: ContestSubmissionStatusEnvelope,
  },
  'GET /api/admin/judge/rejudge-contest-problem': {
    querystring: RejudgeContestProblemQuery,
    response: EmptyEnvelope,
  },
  'GET /api/admin/contest/ccs/archive': { querystring: CcsArchiveQuery, response: FileBytes },
  'POST /api/admin/contest/ccs/archive/import': { response: CcsArchiveImportEnvelope },
  'POST /api/admin/contest/ccs/import': { body: CcsImportBody, response: CcsImportResultEnvelope },
  'POST /api/admin/contest/ccs/feed-board': { body: CcsFeedBody, response: CcsFeedBoardEnvelope },
  'POST /api/contest/replay/start': { body: ReplayStartBody, response: ReplayStateEnvelope },
  'POST /api/contest/replay/control': { body: ReplayControlBody, response: ReplayStateEnvelope },
  'GET /api/contest/replay/of-contest': { querystring: CidQuery, response: ContestReplaysEnvelope },
  'GET /api/contest/replay/board': { querystring: ReplayBoardQuery, response: ReplayBoardPageEnvelope },
  'POST /api/contest/virtual/start': { body: VirtualStartBody, response: VirtualParticipationEnvelope },
  'GET /api/contest/virtual/current': { response: OptionalVirtualParticipationEnvelope },
  'GET /api/contest/virtual/of-contest': {
    querystring: CidQuery,
    response: OptionalVirtualParticipationEnvelope,
  },
  'GET /api/contest/virtual/board': { querystring: VirtualBoardQuery, response: GhostPageEnvelope },
  'GET /api/contest/virtual/announcements': {
    querystring: VirtualVidQuery,
    response: VirtualAnnouncementsEnvelope,
  },
  'GET /api/contest/virtual/clarifications': {
    querystring: VirtualVidQuery,
    response: ClarificationListEnvelope,
  },
  'GET /api/contest/virtual/of-user': {
    querystring: VirtualOfUserQuery,
    response: VirtualParticipationListEnvelope,
  },
  'GET /api/contest/virtual/final-board': {
    querystring: VirtualFinalBoardQuery,
    response: VirtualFinalBoardEnvelope,
  },
  'GET /api/group/get-contest-list': { querystring: PagedGidQuery, response: GroupContestPageEnvelope },
  'GET /api/group/get-admin-contest-list': {
    querystring: PagedGidQuery,
    response: GroupAdminContestPageEnvelope,
  },
  'GET /api/group/contest': { querystring: CidQuery, response: AdminContestVOEnvelope },
  'POST /api/group/contest': { body: AdminContestBody, response: EmptyEnvelope },
  'PUT /api/group/contest': { body: AdminContestBody, response: EmptyEnvelope },
  'DELETE /api/group/contest': { querystring: CidQuery, response: EmptyEnvelope },
  'PUT /api/group/change-contest-visible': { querystring: GroupContestVisibleQuery, response: EmptyEnvelope },
  'GET /api/group/get-contest-problem-list': {
    querystring: AdminProblemListQuery,
    response: AdminContestProblemListEnvelope,
  },
  'GET /api/group/contest-problem': { querystring: CidPidQuery, response: ContestProblemEnvelope },
  'PUT /api/group/contest-problem': { body: ContestProblemBody, response: EmptyEnvelope },
  'DELETE /api/group/contest-problem': { querystring: CidPidQuery, response: EmptyEnvelope },
  'POST /api/group/add-contest-problem-from-public': {
    body: AddFromPublicBody,
    response: AddedPublicProblemEnvelope,
  },
  'POST /api/group/add-contest-problem-from-group': {
    querystring: AddFromGroupQuery,
    response: EmptyEnvelope,
  },
  'GET /api/group/get-contest-announcement-list': {
    querystring: PagedCidQuery,
    response: AnnouncementVOPageEnvelope,
  },
  'POST /api/group/contest-announcement': { body: AnnouncementBody, response: EmptyEnvelope },
  'PUT /api/group/contest-announcement': { body: AnnouncementBody, response: EmptyEnvelope },
  'DELETE /api/group/contest-announcement': { querystring: AidCidQuery, response: EmptyEnvelope },
} as const satisfies Partial<OperationTable>;
