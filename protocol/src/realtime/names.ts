/**
 * socket.io event names as plain constants (no TypeBox): the web client imports these without
 * the payload schemas of events.ts and message.ts, which re-export them (issue #16: the
 * browser's entry does not carry a schema library for a few strings).
 */

/** Server → client event names. */
export const ServerEvents = {
  /** A submission's status or verdict changed (payload SubmissionUpdate). */
  submissionUpdated: 'submission:updated',
  /** The connection's session was revoked: the client should log out. */
  sessionRevoked: 'session:revoked',
  /**
   * The gateway missed events (its bus connection came back after an outage): the client reads
   * again what it shows, as after a reconnect of its own (no payload).
   */
  resync: 'resync',
  /**
   * A contest's scoreboard changed (payload ContestRankChanged; contest room): the deltas of
   * the public (sealed when sealed) boards; without a delta that applies, refetch.
   */
  contestRank: 'contest:rank',
  /** The same for the real (unsealed) boards while the contest is sealed (contest-admin room only). */
  contestRankAdmin: 'contest:rank-admin',
  /** A contest announcement was added or edited (payload ContestAnnouncementPushed; contest room). */
  contestAnnouncement: 'contest:announcement',
  /** A print job was submitted (payload ContestPrintPushed; contest-admin room only). */
  contestPrint: 'contest:print',
  /** A user's first accepted submission on a contest problem (payload ContestFirstAcPushed; contest-admin room only). */
  contestFirstAc: 'contest:first-ac',
  /** A comment or reply was posted in a contest's Q&A (payload ContestCommentPushed; contest-admin room only). */
  contestComment: 'contest:comment',
  /** A virtual participant's ghost board moved (payload VirtualBoardPushed of protocol/src/contest/virtual-schemas; user room). */
  contestVirtualBoard: 'contest:virtual-board',
  /** A contest replay's clock or board moved (payload ReplayPushed of protocol/src/contest/replay; replay room). */
  contestReplay: 'contest:replay',
  /** A group membership row changed (payload GroupMembershipPushed of protocol/src/group; user rooms). */
  groupMembership: 'group:membership',
  /** The user's training progress changed (payload TrainingProgressPushed; user room). */
  trainingProgress: 'training:progress',
  /** A training rank row changed (payload TrainingRankPushed; training room). */
  trainingRank: 'training:rank',
  /** The judge-server list (payload JudgeServerList of protocol/src/admin/schemas; admin room). */
  adminJudgeServers: 'admin:judge-servers',
  /** The submissions-per-minute series (payload SubmissionRate; admin room). */
  adminSubmissionRate: 'admin:submission-rate',
  /** A solution of an import verification run got its verdict (payload ProblemVerifyRow; admin room). */
  adminProblemVerify: 'admin:problem-verify',
} as const;

/** Client → server event names (each answered through the socket.io ack callback). */
export const ClientEvents = {
  subscribeSubmission: 'subscribe:submission',
  unsubscribeSubmission: 'unsubscribe:submission',
  subscribeProblem: 'subscribe:problem',
  unsubscribeProblem: 'unsubscribe:problem',
  /** Join a contest's room (and its admin room when the contest says the user is a contest admin). */
  subscribeContest: 'subscribe:contest',
  unsubscribeContest: 'unsubscribe:contest',
  /** Join a contest replay's room (viewers who may see the contest; payload {cid, rid}). */
  subscribeReplay: 'subscribe:replay',
  unsubscribeReplay: 'unsubscribe:replay',
  /** Join a training's room (rank rows in place). */
  subscribeTraining: 'subscribe:training',
  unsubscribeTraining: 'unsubscribe:training',
  /** Join the back-office room (site admins: root, admin, problem_admin). */
  subscribeAdmin: 'subscribe:admin',
} as const;

/** Message-center and discussion pushes (issue 13; payloads in message.ts). */
export const MessageServerEvents = {
  /** payload UnreadPushed (user room). */
  unread: 'message:unread',
  /** payload NoticeBroadcast (every signed-in socket). */
  notice: 'message:notice',
  /** payload DiscussionCommentPushed (discussion room). */
  discussionComment: 'discussion:comment',
} as const;

export const MessageClientEvents = {
  subscribeDiscussion: 'subscribe:discussion',
  unsubscribeDiscussion: 'unsubscribe:discussion',
} as const;
