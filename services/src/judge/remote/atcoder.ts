// AtCoder (judge.md §6.3): csrf login, submit with data.LanguageId ("Wait for N second" → sleep
// N+1 s and retry), run id from the filtered submissions page, result from the submission page.
import { JudgeStatus as S } from '@oj/protocol';
import { HttpSession, RemoteError, sleep } from './http';
import { inputValue, preText } from './html';
import {
  absoluteLinks,
  htmlText,
  type AdapterOptions,
  type CrawledProblem,
  type RemoteAccount,
  type RemoteAdapter,
  type RemoteResult,
  type RemoteSubmission,
} from './types';

/** Our language name (AtCoder's 2023 name) → data.LanguageId. */
export const AC_LANGUAGES: Readonly<Record<string, string>> = {
  'C++ 20 (gcc 12.2)': '5001',
  'C++ 17 (gcc 12.2)': '5053',
  'C (gcc 12.2.0)': '5017',
  'Java (OpenJDK 17)': '5005',
  'Python (CPython 3.11.4)': '5055',
  'Python (PyPy 3.10-v7.3.12)': '5078',
  'Go (go 1.20.6)': '5002',
  'Rust (rustc 1.70.0)': '5054',
  'C# 11.0 (.NET 7.0.7)': '5003',
  'Kotlin (Kotlin/JVM 1.8.20)': '5004',
  'JavaScript (Node.js 18.16.1)': '5009',
};

export const AC_STATUS: Readonly<Record<string, number>> = {
  AC: S.ACCEPTED,
  WA: S.WRONG_ANSWER,
  TLE: S.TIME_LIMIT_EXCEEDED,
  MLE: S.MEMORY_LIMIT_EXCEEDED,
  RE: S.RUNTIME_ERROR,
  QLE: S.RUNTIME_ERROR,
  OLE: S.RUNTIME_ERROR,
  IE: S.RUNTIME_ERROR,
  CE: S.COMPILE_ERROR,
  WJ: S.PENDING,
  WR: S.PENDING,
  Judging: S.JUDGING,
};

/** `abc123_a` → contest `abc123`. */
export const atcoderContestOf = (task: string) => task.slice(0, Math.max(task.lastIndexOf('_'), 0)) || task;

export class AtCoderAdapter implements RemoteAdapter {
  readonly oj = 'AC' as const;
  readonly languages = AC_LANGUAGES;
  constructor(
    private readonly base: string,
    private readonly opts: AdapterOptions = {},
  ) {}

  session(): HttpSession {
    return new HttpSession(this.base, 'AC', { minGapMs: 300, ...this.opts.http });
  }

  async login(s: HttpSession, account: RemoteAccount): Promise<void> {
    s.clearCookies();
    const page = await s.get('login');
    const csrf = inputValue(page.text, 'csrf_token');
    if (!csrf) throw new RemoteError('AtCoder: no csrf token on the login page');
    const res = await s.post('login', {
      username: account.username,
      password: account.password,
      csrf_token: csrf,
    });
    if (res.status !== 302 || (res.location ?? '').includes('/login'))
      throw new RemoteError(`AtCoder: login of ${account.username} failed`);
  }

  async submit(s: HttpSession, account: RemoteAccount, given: RemoteSubmission): Promise<string> {
    // Problem ids are stored upper-case; AtCoder's task names are lower-case.
    const sub = { ...given, remoteId: given.remoteId.toLowerCase() };
    const contest = atcoderContestOf(sub.remoteId);
    const languageId = this.languages[sub.language];
    if (!languageId) throw new RemoteError(`AtCoder: language ${sub.language} not supported`);
    for (let attempt = 0; attempt < 5; attempt++) {
      const form = await s.get(`contests/${contest}/submit`);
      const csrf = inputValue(form.text, 'csrf_token');
      if (!csrf) throw new RemoteError('AtCoder: no csrf token on the submit page');
      const res = await s.post(`contests/${contest}/submit`, {
        'data.TaskScreenName': sub.remoteId,
        'data.LanguageId': languageId,
        sourceCode: sub.code,
        csrf_token: csrf,
      });
      const wait = /Wait for (\d+) second/.exec(res.text)?.[1];
      if (res.status === 200 && wait !== undefined) {
        await sleep((Number(wait) + 1) * 1000 * (this.opts.waitScale ?? 1));
        continue;
      }
      if (res.status !== 302) throw new RemoteError('AtCoder: submission refused');
      await sleep(this.opts.findDelayMs ?? 3000);
      const list = await s.get(
        `contests/${contest}/submissions?f.Task=${encodeURIComponent(sub.remoteId)}&f.User=${encodeURIComponent(account.username)}`,
      );
      const id = new RegExp(`href=["']/contests/${contest}/submissions/(\\d+)["'][^>]*>Detail`).exec(
        list.text,
      )?.[1];
      if (!id) throw new RemoteError('AtCoder: no submission id');
      return id;
    }
    throw new RemoteError('AtCoder: still asked to wait after 5 tries');
  }

  async fetchResult(
    s: HttpSession,
    _account: RemoteAccount,
    runId: string,
    sub: RemoteSubmission,
  ): Promise<RemoteResult> {
    const contest = atcoderContestOf(sub.remoteId.toLowerCase());
    const page = await s.get(`contests/${contest}/submissions/${runId}`);
    if (page.status !== 200) throw new RemoteError(`AtCoder: submission page answered ${page.status}`);
    const label = htmlText(/id=["']judge-status["'][^>]*>([\s\S]*?)<\/td>/.exec(page.text)?.[1] ?? '');
    const status = AC_STATUS[label];
    if (status === undefined) throw new RemoteError(`AtCoder: unknown status ${label}`);
    if (status === S.PENDING || status === S.JUDGING)
      return { final: false, status, time: 0, memory: 0, errorMessage: null };
    const cell = (name: string) =>
      htmlText(new RegExp(`<th>${name}</th>\\s*<td[^>]*>([\\s\\S]*?)</td>`).exec(page.text)?.[1] ?? '');
    const time = Number(/(\d+)/.exec(cell('Exec Time'))?.[1] ?? 0);
    const memory = Number(/(\d+)/.exec(cell('Memory'))?.[1] ?? 0);
    const ce =
      status === S.COMPILE_ERROR
        ? /<h4>Compile Error<\/h4>\s*<pre>([\s\S]*?)<\/pre>/.exec(page.text)?.[1]
        : undefined;
    return { final: true, status, time, memory, errorMessage: ce !== undefined ? preText(ce) : null };
  }

  async fetchProblem(s: HttpSession, given: string): Promise<CrawledProblem> {
    const remoteId = given.toLowerCase();
    const contest = atcoderContestOf(remoteId);
    const url = `contests/${contest}/tasks/${remoteId}`;
    const res = await s.get(url);
    if (res.status !== 200) throw new RemoteError(`AtCoder: problem page answered ${res.status}`);
    const html = res.text;
    const title = htmlText(/<span class=["']h2["']>([\s\S]*?)<\/span>/.exec(html)?.[1] ?? '')
      .replace(/^[A-Z0-9]+ - /, '')
      .replace(/\s*Editorial$/, '');
    const limits = /Time Limit:\s*([\d.]+)\s*sec\s*\/\s*Memory Limit:\s*(\d+)\s*MB/.exec(html);
    if (!title || !limits) throw new RemoteError('AtCoder: not a task page');
    const english = /<span class=["']lang-en["']>([\s\S]*?)<\/span>\s*<\/span>/.exec(html)?.[1] ?? html;
    const sections = new Map<string, string>();
    for (const m of english.matchAll(/<section>\s*<h3>([^<]+)<\/h3>([\s\S]*?)<\/section>/g))
      sections.set(m[1]!.trim(), m[2]!.trim());
    const samples: string[] = [];
    for (let i = 1; sections.has(`Sample Input ${i}`); i++) {
      const input = preText(
        /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(sections.get(`Sample Input ${i}`)!)?.[1] ?? '',
      );
      const output = preText(
        /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(sections.get(`Sample Output ${i}`) ?? '')?.[1] ?? '',
      );
      samples.push(`<input>${input}</input><output>${output}</output>`);
    }
    const abs = (h: string | undefined) => absoluteLinks(h ?? '', s.url(url));
    const constraints = sections.get('Constraints');
    return {
      problemId: `AC-${remoteId}`,
      title,
      timeLimit: Math.round(Number(limits[1]) * 1000),
      memoryLimit: Number(limits[2]),
      description: abs(
        (sections.get('Problem Statement') ?? '') + (constraints ? `<h3>Constraints</h3>${constraints}` : ''),
      ),
      input: abs(sections.get('Input')),
      output: abs(sections.get('Output')),
      examples: samples.join(''),
      hint: '',
      tags: [],
      source: s.url(url),
      languages: Object.keys(AC_LANGUAGES),
    };
  }
}
