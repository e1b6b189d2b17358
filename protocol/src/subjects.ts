/**
 * The one naming scheme for bus subjects: `oj.<capability>.<event>[.<id>...]`.
 * Work queues (durable, acknowledged) use `oj.queue.<name>`.
 * Socket.io rooms use `<kind>:<id>`.
 * Every subject the platform uses is built here; nothing else writes subject strings.
 */
export const Subjects = {
  /** Durable work queue of judge tasks, consumed by judge runners. */
  judgeTaskQueue: 'oj.queue.judge-task',
  /** Durable work queue of final judge results, consumed by the services that persist them. */
  judgeResultQueue: 'oj.queue.judge-result',
  /** Durable work queue of import verification results (issue #25), consumed by the problem capability. */
  problemVerifyResultQueue: 'oj.queue.problem-verify-result',
  /** Test generation results (issue #25 item 5), published to the import that waits for them. */
  problemGenerateResult: 'oj.problem.generate-result',
  /** Transient judge progress (Compiling, Judging, per-case) for one submission. */
  judgeProgress: (submitId: number | string) => `oj.judge.progress.${submitId}`,
  judgeProgressAll: 'oj.judge.progress.>',
  /** Runner heartbeats. */
  judgeHeartbeat: (runner: string) => `oj.judge.heartbeat.${runner}`,
  judgeHeartbeatAll: 'oj.judge.heartbeat.>',
  /** Request/reply: a runner claims a submission task before judging it ('judge' | 'drop'). */
  judgeTaskClaim: 'oj.judge.task-claim',
  /** A runner renews the leases of the tasks it is judging (every few seconds). */
  judgeLease: (runner: string) => `oj.judge.lease.${runner}`,
  judgeLeaseAll: 'oj.judge.lease.>',
  /**
   * A service process holds a judge result it cannot store yet (database away): no process
   * queues that judging again, nor lets a runner judge it again, while it waits (issue #23).
   */
  judgeResultWaiting: 'oj.judge.result-waiting',
  /** Request/reply: a runner found a test-data blob missing from the bucket; a service puts it back. */
  blobRestore: 'oj.blob.restore',

  /** Domain event: a submission changed (status, verdict) after it was persisted. */
  submissionUpdated: (submitId: number | string) => `oj.submission.updated.${submitId}`,
  submissionUpdatedAll: 'oj.submission.updated.>',

  /** Domain events for contests. */
  contestEvent: (cid: number | string, kind: string) => `oj.contest.${kind}.${cid}`,
  contestEventAll: 'oj.contest.>',
  /**
   * Request/reply to the one process holding a contest's scoreboard (its board lease): the other
   * API processes read rank pages through it, so every page and every pushed delta share one epoch.
   * Outside `oj.contest.>` on purpose: a listener of every contest event would also take these
   * requests, and its silence would hide that no holder answers (the askers would time out instead
   * of taking the board over).
   */
  contestBoard: (cid: number | string) => `oj.contest-board.${cid}`,
  /** A contest's settings, problems or access rows changed: processes drop what they cached of it. */
  contestChanged: (cid: number | string) => `oj.contest.changed.${cid}`,
  contestChangedAll: 'oj.contest.changed.>',

  /**
   * A virtual participant's ghost board moved (issue #27): deltas of that participant's own clock,
   * published by the process running it; relayed to the participant's user room.
   */
  virtualBoard: (uid: string) => `oj.virtual.board.${uid}`,
  virtualBoardAll: 'oj.virtual.board.>',
  /**
   * A contest replay's clock or board moved (issue #27 item 4), published by the process holding
   * the replay's lease; relayed to the replay's room.
   */
  replay: (cid: number | string, rid: number | string) => `oj.replay.${cid}.${rid}`,
  replayAll: 'oj.replay.*.*',
  /** Request/reply to the process holding a replay: its board pages (one epoch with its pushes). */
  replayBoard: (rid: number | string) => `oj.replay-board.${rid}`,

  /** A user's unread message counts changed. */
  messageUnread: (uid: string) => `oj.message.unread.${uid}`,
  messageUnreadAll: 'oj.message.unread.>',

  /** A user's sessions were revoked (logout): gateways drop that user's sockets. */
  accountRevoked: (uid: string) => `oj.account.revoked.${uid}`,
  accountRevokedAll: 'oj.account.revoked.>',
  /** Problems or tags changed (edit, import, visibility): every process drops its problem-list cache. */
  problemChanged: 'oj.problem.changed',
  /** Website config or feature switches changed: every process drops its cached copy. */
  siteConfigChanged: 'oj.site.config-changed',
  /** A group membership row changed (apply, decision, removal, exit, disband): the user rooms in `toUids`. */
  groupMembership: (gid: number | string) => `oj.group.membership.${gid}`,
  groupMembershipAll: 'oj.group.membership.>',
  /** A user's training progress changed (a verdict on a training problem): their user room. */
  trainingProgress: (uid: string) => `oj.training.progress.${uid}`,
  trainingProgressAll: 'oj.training.progress.>',
  /** A training rank row changed: the training's room. */
  trainingRank: (tid: number | string) => `oj.training.rank.${tid}`,
  trainingRankAll: 'oj.training.rank.>',
  /** Request/reply: may this viewer join a training's room? (answered by the training service) */
  trainingWatchCheck: 'oj.training-watch.check',

  /** Back office: the judge-server list changed (a heartbeat, or a runner went quiet); admin room. */
  adminJudgeServers: 'oj.admin.judge-servers',
  /** Back office: the submissions-per-minute series moved; admin room. */
  adminSubmissionRate: 'oj.admin.submission-rate',
  /** Back office: an API or gateway process reports itself (service info). */
  adminProcess: (name: string) => `oj.admin.process.${name}`,
  adminProcessAll: 'oj.admin.process.>',
  /** Back office: a row of an import verification run changed (issue #25); admin room. */
  adminProblemVerify: 'oj.admin.problem-verify',
} as const;

/** Socket.io room names. */
export const Rooms = {
  user: (uid: string) => `user:${uid}`,
  submission: (submitId: number | string) => `submission:${submitId}`,
  problem: (pid: number | string) => `problem:${pid}`,
  contest: (cid: number | string) => `contest:${cid}`,
  contestAdmin: (cid: number | string) => `contest-admin:${cid}`,
  /** Viewers of one contest replay (issue #27 item 4). */
  replay: (cid: number | string, rid: number | string) => `replay:${cid}:${rid}`,
  training: (tid: number | string) => `training:${tid}`,
  /** Site admins on the back-office dashboard. */
  admin: 'admin',
} as const;
