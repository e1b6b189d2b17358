// Calls of the comment area (reference contests-trainings-discussions.md §4; services/src/discussion).
import type { CommentVO, ReplyVO } from '@oj/protocol/discussion/schemas';
import { http } from '../api/client';

/** Where comments live: a contest's Q&A or a discussion. */
export type CommentSource = { kind: 'contest'; cid: number } | { kind: 'discussion'; did: number };

const sourceParams = (s: CommentSource) => (s.kind === 'contest' ? { cid: s.cid } : { did: s.did });

export const commentApi = {
  list: (s: CommentSource, currentPage: number, limit: number) =>
    http.get('/api/comments', { ...sourceParams(s), currentPage, limit }),
  post: (s: CommentSource, content: string) => http.post('/api/comment', { ...sourceParams(s), content }),
  remove: (s: CommentSource, c: Pick<CommentVO, 'id' | 'fromUid'>) =>
    http.delete('/api/comment', undefined, {
      body: { id: c.id, fromUid: c.fromUid, ...sourceParams(s) },
    }),
  like: (s: CommentSource, commentId: number, toLike: boolean) =>
    http.get('/api/comment-like', {
      cid: commentId,
      toLike,
      sourceId: s.kind === 'contest' ? s.cid : s.did,
      sourceType: s.kind === 'contest' ? 'Contest' : 'Discussion',
    }),
  replies: (s: CommentSource, commentId: number) =>
    http.get('/api/reply', { commentId, ...(s.kind === 'contest' ? { cid: s.cid } : {}) }),
  reply: (
    s: CommentSource,
    to: { commentId: number; toUid: string; toName: string; toAvatar: string | null },
    content: string,
    quote: { id: number; type: 'Comment' | 'Reply' },
  ) =>
    http.post('/api/reply', {
      reply: { ...to, content },
      ...(s.kind === 'discussion' ? { did: s.did } : {}),
      quoteId: quote.id,
      quoteType: quote.type,
    }),
  removeReply: (s: CommentSource, r: Pick<ReplyVO, 'id' | 'commentId'>) =>
    http.delete('/api/reply', undefined, {
      body: {
        reply: { id: r.id, commentId: r.commentId },
        ...(s.kind === 'discussion' ? { did: s.did } : {}),
      },
    }),
};
