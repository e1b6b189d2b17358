// Set-up steps of the contest browser tests that are not themselves under test: problems, contests
// and submissions through the real API (as root or as a user), and waiting for verdicts.
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { e2e } from './browser';

export interface Session {
  token: string;
  uid: string;
  username: string;
}

interface Envelope<T> {
  status: number;
  msg?: string;
  data: T;
}

/** Signs in through the API. */
export async function apiLogin(username: string, password: string): Promise<Session> {
  const res = await fetch(`${e2e().baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as Envelope<{ uid: string; username: string }>;
  const token = res.headers.get('authorization');
  if (body.status !== 200 || !token) throw new Error(`login of ${username}: ${JSON.stringify(body)}`);
  return { token, uid: body.data.uid, username: body.data.username };
}

/** One call with the session's token; throws unless the envelope says 200. */
export async function call<T>(s: Session | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${e2e().baseUrl}${path}`, {
    method,
    headers: {
      ...(s ? { authorization: s.token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(env)}`);
  return env.data;
}

export interface CaseSpec {
  input: string;
  output: string;
  score?: number;
}

/** Creates a public problem (type 0 ACM, 1 OI) with hand-typed cases; returns its pid. */
export async function createProblem(
  root: Session,
  spec: { problemId: string; title: string; type: 0 | 1; cases: CaseSpec[] },
): Promise<number> {
  const languages = await call<{ id: number }[]>(null, 'GET', '/api/languages?all=false');
  await call(root, 'POST', '/api/admin/problem', {
    problem: {
      problemId: spec.problemId,
      title: spec.title,
      type: spec.type,
      auth: 1,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: 2000,
      memoryLimit: 256,
      stackLimit: 128,
      description: 'Print the sum of two integers.',
      input: 'Two integers.',
      output: 'Their sum.',
      examples: '<input>1 2\n</input><output>3\n</output>',
    },
    judgeMode: 'default',
    isUploadTestCase: false,
    samples: spec.cases,
    languages: languages.map((l) => ({ id: l.id })),
  });
  return findProblemPid(root, spec.problemId);
}

export async function findProblemPid(root: Session, problemId: string): Promise<number> {
  const page = await call<{ records: { id: number; problemId: string }[] }>(
    root,
    'GET',
    `/api/admin/problem/get-problem-list?keyword=${encodeURIComponent(problemId)}&limit=50`,
  );
  const row = page.records.find((r) => r.problemId.toUpperCase() === problemId.toUpperCase());
  if (!row) throw new Error(`problem ${problemId} not found after creating it`);
  return row.id;
}

export interface ContestSpec {
  title: string;
  type: 0 | 1;
  startMs: number;
  endMs: number;
  sealFromStart?: boolean;
  /** A seal time (epoch ms) other than the start; implies a sealed board. */
  sealMs?: number;
  oiRankScoreType?: 'Recent' | 'Highest';
  openRank?: boolean;
  openPrint?: boolean;
  /** The overview's text (markdown); the title and "(browser test)" when absent. */
  description?: string;
  /** A password: the contest is then private (auth 1) and needs a registration. */
  password?: string;
}

/** Creates a public, visible contest; returns its id. */
export async function createContest(root: Session, spec: ContestSpec): Promise<number> {
  const iso = (ms: number) => new Date(ms).toISOString();
  await call(root, 'POST', '/api/admin/contest', {
    title: spec.title,
    description: spec.description ?? `${spec.title} (browser test)`,
    type: spec.type,
    auth: spec.password ? 1 : 0,
    ...(spec.password ? { pwd: spec.password } : {}),
    startTime: iso(spec.startMs),
    endTime: iso(spec.endMs),
    duration: Math.floor((spec.endMs - spec.startMs) / 1000),
    sealRank: !!spec.sealFromStart || spec.sealMs !== undefined,
    sealRankTime:
      spec.sealMs !== undefined ? iso(spec.sealMs) : spec.sealFromStart ? iso(spec.startMs) : null,
    autoRealRank: true,
    openRank: spec.openRank ?? true,
    openPrint: spec.openPrint ?? false,
    allowEndSubmit: false,
    rankShowName: 'username',
    oiRankScoreType: spec.oiRankScoreType ?? 'Recent',
    starAccount: [],
    awardType: 0,
    awardConfigList: [],
    openAccountLimit: false,
    visible: true,
    uid: root.uid,
    author: root.username,
  });
  return findContestId(root, spec.title);
}

export async function findContestId(root: Session, title: string): Promise<number> {
  const page = await call<{ records: { id: number; title: string }[] }>(
    root,
    'GET',
    `/api/admin/contest/get-contest-list?keyword=${encodeURIComponent(title)}&limit=50`,
  );
  const row = page.records.find((r) => r.title === title);
  if (!row) throw new Error(`contest ${title} not found after creating it`);
  return row.id;
}

export async function addContestProblem(root: Session, cid: number, pid: number, displayId: string) {
  await call(root, 'POST', '/api/admin/contest/add-problem-from-public', { cid, pid, displayId });
}

/** Submits to a contest problem; returns the submission id. */
export async function submit(s: Session, cid: number, displayId: string, code: string): Promise<number> {
  const judge = await call<{ submitId: number }>(s, 'POST', '/api/submit-problem-judge', {
    pid: displayId,
    language: 'Python3',
    code,
    cid,
  });
  return judge.submitId;
}

const WAITING = new Set<number>([
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
  JudgeStatus.SUBMITTING,
  JudgeStatus.NOT_SUBMITTED,
]);

/** Waits for the final verdict of a submission (as its owner); returns status and score. */
export async function waitVerdict(
  s: Session,
  submitId: number,
  timeoutMs = 90_000,
): Promise<{ status: number; score: number | null }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const d = await call<{ submission: { status: number; score: number | null } }>(
      s,
      'GET',
      `/api/get-submission-detail?submitId=${submitId}`,
    );
    if (!WAITING.has(d.submission.status)) return d.submission;
    if (Date.now() > until) throw new Error(`submission ${submitId} still ${d.submission.status}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Python 3 answers: right, wrong, and one that passes only inputs whose sum is 3. */
export const PY_RIGHT = 'import sys\na, b = map(int, sys.stdin.read().split()[:2])\nprint(a + b)\n';
export const PY_WRONG = 'import sys\na, b = map(int, sys.stdin.read().split()[:2])\nprint(a - b)\n';
export const PY_ONLY_THREE = 'print(3)\n';

/** C++ answers to A+B: right and wrong (a - b). */
export const CPP_RIGHT = `#include <cstdio>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 0; printf("%lld\\n", a + b); return 0; }
`;
export const CPP_WRONG = CPP_RIGHT.replace('a + b', 'a - b');

/** A+B cases: the first sums to 3 (PY_ONLY_THREE passes it), the second does not. */
export const AB_CASES: CaseSpec[] = [
  { input: '1 2\n', output: '3\n', score: 50 },
  { input: '20 22\n', output: '42\n', score: 50 },
];
