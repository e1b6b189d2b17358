// Shared set-up of the training integration tests and the rank bench: the real training and
// judge capabilities on one database and bus, the HTTP app, users with tokens, helpers to make
// problems, trainings and submissions.
import type { Bus } from '@oj/protocol/bus';
import type { AuthUser } from '../platform/http/access';
import { buildApp, type App } from '../platform/http/app';
import type { TestDatabase } from '../../test/support/db';
import { createJudgeCapability, type JudgeCapability } from '../judge';
import {
  MemoryProblems,
  OPEN_SWITCHES,
  USERS,
  makeProblem,
  makeUser,
  seedUsers,
  testContext,
  tokenAuthenticator,
  tokenOf,
} from '../judge/test-harness';
import type { GroupRolePort } from '../platform/shared-ports';
import { createTrainingCapability, type TrainingCapability } from './index';

/** The judge harness users plus a problem admin and a second admin. */
export const T_USERS = {
  ...USERS,
  padm: makeUser('u-padm', 'padm', 1008),
  admin2: makeUser('u-admin2', 'admin2', 1001),
  dave: makeUser('u-dave', 'dave', 1002),
  erin: makeUser('u-erin', 'erin', 1002),
};

export interface TrainingHarness {
  app: App;
  training: TrainingCapability;
  judge: JudgeCapability;
  problems: MemoryProblems;
  /** Inserts a public problem (table and judge port); returns its pid. */
  addProblem(problemId: string, over?: { auth?: number }): Promise<number>;
  /** Calls the API as `who` (null: anonymous); returns HTTP status and envelope. */
  call(
    who: AuthUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the envelope carries
  ): Promise<{ http: number; status: number; msg: string; data: any }>;
  close(): Promise<void>;
}

export async function startTrainingHarness(
  tdb: TestDatabase,
  bus: Bus,
  opts: { groups?: GroupRolePort; extraUsers?: AuthUser[] } = {},
): Promise<TrainingHarness> {
  const users = [...Object.values(T_USERS), ...(opts.extraUsers ?? [])];
  await seedUsers(tdb, users);
  await tdb.db.insertInto('user_role').values({ uid: T_USERS.root.uid, role_id: 1000 }).execute();
  const ctx = testContext(tdb.db, bus);
  const training = createTrainingCapability(ctx, { groups: opts.groups });
  const problems = new MemoryProblems();
  const judge = createJudgeCapability(ctx, {
    problems,
    switches: async () => OPEN_SWITCHES,
    trainings: training.submitPort,
  });
  const app = await buildApp({
    authenticator: tokenAuthenticator(Object.fromEntries(users.map((u) => [tokenOf(u), u]))),
  });
  await judge.routes!(app);
  await training.routes!(app);
  await app.ready();
  await judge.start!();
  await training.start!();
  return {
    app,
    training,
    judge,
    problems,
    async addProblem(problemId, over = {}) {
      const r = await tdb.db
        .insertInto('problem')
        .values({ problem_id: problemId, title: `Problem ${problemId}`, auth: over.auth ?? 1 } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      problems.add(makeProblem(r.id, { problemId, auth: over.auth ?? 1 }));
      return r.id;
    },
    async call(who, method, url, payload) {
      const res = await app.inject({
        method,
        url,
        headers: who ? { authorization: tokenOf(who) } : {},
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      const body = res.json() as { status: number; msg: string; data: unknown };
      return { http: res.statusCode, status: body.status, msg: body.msg, data: body.data };
    },
    async close() {
      await training.stop!();
      await judge.stop!();
      await app.close();
    },
  };
}
