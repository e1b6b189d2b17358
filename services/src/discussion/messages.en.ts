// English twins of the comment area's wire texts (issue #16).
import { registerEnglish, registerEnglishPattern } from '../platform/http/message-catalog';
import { M } from './messages';

registerEnglish({
  [M.CONTEST_SWITCH_OFF]: 'The contest comment area is not enabled on this site!',
  [M.PUBLIC_SWITCH_OFF]: 'The public discussion area is not enabled on this site!',
  [M.GROUP_SWITCH_OFF]: 'The group discussion area is not enabled on this site!',
  [M.NO_PERMISSION]: 'Sorry, you do not have permission for this operation!',
  [M.SOURCE_MISSING]: 'Bad request: cid and did must not both be empty!',
  [M.CONTEST_MISSING]: 'Sorry, this contest does not exist!',
  [M.DISCUSSION_MISSING]: 'Sorry, this discussion does not exist!',
  [M.COMMENT_EMPTY]: 'The comment must not be empty!',
  [M.COMMENT_LONG]: 'The comment is too long, please shorten it!',
  [M.COMMENT_CONTEST_GONE]: 'Commenting failed: the contest no longer exists!',
  [M.COMMENT_DISCUSSION_GONE]: 'Commenting failed: the discussion no longer exists!',
  [M.COMMENT_FAILED]: 'Commenting failed, please try again!',
  [M.DELETE_COMMENT_ID]: 'The comment id must not be empty',
  [M.DELETE_COMMENT_GONE]: 'Deletion failed: the comment no longer exists!',
  [M.DELETE_COMMENT_DENIED]: 'You may not delete this comment',
  [M.LIKE_FAILED]: 'Liking failed, please try again!',
  [M.UNLIKE_FAILED]: 'Removing the like failed, please try again!',
  [M.REPLY_EMPTY]: 'The reply must not be empty!',
  [M.REPLY_LONG]: 'The reply is too long, please shorten it!',
  [M.REPLY_PARAMS]: 'Replying failed: bad request parameters!',
  [M.REPLY_COMMENT_GONE]: 'Replying failed: the comment no longer exists!',
  [M.REPLY_DENIED]: 'Sorry, you may not reply!',
  [M.DELETE_REPLY_EMPTY]: 'Deletion failed: no reply given!',
  [M.DELETE_REPLY_GONE]: 'Deletion failed: the reply no longer exists!',
  [M.DELETE_REPLY_COMMENT_GONE]: 'Deletion failed: the comment of this reply no longer exists!',
  [M.DELETE_REPLY_DENIED]: 'You may not delete this reply',
});
registerEnglishPattern(
  /^对不起，您暂时不能评论！请先去提交题目通过(\d+)道以上!$/,
  (m) => `Sorry, you cannot comment yet! Solve more than ${m[1]} problems first!`,
);
registerEnglishPattern(
  /^对不起，您暂时不能回复！请先去提交题目通过(\d+)道以上!$/,
  (m) => `Sorry, you cannot reply yet! Solve more than ${m[1]} problems first!`,
);
