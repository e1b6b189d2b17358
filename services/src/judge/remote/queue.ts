// The remote work queue's name and task shape, shared by the submit path and the worker.

/** Durable JetStream work queue of remote judgings (contest work is taken first by the worker). */
export const REMOTE_JUDGE_QUEUE = 'oj.queue.remote-judge';

export interface RemoteTask {
  submitId: number;
  version: number;
  /** A contest submission (its judging waits less for an account). */
  contest: boolean;
}
