// Contest-day bench (issue #22.7): contestants doing what the web client does for them. They sign
// in (all at once: the rush at the start), register with the contest password, open the contest
// pages (contest, access, problems and their statuses, own submissions, rank, announcements),
// join the contest room over socket.io (web/src/contest/live.ts) and submit with an
// `Idempotency-Key` (web/src/api/http-rules.ts), sent again on a retry of the same submit. Each
// submission is watched as web/src/judge/watch.ts does: the submission room, and a read of the
// stored row after a quiet time (1.5 s, 3 s, then every 5 s) while no push came. Every 30 s each
// contestant reads its own submissions and the rank again.
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { ClientEvents, ServerEvents, type SubmissionUpdate } from '@oj/protocol/realtime/events';
import { RECONNECT_OPTIONS } from '../../web/src/api/socket';
import { FINAL } from '../test/faults/cluster';
import { sleep, type Http } from './contest-day-http';
import type { Source } from './contest-day-mix';
import { CONTEST_PASSWORD, CONTESTANT_PASSWORD, login } from './contest-day-setup';

export const POLL_MS = 30_000;
/** web/src/judge/watch.ts RESYNC_DELAYS_MS (that module is a React hook, not importable here). */
const RESYNC_DELAYS_MS = [1500, 3000, 5000];

/** Names of the page reads (the figures' "page reads"). */
export const PAGE_READS = [
  'contest-info',
  'contest-access',
  'contest-problems',
  'problem-status',
  'own-submissions',
  'contest-rank',
  'announcements',
  'submission-detail',
] as const;

export interface SubmissionRecord {
  key: string;
  source: Source;
  burst: boolean;
  uid: string;
  /** When the contestant pressed submit. */
  sentAt: number;
  /** The answer's submission id (null: never accepted). */
  submitId: number | null;
  /** Attempts sent with the key (retries after a timeout or a failure). */
  attempts: number;
  /** Submission ids the attempts were answered with (a retry must get the first one). */
  answeredIds: number[];
  /** When the final status was pushed to the contestant (null: not by push). */
  verdictPushAt: number | null;
  /** The final status, by push or by a read, and when the contestant learnt it. */
  status: number | null;
  finalAt: number | null;
}

export class Contestant {
  token: string | null = null;
  uid = '';
  socket: Socket | null = null;
  readonly open = new Map<number, SubmissionRecord>();
  rankPushes = 0;
  private poller: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    readonly username: string,
    readonly base: string,
    readonly gatewayUrl: string,
    readonly cid: number,
    readonly http: Http,
  ) {}

  async signIn(): Promise<boolean> {
    const s = await login(this.http, this.base, this.username, CONTESTANT_PASSWORD);
    if (!s) return false;
    this.token = s.token;
    this.uid = s.uid;
    const r = await this.http.call('register', 'POST', `${this.base}/api/register-contest`, {
      token: this.token,
      body: { cid: this.cid, password: CONTEST_PASSWORD },
    });
    return !!r.env;
  }

  private get(name: string, path: string) {
    return this.http.call(name, 'GET', `${this.base}${path}`, { token: this.token });
  }

  private rank() {
    return this.http.call('contest-rank', 'POST', `${this.base}/api/get-contest-rank`, {
      token: this.token,
      body: {
        cid: this.cid,
        currentPage: 1,
        limit: 50,
        forceRefresh: false,
        removeStar: false,
        concernedList: [],
        containsEnd: false,
      },
    });
  }

  private ownSubmissions() {
    return this.get(
      'own-submissions',
      `/api/contest-submissions?contestID=${this.cid}&beforeContestSubmit=false&onlyMine=true&currentPage=1&limit=20&containsEnd=true`,
    );
  }

  /** The pages the web client opens on entering the contest. */
  async openPages(): Promise<void> {
    const c = this.cid;
    await Promise.all([
      this.get('contest-info', `/api/get-contest-info?cid=${c}`),
      this.get('contest-access', `/api/get-contest-access?cid=${c}`),
    ]);
    const problems = await this.get('contest-problems', `/api/get-contest-problem?cid=${c}&containsEnd=true`);
    const pidList = ((problems.env?.data as { pid?: number }[] | undefined) ?? []).map((p) => p.pid);
    await Promise.all([
      this.http.call('problem-status', 'POST', `${this.base}/api/get-user-problem-status`, {
        token: this.token,
        body: { pidList, isContestProblemList: true, cid: c, containsEnd: true },
      }),
      this.get('announcements', `/api/get-contest-announcement?cid=${c}&currentPage=1&limit=100`),
    ]);
    await this.ownSubmissions();
    await this.rank();
  }

  /** The push socket and the contest room; resolves when joined (false: refused or no answer). */
  async connect(): Promise<boolean> {
    const s = io(this.gatewayUrl, {
      auth: { token: this.token },
      transports: ['websocket'],
      ...RECONNECT_OPTIONS,
    });
    this.socket = s;
    s.on(ServerEvents.contestRank, () => this.rankPushes++);
    s.on(ServerEvents.submissionUpdated, (u: SubmissionUpdate) => this.onUpdate(u));
    const subscribe = () =>
      s
        .timeout(30_000)
        .emitWithAck(ClientEvents.subscribeContest, { cid: this.cid })
        .then((ack: { ok: boolean }) => ack.ok)
        .catch(() => false);
    const joined = new Promise<boolean>((resolve) => {
      s.once('connect', () => void subscribe().then(resolve));
      s.once('connect_error', () => resolve(false));
    });
    // Every reconnect joins again (the web client's `connect` handler).
    s.on('connect', () => void subscribe());
    return joined;
  }

  /** Reads the own submissions and the rank every 30 s (first after `offsetMs`). */
  startPolling(offsetMs: number): void {
    const tick = async () => {
      if (this.stopped) return;
      await Promise.all([this.ownSubmissions(), this.rank()]);
      if (!this.stopped) this.poller = setTimeout(() => void tick(), POLL_MS);
    };
    this.poller = setTimeout(() => void tick(), offsetMs);
  }

  /** Sends one submission (retried with the same key after a timeout or failure, at most 3 sends). */
  async submit(source: Source, burst: boolean): Promise<SubmissionRecord> {
    const rec: SubmissionRecord = {
      key: randomBytes(16).toString('hex'),
      source,
      burst,
      uid: this.uid,
      sentAt: Date.now(),
      submitId: null,
      attempts: 0,
      answeredIds: [],
      verdictPushAt: null,
      status: null,
      finalAt: null,
    };
    while (rec.attempts < 3) {
      rec.attempts++;
      const r = await this.http.call<{ submitId: number }>(
        'submit',
        'POST',
        `${this.base}/api/submit-problem-judge`,
        {
          token: this.token,
          headers: { 'idempotency-key': rec.key },
          body: {
            pid: source.displayId,
            cid: this.cid,
            language: source.language,
            code: source.code,
            isRemote: false,
          },
        },
      );
      if (r.env) {
        rec.answeredIds.push(r.env.data.submitId);
        rec.submitId ??= r.env.data.submitId;
        // One retry more after a success, now and then: the answer must be the first submission.
        if (rec.attempts === 1 && Math.random() < 0.05) continue;
        break;
      }
      // Pressed again a moment later (or when a busy answer said to).
      await sleep(Math.max(1000, Number(r.headers?.get('retry-after') ?? 0) * 1000));
    }
    if (rec.submitId !== null) this.watch(rec);
    return rec;
  }

  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  /** Final pushes of submissions whose submit answer had not come yet. */
  private readonly early = new Map<number, { status: number; at: number }>();
  private readonly quiet = new Map<number, number>();

  private watch(rec: SubmissionRecord) {
    const id = rec.submitId!;
    const early = this.early.get(id);
    if (early) {
      rec.status = early.status;
      rec.verdictPushAt = early.at;
      rec.finalAt = early.at;
      this.early.delete(id);
      return;
    }
    this.open.set(id, rec);
    this.quiet.set(id, 0);
    this.socket?.emit(ClientEvents.subscribeSubmission, { submitId: id }, () => undefined);
    this.schedule(id);
  }

  private schedule(id: number) {
    clearTimeout(this.timers.get(id));
    if (this.stopped || !this.open.has(id)) return;
    const n = this.quiet.get(id) ?? 0;
    this.timers.set(
      id,
      setTimeout(() => void this.read(id), RESYNC_DELAYS_MS[Math.min(n, RESYNC_DELAYS_MS.length - 1)]),
    );
  }

  private async read(id: number) {
    this.quiet.set(id, (this.quiet.get(id) ?? 0) + 1);
    const r = await this.get('submission-detail', `/api/get-submission-detail?submitId=${id}`);
    const status = (r.env?.data as { submission?: { status: number } } | undefined)?.submission?.status;
    const rec = this.open.get(id);
    if (rec && status !== undefined && FINAL(status)) {
      rec.status = status;
      rec.finalAt = Date.now();
      this.finish(id);
    } else this.schedule(id);
  }

  private onUpdate(u: SubmissionUpdate) {
    const rec = this.open.get(u.submitId);
    if (!rec) {
      if (FINAL(u.status) && u.uid === this.uid)
        this.early.set(u.submitId, { status: u.status, at: Date.now() });
      return;
    }
    this.quiet.set(u.submitId, 0);
    if (FINAL(u.status)) {
      rec.status = u.status;
      rec.verdictPushAt = Date.now();
      rec.finalAt = rec.verdictPushAt;
      this.finish(u.submitId);
    } else this.schedule(u.submitId);
  }

  private finish(id: number) {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.quiet.delete(id);
    this.open.delete(id);
  }

  stop(): void {
    this.stopped = true;
    if (this.poller) clearTimeout(this.poller);
    for (const t of this.timers.values()) clearTimeout(t);
    this.socket?.close();
  }
}
