// Contest-day bench (issue #22.7): what the organisers do before the contest, through the API as
// root: the problems (small hand-typed test data), a protected ACM contest with an outside board
// and a seal, N contestant accounts (the bulk account creation API) and their registrations.
import { Http } from './contest-day-http';
import { problemSpecs } from './contest-day-mix';
import { ROOT_PASSWORD } from './contest-day-cluster';

export const CONTEST_PASSWORD = 'contest-day';
export const CONTESTANT_PASSWORD = 'cday-pass-1';

export interface ContestSetup {
  cid: number;
  rootToken: string;
  /** Public problem ids (for the machine-bound runs outside the contest) by display id. */
  problemIds: Record<string, string>;
  usernames: string[];
  contestBody: Record<string, unknown>;
}

async function must<T>(p: Promise<{ env: { data: T } | null }>, what: string): Promise<T> {
  const r = await p;
  if (!r.env) throw new Error(`setup step failed: ${what}`);
  return r.env.data;
}

export async function login(http: Http, base: string, username: string, password: string) {
  const r = await http.call<{ uid: string }>('login', 'POST', `${base}/api/login`, {
    body: { username, password },
  });
  const token = r.headers?.get('authorization') ?? null;
  return r.env && token ? { token, uid: r.env.data.uid } : null;
}

export async function setUpContest(
  base: string,
  opts: { contestants: number; tag: string },
  log: (s: string) => void,
): Promise<ContestSetup> {
  const http = new Http();
  const root = await login(http, base, 'root', ROOT_PASSWORD);
  if (!root) throw new Error('root could not sign in');
  const token = root.token;
  // Contestants may submit back to back (the site's default interval is 8 s).
  const switches = await must(
    http.call<Record<string, unknown>>('switch', 'GET', `${base}/api/admin/switch/info`, { token }),
    'read the switches',
  );
  await must(
    http.call('switch', 'PUT', `${base}/api/admin/switch/update`, {
      token,
      body: { ...switches, defaultSubmitInterval: 0 },
    }),
    'open the submit interval',
  );

  const languages = await must(
    http.call<{ id: number; name: string }[]>('languages', 'GET', `${base}/api/languages?all=false`),
    'list the languages',
  );
  const specs = problemSpecs(opts.tag);
  const problemIds: Record<string, string> = {};
  const pids: Record<string, number> = {};
  for (const p of specs) {
    await must(
      http.call('problem', 'POST', `${base}/api/admin/problem`, {
        token,
        body: {
          problem: {
            problemId: p.problemId,
            title: p.title,
            type: 0,
            auth: 1,
            judgeMode: 'default',
            judgeCaseMode: 'default',
            timeLimit: 1000,
            memoryLimit: 256,
            stackLimit: 128,
            description: p.title,
            input: '-',
            output: '-',
            examples: `<input>${p.cases[0]!.input}</input><output>${p.cases[0]!.output}</output>`,
          },
          judgeMode: 'default',
          isUploadTestCase: false,
          samples: p.cases,
          languages: languages.map((l) => ({ id: l.id })),
        },
      }),
      `create problem ${p.problemId}`,
    );
    const page = await must(
      http.call<{ records: { id: number; problemId: string }[] }>(
        'problem',
        'GET',
        `${base}/api/admin/problem/get-problem-list?keyword=${p.problemId}&limit=10`,
        { token },
      ),
      'find the problem',
    );
    const row = page.records.find((r) => r.problemId.toUpperCase() === p.problemId.toUpperCase());
    if (!row) throw new Error(`problem ${p.problemId} not found after creating it`);
    problemIds[p.displayId] = row.problemId;
    pids[p.displayId] = row.id;
  }

  // Started a minute ago, two hours long; the seal time is set just before the burst (setSeal).
  const now = Date.now();
  const title = `Contest day ${opts.tag}`;
  const iso = (ms: number) => new Date(ms).toISOString();
  const contestBody: Record<string, unknown> = {
    title,
    description: 'contest-day bench',
    type: 0,
    auth: 2,
    pwd: CONTEST_PASSWORD,
    startTime: iso(now - 60_000),
    endTime: iso(now + 2 * 3600_000),
    duration: 2 * 3600 + 60,
    sealRank: true,
    sealRankTime: iso(now + 2 * 3600_000 - 60_000),
    autoRealRank: true,
    openRank: true,
    openPrint: false,
    allowEndSubmit: false,
    rankShowName: 'username',
    oiRankScoreType: 'Recent',
    starAccount: [],
    awardType: 0,
    awardConfigList: [],
    openAccountLimit: false,
    visible: true,
    uid: root.uid,
    author: 'root',
  };
  await must(
    http.call('contest', 'POST', `${base}/api/admin/contest`, { token, body: contestBody }),
    'create the contest',
  );
  const list = await must(
    http.call<{ records: { id: number; title: string }[] }>(
      'contest',
      'GET',
      `${base}/api/admin/contest/get-contest-list?keyword=${encodeURIComponent(title)}&limit=10`,
      { token },
    ),
    'find the contest',
  );
  const cid = list.records.find((r) => r.title === title)?.id;
  if (!cid) throw new Error('the contest was not found after creating it');
  for (const p of specs)
    await must(
      http.call('contest', 'POST', `${base}/api/admin/contest/add-problem-from-public`, {
        token,
        body: { cid, pid: pids[p.displayId], displayId: p.displayId },
      }),
      `add problem ${p.displayId}`,
    );

  // The accounts, in batches of the bulk creation API.
  const usernames = Array.from({ length: opts.contestants }, (_, i) => `cd${opts.tag}${i}`);
  const t0 = Date.now();
  for (let i = 0; i < usernames.length; i += 500) {
    const rows = usernames.slice(i, i + 500).map((u) => [u, CONTESTANT_PASSWORD]);
    await must(
      http.call('accounts', 'POST', `${base}/api/admin/user/insert-batch-user`, {
        token,
        body: { users: rows },
      }),
      'create the accounts',
    );
  }
  log(
    `setup: contest ${cid}, ${specs.length} problems, ${usernames.length} accounts in ${Date.now() - t0} ms`,
  );
  return { cid, rootToken: token, problemIds, usernames, contestBody: { ...contestBody, id: cid } };
}

/** Root moves the seal to `sealAt` (the contest has had no submission yet). */
export async function setSeal(base: string, s: ContestSetup, sealAt: number): Promise<void> {
  const http = new Http();
  const r = await http.call('contest', 'PUT', `${base}/api/admin/contest`, {
    token: s.rootToken,
    body: { ...s.contestBody, sealRankTime: new Date(sealAt).toISOString() },
  });
  if (!r.env) throw new Error(`moving the seal failed: ${JSON.stringify(http.tally.errors)}`);
}
