// Solves the sample problem A+B on a running judge through @oj/sdk: log in, find the problem in
// the problem list, submit a Python 3 solution, poll the submission until the judge has a
// verdict, print it.
//
//   OJ_URL=http://localhost:8080 OJ_USERNAME=root OJ_PASSWORD=… npx tsx examples/solve.ts
import { createOjClient } from '../src/index';

const baseUrl = process.env.OJ_URL ?? 'http://localhost:8080';
const username = process.env.OJ_USERNAME ?? 'root';
const password = process.env.OJ_PASSWORD ?? '';
const problemId = process.env.OJ_PROBLEM ?? '1000';

const solution = 'a, b = map(int, input().split())\nprint(a + b)\n';

/** Judge statuses a submission passes through before its verdict (Pending, Compiling, Judging, Submitting). */
const RUNNING = new Set([5, 6, 7, 9]);
/** The verdicts' names, as the judge numbers them. */
const VERDICTS: Record<number, string> = {
  [-4]: 'Cancelled',
  [-3]: 'Presentation Error',
  [-2]: 'Compile Error',
  [-1]: 'Wrong Answer',
  0: 'Accepted',
  1: 'Time Limit Exceeded',
  2: 'Memory Limit Exceeded',
  3: 'Runtime Error',
  4: 'System Error',
  8: 'Partial Accepted',
  10: 'Submitted Failed',
};

/** Stops the example with the envelope's message when the judge refused a call. */
function expectOk<T extends { status: number; msg: string }>(what: string, envelope: T | undefined): T {
  if (!envelope || envelope.status !== 200) throw new Error(`${what}: ${envelope?.msg ?? 'no answer'}`);
  return envelope;
}

const client = createOjClient({ baseUrl });

const login = expectOk('login', (await client.POST('/api/login', { body: { username, password } })).data);
console.log(`logged in as ${login.data?.username}`);

const list = expectOk(
  'problem list',
  (await client.GET('/api/get-problem-list', { params: { query: { keyword: problemId, limit: 10 } } })).data,
);
const problem = list.data?.records.find((p) => p.problemId === problemId);
if (!problem) throw new Error(`problem ${problemId} is not in the problem list`);
console.log(`problem ${problem.problemId}: ${problem.title}`);

const submitted = expectOk(
  'submit',
  (
    await client.POST('/api/submit-problem-judge', {
      body: { pid: problem.problemId, language: 'Python3', code: solution },
    })
  ).data,
);
const submitId = submitted.data?.submitId;
if (submitId == null) throw new Error('the judge answered no submission id');
console.log(`submission ${submitId} queued`);

// The judge pushes progress over socket.io too; a script can simply ask again.
for (;;) {
  const detail = expectOk(
    'submission detail',
    (await client.GET('/api/get-submission-detail', { params: { query: { submitId } } })).data,
  );
  const submission = detail.data?.submission;
  if (submission && !RUNNING.has(submission.status)) {
    const verdict = VERDICTS[submission.status] ?? `status ${submission.status}`;
    console.log(`${verdict}: ${submission.time ?? '-'} ms, ${submission.memory ?? '-'} KB`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
