// The remote work queues' names and task shape, shared by the submit path and the worker.

/** Durable JetStream work queue of remote judgings outside contests. */
export const REMOTE_JUDGE_QUEUE = 'oj.queue.remote-judge';

/**
 * Contest judgings have a queue of their own: every worker fills a free slot from it before the
 * general queue, so a backlog of practice submissions never holds a contest one back.
 */
export const REMOTE_CONTEST_QUEUE = 'oj.queue.remote-judge-contest';

export interface RemoteTask {
  submitId: number;
  version: number;
  /** A contest submission (its own queue; its judging waits less for an account). */
  contest: boolean;
}

export const remoteQueueOf = (task: RemoteTask): string =>
  task.contest ? REMOTE_CONTEST_QUEUE : REMOTE_JUDGE_QUEUE;
