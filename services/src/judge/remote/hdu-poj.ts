// HDU and POJ (judge.md §6.3): form logins, Base64 submissions, the newest run of the account on
// the status page, the result from the status row (HDU) or the source page (POJ).
import { JudgeStatus as S } from '@oj/protocol';
import { HttpSession, RemoteError, sleep } from './http';
import { preText } from './html';
import {
  absoluteLinks,
  htmlText,
  withRandomTail,
  type AdapterOptions,
  type CrawledProblem,
  type RemoteAccount,
  type RemoteAdapter,
  type RemoteResult,
  type RemoteSubmission,
} from './types';

export const HDU_LANGUAGES: Readonly<Record<string, string>> = {
  'G++': '0',
  GCC: '1',
  'C++': '2',
  C: '3',
  Pascal: '4',
  Java: '5',
  'C#': '6',
};

export const POJ_LANGUAGES: Readonly<Record<string, string>> = {
  'G++': '0',
  GCC: '1',
  Java: '2',
  Pascal: '3',
  'C++': '4',
  C: '5',
  Fortran: '6',
};

/** HDU's and POJ's status words (judge.md §6.3). */
export function hduPojStatus(text: string): number {
  const t = text.trim();
  if (t === 'Accepted') return S.ACCEPTED;
  if (t === 'Wrong Answer') return S.WRONG_ANSWER;
  if (t === 'Presentation Error') return S.PRESENTATION_ERROR;
  if (t === 'Compilation Error' || t === 'Compile Error') return S.COMPILE_ERROR;
  if (t.includes('Runtime Error')) return S.RUNTIME_ERROR;
  if (t === 'Time Limit Exceeded') return S.TIME_LIMIT_EXCEEDED;
  if (t === 'Memory Limit Exceeded') return S.MEMORY_LIMIT_EXCEEDED;
  if (t === 'Output Limit Exceeded') return S.RUNTIME_ERROR;
  if (t === 'Compiling') return S.COMPILING;
  if (t === 'Running' || t === 'Running & Judging') return S.JUDGING;
  return S.PENDING; // Queuing, Submitted, Waiting, unknown
}

const RUNNING = new Set<number>([S.PENDING, S.COMPILING, S.JUDGING]);
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

export class HduAdapter implements RemoteAdapter {
  readonly oj = 'HDU' as const;
  readonly languages = HDU_LANGUAGES;
  constructor(
    private readonly base: string,
    private readonly opts: AdapterOptions = {},
  ) {}

  session(): HttpSession {
    return new HttpSession(this.base, 'HDU', { minGapMs: 300, ...this.opts.http });
  }

  async login(s: HttpSession, account: RemoteAccount): Promise<void> {
    s.clearCookies();
    await s.get('');
    const res = await s.post('userloginex.php?action=login', {
      username: account.username,
      userpass: account.password,
      login: 'Sign In',
    });
    if (res.status !== 302) throw new RemoteError(`HDU: login of ${account.username} failed`);
  }

  async submit(s: HttpSession, account: RemoteAccount, sub: RemoteSubmission): Promise<string> {
    const language = this.languages[sub.language];
    if (!language) throw new RemoteError(`HDU: language ${sub.language} not supported`);
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await s.post('submit.php?action=submit', {
        check: '0',
        language,
        problemid: sub.remoteId,
        _usercode: b64(encodeURIComponent(withRandomTail(sub.code))),
      });
      if (res.status === 200 && res.text.includes("Please don't re-submit")) {
        await sleep(5000 * (this.opts.waitScale ?? 1));
        continue;
      }
      if (res.status !== 302) throw new RemoteError('HDU: submission refused');
      for (let i = 0; i < 2; i++) {
        await sleep(this.opts.findDelayMs ?? 2000);
        const page = await s.get(
          `status.php?user=${encodeURIComponent(account.username)}&pid=${sub.remoteId}`,
        );
        const id = /<td height=22px>(\d+)<\/td>/.exec(page.text)?.[1];
        if (id) return id;
      }
      throw new RemoteError('HDU: no run id on the status page');
    }
    throw new RemoteError('HDU: still "don\'t re-submit" after 3 tries');
  }

  async fetchResult(
    s: HttpSession,
    account: RemoteAccount,
    runId: string,
    sub: RemoteSubmission,
  ): Promise<RemoteResult> {
    const page = await s.get(
      `status.php?first=${runId}&user=${encodeURIComponent(account.username)}&pid=${sub.remoteId}`,
    );
    const row = new RegExp(`<tr[^>]*><td height=22px>${runId}</td>([\\s\\S]*?)</tr>`).exec(page.text)?.[1];
    if (!row) throw new RemoteError(`HDU: run ${runId} not on the status page`);
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => htmlText(m[1]!));
    const status = hduPojStatus(cells[1] ?? '');
    if (RUNNING.has(status)) return { final: false, status, time: 0, memory: 0, errorMessage: null };
    let errorMessage: string | null = null;
    if (status === S.COMPILE_ERROR) {
      const ce = await s.get(`viewerror.php?rid=${runId}`);
      errorMessage = preText(/<pre>([\s\S]*?)<\/pre>/.exec(ce.text)?.[1] ?? '');
    }
    return {
      final: true,
      status,
      time: Number(/(\d+)MS/.exec(cells[3] ?? '')?.[1] ?? 0),
      memory: Number(/(\d+)K/.exec(cells[4] ?? '')?.[1] ?? 0),
      errorMessage,
    };
  }

  async fetchProblem(s: HttpSession, remoteId: string): Promise<CrawledProblem> {
    const url = `showproblem.php?pid=${remoteId}`;
    const res = await s.get(url);
    const html = res.text;
    const title = htmlText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
    const limits = /Time Limit:\s*\d+\/(\d+)\s*MS[\s\S]*?Memory Limit:\s*\d+\/(\d+)\s*K/.exec(html);
    if (!title || !limits) throw new RemoteError(`HDU: problem ${remoteId} not found`);
    const panel = (name: string) =>
      new RegExp(
        `<div class=panel_title align=left>${name}</div>\\s*<div class=panel_content>([\\s\\S]*?)</div><div class=panel_bottom>`,
      ).exec(html)?.[1] ?? '';
    const abs = (h: string) => absoluteLinks(h.trim(), s.url(url));
    const sampleOf = (h: string) => preText(/<pre>([\s\S]*?)<\/pre>/.exec(h)?.[1] ?? h);
    return {
      problemId: `HDU-${remoteId}`,
      title,
      timeLimit: Number(limits[1]),
      memoryLimit: Math.round(Number(limits[2]) / 1024),
      description: abs(panel('Problem Description')),
      input: abs(panel('Input')),
      output: abs(panel('Output')),
      examples: `<input>${sampleOf(panel('Sample Input'))}</input><output>${sampleOf(panel('Sample Output'))}</output>`,
      hint: abs(panel('Hint')),
      tags: [],
      source: s.url(url),
      languages: Object.keys(HDU_LANGUAGES),
    };
  }
}

export class PojAdapter implements RemoteAdapter {
  readonly oj = 'POJ' as const;
  readonly languages = POJ_LANGUAGES;
  constructor(
    private readonly base: string,
    private readonly opts: AdapterOptions = {},
  ) {}

  session(): HttpSession {
    return new HttpSession(this.base, 'POJ', { minGapMs: 300, ...this.opts.http });
  }

  async login(s: HttpSession, account: RemoteAccount): Promise<void> {
    s.clearCookies();
    await s.get('');
    const res = await s.post('login', {
      user_id1: account.username,
      password1: account.password,
      B1: 'login',
      url: '.',
    });
    if (res.status !== 302) throw new RemoteError(`POJ: login of ${account.username} failed`);
    const home = await s.get('');
    if (!home.text.includes(account.username) || !home.text.includes('Log Out'))
      throw new RemoteError(`POJ: login of ${account.username} failed`);
  }

  async submit(s: HttpSession, account: RemoteAccount, sub: RemoteSubmission): Promise<string> {
    const language = this.languages[sub.language];
    if (!language) throw new RemoteError(`POJ: language ${sub.language} not supported`);
    const res = await s.post('submit', {
      language,
      problem_id: sub.remoteId,
      source: b64(withRandomTail(sub.code)),
      encoded: '1',
    });
    if (res.status !== 302) throw new RemoteError('POJ: submission refused');
    await sleep(this.opts.findDelayMs ?? 2000);
    const page = await s.get(
      `status?user_id=${encodeURIComponent(account.username)}&problem_id=${sub.remoteId}`,
    );
    const id = /<tr align=center><td>(\d+)<\/td>/.exec(page.text)?.[1];
    if (!id) throw new RemoteError('POJ: no run id on the status page');
    return id;
  }

  async fetchResult(s: HttpSession, account: RemoteAccount, runId: string): Promise<RemoteResult> {
    let page = await s.get(`showsource?solution_id=${runId}`);
    if (!page.text.includes('Result:')) {
      await this.login(s, account);
      page = await s.get(`showsource?solution_id=${runId}`);
    }
    const result = htmlText(/<b>Result:<\/b>([\s\S]*?)<\/td>/.exec(page.text)?.[1] ?? '');
    if (!result) throw new RemoteError(`POJ: run ${runId} has no result`);
    const status = hduPojStatus(result);
    if (RUNNING.has(status)) return { final: false, status, time: 0, memory: 0, errorMessage: null };
    let errorMessage: string | null = null;
    if (status === S.COMPILE_ERROR) {
      const ce = await s.get(`showcompileinfo?solution_id=${runId}`);
      errorMessage = preText(/<pre>([\s\S]*?)<\/pre>/.exec(ce.text)?.[1] ?? '');
    }
    return {
      final: true,
      status,
      time: Number(/<b>Time:<\/b>\s*(\d+)MS/.exec(page.text)?.[1] ?? 0),
      memory: Number(/<b>Memory:<\/b>\s*(\d+)K/.exec(page.text)?.[1] ?? 0),
      errorMessage,
    };
  }

  async fetchProblem(s: HttpSession, remoteId: string): Promise<CrawledProblem> {
    const url = `problem?id=${remoteId}`;
    const html = (await s.get(url)).text;
    const title = htmlText(/<div class="ptt" lang="en-US">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '');
    const time = /<b>Time Limit:<\/b>\s*(\d+)MS/.exec(html)?.[1];
    const memory = /<b>Memory Limit:<\/b>\s*(\d+)K/.exec(html)?.[1];
    if (!title || !time || !memory) throw new RemoteError(`POJ: problem ${remoteId} not found`);
    const section = (name: string) =>
      absoluteLinks(
        (
          new RegExp(`<p class="pst">${name}</p><div class="ptx" lang="en-US">([\\s\\S]*?)</div>`).exec(
            html,
          )?.[1] ?? ''
        ).trim(),
        s.url(url),
      );
    const sample = (name: string) =>
      preText(
        new RegExp(`<p class="pst">${name}</p><pre class="sio">([\\s\\S]*?)</pre>`).exec(html)?.[1] ?? '',
      );
    return {
      problemId: `POJ-${remoteId}`,
      title,
      timeLimit: Number(time),
      memoryLimit: Math.round(Number(memory) / 1024),
      description: section('Description'),
      input: section('Input'),
      output: section('Output'),
      examples: `<input>${sample('Sample Input')}</input><output>${sample('Sample Output')}</output>`,
      hint: section('Hint'),
      tags: [],
      source: s.url(url),
      languages: Object.keys(POJ_LANGUAGES),
    };
  }
}
