// The discussion capability's operations (issue #30): request schemas and success envelope per route.
import { EmptyEnvelope } from '../envelope';
import type { OperationTable } from '../operations';
import {
  AdminDiscussionBody,
  AdminDiscussionDeleteBody,
  CategoryBody,
  DiscussionBody,
  DiscussionCategoryListEnvelope,
  DiscussionDeleteQuery,
  DiscussionDetailQuery,
  DiscussionLikeQuery,
  DiscussionListQuery,
  DiscussionPageEnvelope,
  DiscussionReportPageEnvelope,
  DiscussionVOEnvelope,
  DiscussionWriteRuleEnvelope,
  GroupDiscussionListQuery,
  ReportBody,
  ReportListQuery,
  ReportUpdateBody,
} from './posts';
import {
  CommentBody,
  CommentEnvelope,
  CommentLikeQuery,
  CommentListEnvelope,
  CommentsQuery,
  DeleteCommentBody,
  DeleteReplyBody,
  ReplyBody,
  ReplyEnvelope,
  ReplyListEnvelope,
  ReplyQuery,
} from './schemas';

export const discussionOperations = {
  // the comment area
  'GET /api/comments': { querystring: CommentsQuery, response: CommentListEnvelope },
  'POST /api/comment': { body: CommentBody, response: CommentEnvelope },
  'DELETE /api/comment': { body: DeleteCommentBody, response: EmptyEnvelope },
  'GET /api/comment-like': { querystring: CommentLikeQuery, response: EmptyEnvelope },
  'GET /api/reply': { querystring: ReplyQuery, response: ReplyListEnvelope },
  'POST /api/reply': { body: ReplyBody, response: ReplyEnvelope },
  'DELETE /api/reply': { body: DeleteReplyBody, response: EmptyEnvelope },

  // posts
  'GET /api/discussion-category': { response: DiscussionCategoryListEnvelope },
  'POST /api/discussion-category': { body: CategoryBody, response: DiscussionCategoryListEnvelope },
  'GET /api/get-discussion-list': { querystring: DiscussionListQuery, response: DiscussionPageEnvelope },
  'GET /api/get-discussion-detail': { querystring: DiscussionDetailQuery, response: DiscussionVOEnvelope },
  'GET /api/discussion-write-rule': { response: DiscussionWriteRuleEnvelope },
  'POST /api/discussion': { body: DiscussionBody, response: EmptyEnvelope },
  'PUT /api/discussion': { body: DiscussionBody, response: EmptyEnvelope },
  'DELETE /api/discussion': { querystring: DiscussionDeleteQuery, response: EmptyEnvelope },
  'GET /api/discussion-like': { querystring: DiscussionLikeQuery, response: EmptyEnvelope },
  'POST /api/discussion-report': { body: ReportBody, response: EmptyEnvelope },
  'PUT /api/admin/discussion': { body: AdminDiscussionBody, response: EmptyEnvelope },
  'DELETE /api/admin/discussion': { body: AdminDiscussionDeleteBody, response: EmptyEnvelope },
  'GET /api/admin/discussion-report': {
    querystring: ReportListQuery,
    response: DiscussionReportPageEnvelope,
  },
  'PUT /api/admin/discussion-report': { body: ReportUpdateBody, response: EmptyEnvelope },

  // group posts
  'GET /api/group/get-discussion-list': {
    querystring: GroupDiscussionListQuery,
    response: DiscussionPageEnvelope,
  },
  'GET /api/group/get-admin-discussion-list': {
    querystring: GroupDiscussionListQuery,
    response: DiscussionPageEnvelope,
  },
  'POST /api/group/discussion': { body: DiscussionBody, response: EmptyEnvelope },
  'PUT /api/group/discussion': { body: DiscussionBody, response: EmptyEnvelope },
  'DELETE /api/group/discussion': { querystring: DiscussionDeleteQuery, response: EmptyEnvelope },
} as const satisfies Partial<OperationTable>;
