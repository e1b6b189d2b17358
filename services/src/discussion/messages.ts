// Wire texts of the comment area (reference/api/contests-trainings-discussions.md §0.5, §4).
// Kept verbatim: the client shows them.
export const M = {
  CONTEST_SWITCH_OFF: '网站当前未开启比赛评论区的功能，不可访问！',
  PUBLIC_SWITCH_OFF: '网站当前未开启公开讨论区的功能，不可访问！',
  GROUP_SWITCH_OFF: '网站当前未开启团队讨论区的功能，不可访问！',
  NO_PERMISSION: '对不起，您无权限操作！',
  SOURCE_MISSING: '请求参数错误：cid与did不能同时为空！',
  CONTEST_MISSING: '对不起，该比赛不存在！',
  DISCUSSION_MISSING: '对不起，该讨论不存在！',

  COMMENT_EMPTY: '评论的内容不能为空！',
  COMMENT_LONG: '评论的内容长度超过限制，请重新编辑！',
  COMMENT_CONTEST_GONE: '评论失败，该比赛已不存在！',
  COMMENT_DISCUSSION_GONE: '评论失败，该讨论已不存在！',
  COMMENT_AC_LIMIT: (n: number) => `对不起，您暂时不能评论！请先去提交题目通过${n}道以上!`,
  COMMENT_FAILED: '评论失败，请重新尝试！',

  DELETE_COMMENT_ID: '评论ID不能为空',
  DELETE_COMMENT_GONE: '删除失败，当前评论已不存在！',
  DELETE_COMMENT_DENIED: '无权删除该评论',

  LIKE_FAILED: '点赞失败，请重试尝试！',
  UNLIKE_FAILED: '取消点赞失败，请重试尝试！',

  REPLY_EMPTY: '回复的内容不能为空！',
  REPLY_LONG: '回复的内容长度超过限制，请重新编辑！',
  REPLY_PARAMS: '回复失败，当前请求的参数错误！',
  REPLY_COMMENT_GONE: '回复失败，当前评论已不存在！',
  REPLY_DENIED: '对不起，您无权限回复！',
  REPLY_AC_LIMIT: (n: number) => `对不起，您暂时不能回复！请先去提交题目通过${n}道以上!`,

  DELETE_REPLY_EMPTY: '删除失败，删除的回复不可为空！',
  DELETE_REPLY_GONE: '删除失败，当前回复的数据已不存在！',
  DELETE_REPLY_COMMENT_GONE: '删除失败，当前回复所属的评论已不存在！',
  DELETE_REPLY_DENIED: '无权删除该回复',
} as const;
