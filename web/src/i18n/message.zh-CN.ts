// 消息中心的文字。
export const messageZhCN = {
  msgCenter: {
    title: '消息中心',
    discuss: '评论我的',
    reply: '回复我的',
    like: '收到的赞',
    sys: '系统通知',
    mine: '我的消息',
    clean: '清空',
    confirmClean: '确定清空这一类的全部消息吗？',
    delete: '删除',
    confirmDelete: '确定删除这条消息吗？',
    deleted: '删除成功',
    empty: '暂无消息',
    unread: '未读',
    source: '来源',
    actDiscuss: '评论了你的讨论',
    actReply: '回复了你',
    actLikePost: '赞了你的讨论',
    actLikeDiscuss: '赞了你的评论',
    deletedSource: '原内容已被删除',
  },
};
