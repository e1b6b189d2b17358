// Shared set-up of the remote judge's integration tests: the platform on a fresh PostgreSQL
// database and a NATS namespace of its own, root signed in, every pushed submission update kept.
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { JudgeStatus, Subjects } from '@oj/protocol';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import { loadConfig } from '../../platform/config';
import { createPlatform, type Platform } from '../../compose';
import { freshPostgres } from '../../../bench/support';
import type { RemoteJudgeOptions } from './index';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

// Loose on purpose: each call reads a few fields of a different response shape.
export interface Envelope {
  status: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export interface RemoteTestPlatform {
  platform: Platform;
  databaseUrl: string;
  prefix: string;
  natsUrl: string;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Envelope>;
  /** Resolves with the first pushed update of the submission that is final (or matches `until`). */
  pushed(submitId: number, until?: (u: SubmissionUpdate) => boolean): Promise<SubmissionUpdate>;
  updates: SubmissionUpdate[];
  close(): Promise<void>;
}

const RUNNING = new Set<number>([JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING]);

export async function startRemoteTestPlatform(remote: RemoteJudgeOptions): Promise<RemoteTestPlatform> {
  const prefix = `rj${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  process.env.OJ_NATS_PREFIX = prefix;
  const database = await freshPostgres();
  const config = loadConfig({
    DATABASE_URL: database.url,
    NATS_URL,
    OJ_ROOT_PASSWORD: 'root-pass-1',
    LOG_LEVEL: 'silent',
    OJ_DATA_DIR: `/tmp/oj-remote-${prefix}`,
  });
  const platform = await createPlatform({ config, remoteJudge: remote, seedSamples: false });
  const login = await platform.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'root', password: 'root-pass-1' },
  });
  const token = String(login.headers.authorization ?? '');
  const updates: SubmissionUpdate[] = [];
  const waiters = new Set<() => void>();
  await platform.ctx.bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, (u) => {
    updates.push(u);
    for (const w of waiters) w();
  });
  return {
    platform,
    databaseUrl: database.url,
    prefix,
    natsUrl: NATS_URL,
    updates,
    async call(method, url, payload) {
      const res = await platform.app.inject({
        method,
        url,
        payload: payload as object,
        headers: { authorization: token },
      });
      return res.json() as Envelope;
    },
    pushed(submitId, until = (u) => !RUNNING.has(u.status)) {
      return new Promise((resolve) => {
        const check = () => {
          const hit = updates.find((u) => u.submitId === submitId && until(u));
          if (hit) {
            waiters.delete(check);
            resolve(hit);
          }
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      delete process.env.OJ_NATS_PREFIX;
      await platform.close();
      await database.drop();
      const nc = await connect({ servers: NATS_URL });
      const jsm = await jetstreamManager(nc);
      for await (const name of jsm.streams.names()) if (name.includes(prefix)) await jsm.streams.delete(name);
      await nc.close();
    },
  };
}
