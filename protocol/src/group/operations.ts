// The group capability's operations (issue #30): request schemas and success envelope per route.
import { EmptyEnvelope, EnvelopeOf, FileBytes } from '../envelope';
import type { OperationTable } from '../operations';
import { CompileBody, ProblemDTO } from '../problem/schemas';
import { GroupCreateRule } from '../write-rules';
import {
  AidQuery,
  ApplyQuery,
  GidQuery,
  GroupAccessEnvelope,
  GroupAdminProblemPageEnvelope,
  GroupAnnouncementBody,
  GroupAnnouncementPageEnvelope,
  GroupApplyPublicQuery,
  GroupAuthEnvelope,
  GroupAvatarParams,
  GroupAvatarUploadQuery,
  GroupBody,
  GroupCardPageEnvelope,
  GroupContestProblemEnvelope,
  GroupDetailEnvelope,
  GroupListQuery,
  GroupMemberPageEnvelope,
  GroupPidQuery,
  GroupProblemAuthQuery,
  GroupProblemCasesEnvelope,
  GroupProblemEnvelope,
  GroupProblemPageEnvelope,
  GroupRankPageEnvelope,
  GroupRankQuery,
  GroupTagsEnvelope,
  MemberBody,
  MemberDeleteQuery,
  MemberListQuery,
  PagedGidQuery,
} from './schemas';

/** The checker compile of a group problem's form: data null, the verdict in status and msg. */
const compile = { querystring: GidQuery, body: CompileBody, response: EmptyEnvelope } as const;

export const groupOperations = {
  'GET /api/get-group-list': { querystring: GroupListQuery, response: GroupCardPageEnvelope },
  'GET /api/get-group-detail': { querystring: GidQuery, response: GroupDetailEnvelope },
  'GET /api/get-group-access': { querystring: GidQuery, response: GroupAccessEnvelope },
  'GET /api/get-group-auth': { querystring: GidQuery, response: GroupAuthEnvelope },
  'GET /api/group-create-rule': { response: EnvelopeOf(GroupCreateRule) },
  'POST /api/group': { body: GroupBody, response: EmptyEnvelope },
  'PUT /api/group': { body: GroupBody, response: EmptyEnvelope },
  'DELETE /api/group': { querystring: GidQuery, response: EmptyEnvelope },
  'GET /api/group/get-member-list': { querystring: MemberListQuery, response: GroupMemberPageEnvelope },
  'GET /api/group/get-apply-list': { querystring: MemberListQuery, response: GroupMemberPageEnvelope },
  'POST /api/group/member': { querystring: ApplyQuery, response: EmptyEnvelope },
  'PUT /api/group/member': { body: MemberBody, response: EmptyEnvelope },
  'DELETE /api/group/member': { querystring: MemberDeleteQuery, response: EmptyEnvelope },
  'DELETE /api/group/member/exit': { querystring: GidQuery, response: EmptyEnvelope },
  'GET /api/group/get-announcement-list': {
    querystring: PagedGidQuery,
    response: GroupAnnouncementPageEnvelope,
  },
  'GET /api/group/get-admin-announcement-list': {
    querystring: PagedGidQuery,
    response: GroupAnnouncementPageEnvelope,
  },
  'POST /api/group/announcement': { body: GroupAnnouncementBody, response: EmptyEnvelope },
  'PUT /api/group/announcement': { body: GroupAnnouncementBody, response: EmptyEnvelope },
  'DELETE /api/group/announcement': { querystring: AidQuery, response: EmptyEnvelope },
  'POST /api/file/upload-group-avatar': {
    querystring: GroupAvatarUploadQuery,
    response: GroupDetailEnvelope,
  },
  'GET /api/public/group-avatar/:name': { params: GroupAvatarParams, response: FileBytes },
  'GET /api/get-group-rank-list': { querystring: GroupRankQuery, response: GroupRankPageEnvelope },

  'POST /api/group/compile-spj': compile,
  'POST /api/group/compile-interactive': compile,
  'GET /api/group/get-problem-list': { querystring: PagedGidQuery, response: GroupProblemPageEnvelope },
  'GET /api/group/get-admin-problem-list': {
    querystring: PagedGidQuery,
    response: GroupAdminProblemPageEnvelope,
  },
  'GET /api/group/get-all-problem-tags': { querystring: GidQuery, response: GroupTagsEnvelope },
  'GET /api/group/problem': { querystring: GroupPidQuery, response: GroupProblemEnvelope },
  'POST /api/group/problem': { body: ProblemDTO, response: EmptyEnvelope },
  'POST /api/group/contest-problem': { body: ProblemDTO, response: GroupContestProblemEnvelope },
  'PUT /api/group/problem': { body: ProblemDTO, response: EmptyEnvelope },
  'DELETE /api/group/problem': { querystring: GroupPidQuery, response: EmptyEnvelope },
  'GET /api/group/get-problem-cases': { querystring: GroupPidQuery, response: GroupProblemCasesEnvelope },
  'PUT /api/group/change-problem-auth': { querystring: GroupProblemAuthQuery, response: EmptyEnvelope },
  'PUT /api/group/apply-public': { querystring: GroupApplyPublicQuery, response: EmptyEnvelope },
} as const satisfies Partial<OperationTable>;
