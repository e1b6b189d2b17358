// SPOJ (judge.md §6.3): form login, submit/complete with `newSubmissionId`, results from the
// status ajax call (`final=1`), compile errors from /error/<id>.
import { JudgeStatus as S } from '@oj/protocol';
import { HttpSession, RemoteError } from './http';
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

/** Our language name (SPOJ's name without its version) → SPOJ language id. */
export const SPOJ_LANGUAGES: Readonly<Record<string, string>> = {
  'C++14 (gcc 8.3)': '44',
  'C++ (gcc 8.3)': '1',
  'C (gcc 8.3)': '11',
  'Java (HotSpot 12)': '10',
  'Python 3 (python 3.7.3)': '116',
  'Python 3 nbc (python 3.7.3)': '126',
  'Python (PyPy 2.7.13)': '99',
  'Go (go 1.12.1)': '114',
  'Rust (rust 1.33.0)': '93',
};

const SPOJ_STATUS: Readonly<Record<number, number>> = {
  11: S.COMPILE_ERROR,
  12: S.RUNTIME_ERROR,
  13: S.TIME_LIMIT_EXCEEDED,
  14: S.WRONG_ANSWER,
  15: S.ACCEPTED,
};

export class SpojAdapter implements RemoteAdapter {
  readonly oj = 'SPOJ' as const;
  readonly languages = SPOJ_LANGUAGES;
  constructor(
    private readonly base: string,
    private readonly opts: AdapterOptions = {},
  ) {}

  session(): HttpSession {
    return new HttpSession(this.base, 'SPOJ', { minGapMs: 300, ...this.opts.http });
  }

  async login(s: HttpSession, account: RemoteAccount): Promise<void> {
    s.clearCookies();
    const res = await s.post('login/', {
      login_user: account.username,
      password: account.password,
      autologin: '1',
    });
    if (res.status !== 302 || res.text.includes('Authentication failed'))
      throw new RemoteError(`SPOJ: login of ${account.username} failed`);
  }

  async submit(s: HttpSession, _account: RemoteAccount, sub: RemoteSubmission): Promise<string> {
    const lang = this.languages[sub.language];
    if (!lang) throw new RemoteError(`SPOJ: language ${sub.language} not supported`);
    const res = await s.post('submit/complete/', {
      lang,
      problemcode: sub.remoteId,
      file: sub.code,
      submit: 'Submit!',
    });
    for (const error of ['Wrong problem code!', 'solution is too long', 'wrong language'])
      if (res.text.includes(error)) throw new RemoteError(`SPOJ: ${error}`);
    const id = inputValue(res.text, 'newSubmissionId') ?? '-1';
    if (id === '-1') throw new RemoteError('SPOJ: no submission id');
    return id;
  }

  async fetchResult(s: HttpSession, account: RemoteAccount, runId: string): Promise<RemoteResult> {
    let res = await s.post('status/ajax=1,ajaxdiff=1', { ids: runId });
    if (res.status === 403) {
      await this.login(s, account);
      res = await s.post('status/ajax=1,ajaxdiff=1', { ids: runId });
    }
    let rows: {
      id: number | string;
      status: number | string;
      final: string | number;
      time: string;
      mem: string;
    }[];
    try {
      rows = JSON.parse(res.text) as typeof rows;
    } catch {
      throw new RemoteError('SPOJ: status did not answer JSON');
    }
    const row = rows.find((r) => String(r.id) === runId);
    if (!row) throw new RemoteError(`SPOJ: run ${runId} unknown`);
    if (String(row.final) !== '1')
      return { final: false, status: S.JUDGING, time: 0, memory: 0, errorMessage: null };
    const status = SPOJ_STATUS[Number(row.status)];
    if (status === undefined) throw new RemoteError(`SPOJ: status code ${row.status}`);
    const mem = /([\d.]+)\s*([MkK])/.exec(row.mem ?? '');
    const memory = mem ? Math.round(Number(mem[1]) * (mem[2] === 'M' ? 1024 : 1)) : 0;
    let errorMessage: string | null = null;
    if (status === S.COMPILE_ERROR) {
      const ce = await s.get(`error/${runId}`);
      errorMessage = preText(/<pre>([\s\S]*?)<\/pre>/.exec(ce.text)?.[1] ?? '');
    }
    return { final: true, status, time: Math.round(Number(row.time ?? 0) * 1000), memory, errorMessage };
  }

  async fetchProblem(s: HttpSession, remoteId: string): Promise<CrawledProblem> {
    const url = `problems/${remoteId}/`;
    const res = await s.get(url);
    const html = res.text;
    const name = htmlText(/<h2 id="problem-name"[^>]*>([\s\S]*?)<\/h2>/.exec(html)?.[1] ?? '');
    if (res.status !== 200 || !name) throw new RemoteError(`SPOJ: problem ${remoteId} not found`);
    const row = (label: string) =>
      htmlText(new RegExp(`<td>${label}</td>\\s*<td>([\\s\\S]*?)</td>`).exec(html)?.[1] ?? '');
    const body = /<div id="problem-body">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    const example = /<h3>Example<\/h3>\s*<pre>([\s\S]*?)<\/pre>/.exec(body)?.[1] ?? '';
    const io = /<b>Input:<\/b>([\s\S]*?)<b>Output:<\/b>([\s\S]*)/.exec(example);
    const description = body.replace(/<h3>Example<\/h3>\s*<pre>[\s\S]*?<\/pre>/, '').trim();
    const crawled = row('Languages').split(/\s+/).filter(Boolean);
    const known = Object.keys(SPOJ_LANGUAGES).filter((l) =>
      crawled.some((c) => l.toUpperCase().startsWith(c.replace(/-.*/, ''))),
    );
    return {
      problemId: `SPOJ-${remoteId}`,
      title: name.replace(/^[A-Z0-9_]+ - /, ''),
      timeLimit: Math.round(Number(/([\d.]+)s/.exec(row('Time limit:'))?.[1] ?? 1) * 1000),
      memoryLimit: Number(/(\d+)MB/.exec(row('Memory limit:'))?.[1] ?? 256),
      description: absoluteLinks(description, s.url(url)),
      input: '',
      output: '',
      examples: io
        ? `<input>${preText(io[1]!).trim()}\n</input><output>${preText(io[2]!).trim()}\n</output>`
        : '',
      hint: '',
      tags: [...html.matchAll(/<span class="problem-tag">#?([^<]+)<\/span>/g)].map((m) => m[1]!.trim()),
      source: s.url(url),
      languages: known.length ? known : Object.keys(SPOJ_LANGUAGES),
    };
  }
}
