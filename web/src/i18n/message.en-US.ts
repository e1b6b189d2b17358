// English strings of the message center.
import type { messageZhCN } from './message.zh-CN';

export const messageEnUS: typeof messageZhCN = {
  msgCenter: {
    title: 'Messages',
    discuss: 'Comments',
    reply: 'Replies',
    like: 'Likes',
    sys: 'System',
    mine: 'Mine',
    clean: 'Clean all',
    confirmClean: 'Delete every message of this kind?',
    delete: 'Delete',
    confirmDelete: 'Delete this message?',
    deleted: 'Deleted',
    empty: 'No messages',
    unread: 'Unread',
    source: 'Source',
    actDiscuss: 'commented on your discussion',
    actReply: 'replied to you',
    actLikePost: 'liked your discussion',
    actLikeDiscuss: 'liked your comment',
    deletedSource: 'The original was deleted',
  },
};
