/**
 * socket.io events between the gateway and browsers. The gateway pushes domain
 * events (already persisted) to rooms; clients ask to join rooms with acknowledgements.
 * Browser-safe: no node imports.
 */
import { Type, type Static } from '@sinclair/typebox';

/** Server → client event names. */
export const ServerEvents = {
  /** A submission's status or verdict changed (payload SubmissionUpdate). */
  submissionUpdated: 'submission:updated',
  /** The connection's session was revoked: the client should log out. */
  sessionRevoked: 'session:revoked',
} as const;

/** Client → server event names (each answered through the socket.io ack callback). */
export const ClientEvents = {
  subscribeSubmission: 'subscribe:submission',
  unsubscribeSubmission: 'unsubscribe:submission',
  subscribeProblem: 'subscribe:problem',
  unsubscribeProblem: 'unsubscribe:problem',
} as const;

/** What caused a submission update. */
export const SubmissionUpdateReasonSchema = Type.Union([
  Type.Literal('submitted'),
  Type.Literal('progress'),
  Type.Literal('result'),
  Type.Literal('rejudge'),
  Type.Literal('resubmit'),
  Type.Literal('cancel'),
  Type.Literal('manual'),
]);
export type SubmissionUpdateReason = Static<typeof SubmissionUpdateReasonSchema>;

/**
 * Domain event on `Subjects.submissionUpdated(id)` and socket event `submission:updated`.
 * Carries no code and no error text: clients fetch details through the REST API,
 * which applies the visibility rules.
 */
export const SubmissionUpdateSchema = Type.Object({
  submitId: Type.Integer(),
  uid: Type.String(),
  pid: Type.Integer(),
  cid: Type.Integer(),
  gid: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Integer(),
  version: Type.Integer(),
  reason: SubmissionUpdateReasonSchema,
  time: Type.Union([Type.Integer(), Type.Null()]),
  memory: Type.Union([Type.Integer(), Type.Null()]),
  score: Type.Union([Type.Integer(), Type.Null()]),
  judger: Type.Union([Type.String(), Type.Null()]),
  /** Progress: cases finished so far / to judge, when the runner says. */
  casesDone: Type.Optional(Type.Integer()),
  casesTotal: Type.Optional(Type.Integer()),
  /** Milliseconds since the epoch when the server published it. */
  at: Type.Integer(),
});
export type SubmissionUpdate = Static<typeof SubmissionUpdateSchema>;

/** Body of every subscribe/unsubscribe request. */
export const SubscribeSubmissionSchema = Type.Object({ submitId: Type.Integer({ minimum: 1 }) });
export const SubscribeProblemSchema = Type.Object({ pid: Type.Integer({ minimum: 1 }) });

/** The ack answer: ok, or a reason (not-found, denied, bad-request). */
export type SubscribeAck = { ok: true } | { ok: false; error: 'bad-request' | 'not-found' | 'denied' };

/**
 * Request/reply subject a gateway in its own process uses to ask the judge service
 * whether a viewer may watch a room. (To be moved into `Subjects` by its owner.)
 */
export const WATCH_CHECK_SUBJECT = 'oj.judge.watch-check';

export interface WatchCheckRequest {
  kind: 'submission' | 'problem';
  id: number;
  viewer: { uid: string; username: string; roleIds: number[]; roles: string[]; permissions: string[] } | null;
}
