// Codeforces and GYM (judge.md §6.3): RCPC anti-bot cookie, csrf login, submit with programTypeId,
// run id from the status page, verdicts from /data/submitSource (CF) or the `my` page (GYM).
import { createDecipheriv, randomBytes } from 'node:crypto';
import { JudgeStatus as S } from '@oj/protocol';
import { HttpSession, RemoteError, sleep, type HttpResponse } from './http';
import { allInnerOf, innerOf, preText } from './html';
import {
  absoluteLinks,
  type AdapterOptions,
  htmlText,
  splitCodeforcesId,
  withRandomTail,
  type CrawledProblem,
  type RemoteAccount,
  type RemoteAdapter,
  type RemoteResult,
  type RemoteSubmission,
} from './types';

/** Our language name → Codeforces programTypeId. */
export const CF_LANGUAGES: Readonly<Record<string, string>> = {
  'GNU GCC C11 5.1.0': '43',
  'GNU G++14 6.4.0': '50',
  'GNU G++17 7.3.0': '54',
  'GNU G++20 11.2.0 (64 bit, winlibs)': '73',
  'Java 11.0.6': '60',
  'Java 1.8.0_241': '36',
  'Python 3.8.10': '31',
  'PyPy 3.6.9 (7.3.0)': '41',
  'PyPy 3.9.10 (7.3.9, 64bit)': '70',
  'Python 2.7.18': '7',
  'Go 1.19.5': '32',
  'Kotlin 1.7.20': '83',
  'C# 8, .NET Core 3.1': '65',
  'Rust 1.66.0 (2021)': '75',
  'Node.js 15.8.0 (64bit)': '55',
};

export const CF_STATUS: Readonly<Record<string, number>> = {
  OK: S.ACCEPTED,
  PARTIAL: S.PARTIAL_ACCEPTED,
  COMPILATION_ERROR: S.COMPILE_ERROR,
  RUNTIME_ERROR: S.RUNTIME_ERROR,
  WRONG_ANSWER: S.WRONG_ANSWER,
  PRESENTATION_ERROR: S.PRESENTATION_ERROR,
  TIME_LIMIT_EXCEEDED: S.TIME_LIMIT_EXCEEDED,
  MEMORY_LIMIT_EXCEEDED: S.MEMORY_LIMIT_EXCEEDED,
  IDLENESS_LIMIT_EXCEEDED: S.RUNTIME_ERROR,
  SECURITY_VIOLATED: S.RUNTIME_ERROR,
  CRASHED: S.SYSTEM_ERROR,
  INPUT_PREPARATION_CRASHED: S.SYSTEM_ERROR,
  CHALLENGED: S.SYSTEM_ERROR,
  SKIPPED: S.SYSTEM_ERROR,
  REJECTED: S.SYSTEM_ERROR,
  TESTING: S.JUDGING,
  RUNNING: S.JUDGING,
  FAILED: S.SUBMITTED_FAILED,
};

const RUNNING = new Set<number>([S.PENDING, S.COMPILING, S.JUDGING]);

const csrfOf = (html: string): string | null =>
  /name=["']X-Csrf-Token["']\s+content=["']([^"']+)["']/i.exec(html)?.[1] ??
  /name=["']csrf_token["']\s+value=["']([^"']+)["']/i.exec(html)?.[1] ??
  /data-csrf=["']([^"']+)["']/i.exec(html)?.[1] ??
  null;

/** The RCPC page: `a=toNumbers("…"),b=toNumbers("…"),c=toNumbers("…")`: RCPC = AES-128-CBC(key a, iv b) of c. */
export function solveRcpc(html: string): string | null {
  const m =
    /a=toNumbers\("([0-9a-f]+)"\),\s*b=toNumbers\("([0-9a-f]+)"\),\s*c=toNumbers\("([0-9a-f]+)"\)/i.exec(
      html,
    );
  if (!m) return null;
  const d = createDecipheriv('aes-128-cbc', Buffer.from(m[1]!, 'hex'), Buffer.from(m[2]!, 'hex'));
  d.setAutoPadding(false);
  return Buffer.concat([d.update(Buffer.from(m[3]!, 'hex')), d.final()]).toString('hex');
}

/** The `_tta` field Codeforces' script derives from the 39ce7 cookie. */
function ttaOf(cookie: string | undefined): string {
  if (!cookie) return '0';
  let t = 0;
  for (let i = 0; i < cookie.length; i++) t = (t + (i + 1) * (i + 2) * cookie.charCodeAt(i)) % 1009;
  if (t % 3 === 0) t++;
  if (t % 2 === 0) t *= 2;
  if (t % 5 === 0) t *= 4;
  return String(t % 1009);
}

export class CodeforcesAdapter implements RemoteAdapter {
  readonly languages = CF_LANGUAGES;
  private readonly ftaa = randomBytes(9).toString('hex').slice(0, 18);
  private readonly bfaa = randomBytes(16).toString('hex');

  constructor(
    readonly oj: 'CF' | 'GYM',
    private readonly base: string,
    private readonly opts: AdapterOptions = {},
  ) {}

  session(): HttpSession {
    return new HttpSession(this.base, 'CF', { minGapMs: 300, ...this.opts.http });
  }

  /** GET that answers the RCPC challenge once when the anti-bot page comes instead. */
  private async page(s: HttpSession, path: string): Promise<HttpResponse> {
    let res = await s.get(path);
    const rcpc = solveRcpc(res.text);
    if (rcpc) {
      s.setCookie('RCPC', rcpc);
      res = await s.get(path);
    }
    return res;
  }

  async login(s: HttpSession, account: RemoteAccount): Promise<void> {
    s.clearCookies();
    const enter = await this.page(s, 'enter');
    const csrf = csrfOf(enter.text);
    if (!csrf) throw new RemoteError('Codeforces: no csrf token on the login page');
    const res = await s.post('enter', {
      csrf_token: csrf,
      action: 'enter',
      ftaa: this.ftaa,
      bfaa: this.bfaa,
      handleOrEmail: account.username,
      password: account.password,
      remember: 'on',
      _tta: ttaOf(s.cookie('39ce7')),
    });
    if (res.status !== 302) throw new RemoteError(`Codeforces: login of ${account.username} failed`);
  }

  private contestPath(contest: string) {
    return this.oj === 'GYM' ? `gym/${contest}` : `contest/${contest}`;
  }

  async submit(s: HttpSession, account: RemoteAccount, sub: RemoteSubmission): Promise<string> {
    const { contest, index } = splitCodeforcesId(sub.remoteId);
    const programTypeId = this.languages[sub.language];
    if (!programTypeId) throw new RemoteError(`Codeforces: language ${sub.language} not supported`);
    const path = `${this.contestPath(contest)}/submit`;
    for (let attempt = 0; ; attempt++) {
      const form = await this.page(s, path);
      const csrf = csrfOf(form.text);
      if (form.status === 403 || !csrf) {
        if (attempt > 0) throw new RemoteError('Codeforces: submit page refused after a new login');
        await this.login(s, account);
        continue;
      }
      const res = await s.post(`${path}?csrf_token=${csrf}`, {
        csrf_token: csrf,
        ftaa: this.ftaa,
        bfaa: this.bfaa,
        action: 'submitSolutionFormSubmitted',
        submittedProblemIndex: index,
        contestId: contest,
        programTypeId,
        source: withRandomTail(sub.code),
        tabSize: '4',
        sourceFile: '',
        _tta: ttaOf(s.cookie('39ce7')),
      });
      if (res.status === 403 && attempt === 0) {
        await this.login(s, account);
        continue;
      }
      if (res.status !== 302) {
        const error = /<span class=["']error[^"']*["']>([^<]+)<\/span>/i.exec(res.text)?.[1];
        throw new RemoteError(`Codeforces: submission refused${error ? `: ${error.trim()}` : ''}`);
      }
      break;
    }
    const statusPath = this.oj === 'GYM' ? `${this.contestPath(contest)}/my` : 'problemset/status?my=on';
    for (let i = 0; i < 3; i++) {
      await sleep(this.opts.findDelayMs ?? 2000);
      const page = await this.page(s, statusPath);
      const id = /data-submission-id=["'](\d+)["']/.exec(page.text)?.[1];
      if (id) return id;
    }
    throw new RemoteError('Codeforces: no submission id on the status page');
  }

  async fetchResult(
    s: HttpSession,
    account: RemoteAccount,
    runId: string,
    sub: RemoteSubmission,
  ): Promise<RemoteResult> {
    if (!s.cookie('JSESSIONID') && !s.cookie('X-User')) await this.login(s, account);
    return this.oj === 'GYM' ? this.gymResult(s, runId, sub) : this.cfResult(s, runId);
  }

  private async csrf(s: HttpSession): Promise<string> {
    const home = await this.page(s, 'problemset/status?my=on');
    const csrf = csrfOf(home.text);
    if (!csrf) throw new RemoteError('Codeforces: no csrf token');
    return csrf;
  }

  private async cfResult(s: HttpSession, runId: string): Promise<RemoteResult> {
    const csrf = await this.csrf(s);
    const res = await s.post('data/submitSource', { csrf_token: csrf, submissionId: runId });
    let data: Record<string, string>;
    try {
      data = JSON.parse(res.text) as Record<string, string>;
    } catch {
      throw new RemoteError('Codeforces: submitSource did not answer JSON');
    }
    if (String(data.compilationError) === 'true') {
      return {
        final: true,
        status: S.COMPILE_ERROR,
        time: 0,
        memory: 0,
        errorMessage: data['checkerStdoutAndStderr#1'] ?? '',
      };
    }
    const count = Number(data.testCount ?? 0);
    const cases = [];
    for (let i = 1; i <= count; i++) {
      const verdict = data[`verdict#${i}`];
      if (!verdict) continue;
      cases.push({
        status: CF_STATUS[verdict] ?? S.JUDGING,
        time: Number(data[`timeConsumed#${i}`] ?? 0),
        memory: Math.round(Number(data[`memoryConsumed#${i}`] ?? 0) / 1024),
      });
    }
    const last = cases.at(-1);
    if (String(data.waiting) === 'true' || !last || RUNNING.has(last.status)) {
      return { final: false, status: S.JUDGING, time: 0, memory: 0, errorMessage: null, cases };
    }
    return {
      final: true,
      status: last.status,
      time: Math.max(...cases.map((c) => c.time)),
      memory: Math.max(...cases.map((c) => c.memory)),
      errorMessage: null,
      cases,
    };
  }

  private async gymResult(s: HttpSession, runId: string, sub: RemoteSubmission): Promise<RemoteResult> {
    const { contest } = splitCodeforcesId(sub.remoteId);
    const page = await this.page(s, `${this.contestPath(contest)}/my`);
    const row = new RegExp(`<tr[^>]*data-submission-id=["']${runId}["'][\\s\\S]*?</tr>`).exec(page.text)?.[0];
    if (!row) throw new RemoteError(`Codeforces GYM: run ${runId} not on the page`);
    const verdict = /submissionVerdict=["']([A-Z_]+)["']/.exec(row)?.[1];
    if (!verdict) return { final: false, status: S.PENDING, time: 0, memory: 0, errorMessage: null };
    const status = CF_STATUS[verdict] ?? S.JUDGING;
    if (RUNNING.has(status)) return { final: false, status, time: 0, memory: 0, errorMessage: null };
    const time = Number(/(\d+)\s*ms/.exec(row)?.[1] ?? 0);
    const memory = Number(/(\d+)\s*KB/.exec(row)?.[1] ?? 0);
    let errorMessage: string | null = null;
    if (status === S.COMPILE_ERROR) {
      const csrf = csrfOf(page.text) ?? '';
      const res = await s.post('data/judgeProtocol', { csrf_token: csrf, submissionId: runId });
      try {
        errorMessage = JSON.parse(res.text) as string;
      } catch {
        errorMessage = res.text;
      }
    }
    return { final: true, status, time, memory, errorMessage };
  }

  async fetchProblem(s: HttpSession, remoteId: string): Promise<CrawledProblem> {
    const { contest, index } = splitCodeforcesId(remoteId);
    const url =
      this.oj === 'GYM' ? `gym/${contest}/problem/${index}` : `problemset/problem/${contest}/${index}`;
    const res = await this.page(s, url);
    if (res.status !== 200) throw new RemoteError(`Codeforces: problem page answered ${res.status}`);
    return parseCodeforcesProblem(res.text, s.url(url), this.oj, `${contest}${index}`);
  }
}

/** A Codeforces problem page (`div.problem-statement`) into a crawled problem. */
export function parseCodeforcesProblem(
  html: string,
  pageUrl: string,
  oj: 'CF' | 'GYM',
  id: string,
): CrawledProblem {
  const statement = innerOf(html, 'div', /class=["']problem-statement["']/)?.inner;
  if (!statement) throw new RemoteError('Codeforces: no problem statement on the page');
  const header = innerOf(statement, 'div', /class=["']header["']/);
  if (!header) throw new RemoteError('Codeforces: no statement header');
  const title = htmlText(innerOf(header.inner, 'div', /class=["']title["']/)?.inner ?? '').replace(
    /^[A-Z0-9]+\.\s*/,
    '',
  );
  const limitText = (cls: string) =>
    htmlText(
      (innerOf(header.inner, 'div', new RegExp(`class=["']${cls}["']`))?.inner ?? '').replace(
        /<div class=["']property-title["']>[\s\S]*?<\/div>/,
        '',
      ),
    );
  const seconds = Number(/([\d.]+)\s*second/.exec(limitText('time-limit'))?.[1] ?? 1);
  const megabytes = Number(/(\d+)\s*megabyte/.exec(limitText('memory-limit'))?.[1] ?? 256);
  const section = (cls: string) => {
    const inner = innerOf(statement, 'div', new RegExp(`class=["']${cls}["']`))?.inner ?? '';
    return absoluteLinks(
      inner.replace(/<div class=["']section-title["']>[\s\S]*?<\/div>/, '').trim(),
      pageUrl,
    );
  };
  // The legend: the first plain <div> after the header.
  const afterHeader = statement.slice(header.end);
  const legend = innerOf(afterHeader, 'div', /^<div>$/)?.inner ?? '';
  const inputs = allInnerOf(statement, 'div', /class=["']input["']/).map((d) =>
    preText(innerOf(d, 'pre', /./)?.inner ?? ''),
  );
  const outputs = allInnerOf(statement, 'div', /class=["']output["']/).map((d) =>
    preText(innerOf(d, 'pre', /./)?.inner ?? ''),
  );
  const examples = inputs
    .map((inp, i) => `<input>${inp}</input><output>${outputs[i] ?? ''}</output>`)
    .join('');
  const tags = [...html.matchAll(/<span class=["']tag-box["'][^>]*>([\s\S]*?)<\/span>/g)]
    .map((m) => htmlText(m[1]!))
    .filter((t) => t && !/^\*\d+$/.test(t));
  return {
    problemId: `${oj}-${id}`,
    title,
    timeLimit: Math.round(seconds * 1000),
    memoryLimit: megabytes,
    description: absoluteLinks(legend.trim(), pageUrl),
    input: section('input-specification'),
    output: section('output-specification'),
    examples,
    hint: section('note'),
    tags,
    source: pageUrl,
    languages: Object.keys(CF_LANGUAGES),
  };
}
