// The submission scenario of the problems-and-submissions issue, shared by the embedded
// and the cluster runs: a new user registers (code read from the outbox), submits A+B in
// C++ and Python and a few wrong programs, and sees every status pushed over socket.io.
import { expect } from 'vitest';
import { eventually } from '../../src/judge/test-harness';
import { listOutbox } from '../../src/platform/mail/mailer';
import { Client, SOURCES, Watcher } from './harness';

export interface ScenarioDeps {
  base: string;
  /** Reads the newest register code sent to this address (outbox or SMTP receiver). */
  registerCode(email: string): Promise<string>;
}

/**
 * The newest register code in the outbox for this address. The mail is stored after the request
 * answers (sendLater), so the outbox is read until it arrives.
 */
export async function codeFromOutbox(db: Parameters<typeof listOutbox>[0], email: string): Promise<string> {
  const mails = await eventually(
    () => listOutbox(db, email),
    (m) => /\b\d{6}\b/.test(m.at(-1)?.body ?? ''),
    30_000,
  );
  return mails.at(-1)!.body.match(/\b(\d{6})\b/)![1]!;
}

export async function runSubmissionScenario({ base, registerCode }: ScenarioDeps): Promise<void> {
  // The site's default 8 s between submissions would make this scenario slow; root lifts it,
  // as an admin of a busy lab would.
  const root = new Client(base);
  await root.login('root', 'root-pass-1');
  const switches = await root.call<Record<string, unknown>>('GET', '/api/admin/switch/info');
  const update = { ...switches.data, defaultSubmitInterval: 0 };
  expect(await root.call('PUT', '/api/admin/switch/update', update)).toMatchObject({ status: 200 });

  const user = new Client(base);
  const name = `u${Date.now().toString(36)}`;
  const email = `${name}@example.test`;
  expect((await user.call('GET', `/api/get-register-code?email=${encodeURIComponent(email)}`)).status).toBe(
    200,
  );
  const code = await registerCode(email);
  const reg = await user.call('POST', '/api/register', {
    username: name,
    password: 'secret-123',
    email,
    code,
  });
  expect(reg).toMatchObject({ status: 200 });
  await user.login(name, 'secret-123');

  const detail = await user.call<{ problem: { id: number; problemId: string } }>(
    'GET',
    '/api/get-problem-detail?problemId=1000',
  );
  expect(detail.status).toBe(200);
  const before = await user.call<{ problem: { id: number }; problemCount: { ac: number; total: number } }>(
    'GET',
    '/api/get-problem-detail?problemId=1000',
  );

  const watcher = await Watcher.connect(base, user.token!);
  try {
    const submit = async (language: string, code: string) => {
      const r = await user.call<{ submitId: number; status: number }>('POST', '/api/submit-problem-judge', {
        pid: detail.data.problem.problemId,
        language,
        code,
        cid: 0,
        gid: null,
        isRemote: false,
      });
      expect(r, r.msg).toMatchObject({ status: 200 });
      return r.data.submitId;
    };

    // Accepted in C++: every stage arrives by push, in order, without polling.
    const cpp = await submit('C++', SOURCES.cppAc);
    const cppStatuses = (await watcher.untilFinal(cpp)).map((u) => u.status);
    if (cppStatuses.at(-1) !== 0) {
      const d = await user.call<{ submission: { errorMessage: string | null } }>(
        'GET',
        `/api/get-submission-detail?submitId=${cpp}`,
      );
      throw new Error(`C++ A+B ended ${cppStatuses.join(',')}: ${d.data.submission.errorMessage}`);
    }
    expect(cppStatuses).toEqual(expect.arrayContaining([5, 6, 7]));
    expect(cppStatuses.indexOf(5)).toBeLessThan(cppStatuses.indexOf(6));
    expect(cppStatuses.indexOf(6)).toBeLessThan(cppStatuses.indexOf(7));

    const py = await submit('Python3', SOURCES.pyAc);
    expect((await watcher.untilFinal(py)).at(-1)!.status).toBe(0);

    // The wrong ones get their verdicts the same way.
    const verdicts: [string, number][] = [
      [SOURCES.cppWa, -1],
      [SOURCES.cppCe, -2],
      [SOURCES.cppTle, 1],
      [SOURCES.cppRe, 3],
    ];
    for (const [code, expected] of verdicts) {
      const id = await submit('C++', code);
      expect((await watcher.untilFinal(id)).at(-1)!.status, code).toBe(expected);
    }

    // The REST view agrees, and the counters, the solved list and the rank moved.
    const sub = await user.call<{ submission: { status: number; code: string } }>(
      'GET',
      `/api/get-submission-detail?submitId=${cpp}`,
    );
    expect(sub.data.submission.status).toBe(0);
    const after = await user.call<{ problemCount: { ac: number; total: number } }>(
      'GET',
      '/api/get-problem-detail?problemId=1000',
    );
    expect(after.data.problemCount.ac).toBe(before.data.problemCount.ac + 2);
    expect(after.data.problemCount.total).toBe(before.data.problemCount.total + 6);
    const home = await user.call<{ solvedList: string[]; total: number }>(
      'GET',
      `/api/get-user-home-info?username=${name}`,
    );
    expect(home.data.solvedList).toContain('1000');
    expect(home.data.total).toBe(6);
    const rank = await user.call<{ records: { username: string; ac: number; total: number }[] }>(
      'GET',
      `/api/get-rank-list?type=0&currentPage=1&limit=50&searchUser=${name}`,
    );
    expect(rank.data.records).toEqual([expect.objectContaining({ username: name, ac: 1, total: 6 })]);
  } finally {
    watcher.close();
  }
}
