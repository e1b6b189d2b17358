// LibreOJ (judge.md §6.3): a JSON API with a bearer token; `LIBRE-6764(41180)` when the displayed
// and the real problem ids differ.
import { JudgeStatus as S } from '@oj/protocol';
import { HttpSession, RemoteError, sleep } from './http';
import type {
  AdapterOptions,
  CrawledProblem,
  RemoteAccount,
  RemoteAdapter,
  RemoteResult,
  RemoteSubmission,
} from './types';

/** Our language name → LibreOJ language and compile options. */
export const LIBRE_LANGUAGES: Readonly<Record<string, string>> = {
  'C++ 17 (G++)': JSON.stringify(['cpp', { compiler: 'g++', std: 'c++17', O: '0', m: '64' }]),
  'C++ 17 O2 (G++)': JSON.stringify(['cpp', { compiler: 'g++', std: 'c++17', O: '2', m: '64' }]),
  'C++ 11 (G++)': JSON.stringify(['cpp', { compiler: 'g++', std: 'c++11', O: '0', m: '64' }]),
  'C 11 (GCC)': JSON.stringify(['c', { compiler: 'gcc', std: 'c11', O: '0', m: '64' }]),
  'Java 8': JSON.stringify(['java', {}]),
  'Python 3.10': JSON.stringify(['python', { version: '3.10' }]),
  'Rust 2021': JSON.stringify(['rust', { version: '2021', optimize: '2' }]),
  'Go 1.x': JSON.stringify(['go', { version: '1.x' }]),
};

export const LIBRE_STATUS: Readonly<Record<string, number>> = {
  Accepted: S.ACCEPTED,
  PartiallyCorrect: S.PARTIAL_ACCEPTED,
  WrongAnswer: S.WRONG_ANSWER,
  CompilationError: S.COMPILE_ERROR,
  RuntimeError: S.RUNTIME_ERROR,
  TimeLimitExceeded: S.TIME_LIMIT_EXCEEDED,
  MemoryLimitExceeded: S.MEMORY_LIMIT_EXCEEDED,
  OutputLimitExceeded: S.RUNTIME_ERROR,
  FileError: S.RUNTIME_ERROR,
  JudgementFailed: S.RUNTIME_ERROR,
  ConfigurationError: S.RUNTIME_ERROR,
  SystemError: S.SYSTEM_ERROR,
  Pending: S.PENDING,
};

const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');

/** `6764(41180)` → displayed 6764, real 41180; `6764` → both. */
export function libreIds(remoteId: string): { display: string; real: string } {
  const m = /^(\d+)\((\d+)\)$/.exec(remoteId);
  return m ? { display: m[1]!, real: m[2]! } : { display: remoteId, real: remoteId };
}

interface Json {
  [k: string]: unknown;
}

export class LibreOjAdapter implements RemoteAdapter {
  readonly oj = 'LIBRE' as const;
  readonly languages = LIBRE_LANGUAGES;
  constructor(
    private readonly base: string,
    private readonly opts: AdapterOptions = {},
  ) {}

  session(): HttpSession {
    return new HttpSession(this.base, 'LIBRE', { minGapMs: 100, ...this.opts.http });
  }

  private async call(s: HttpSession, path: string, body: unknown): Promise<Json> {
    const res = await s.postJson(path, body);
    try {
      return JSON.parse(res.text) as Json;
    } catch {
      throw new RemoteError(`LibreOJ: ${path} answered ${res.status}`);
    }
  }

  async login(s: HttpSession, account: RemoteAccount): Promise<void> {
    s.clearCookies();
    const r = await this.call(s, 'auth/login', { username: account.username, password: account.password });
    if (typeof r.token !== 'string') throw new RemoteError(`LibreOJ: login of ${account.username} failed`);
    s.bearer = r.token;
  }

  async submit(s: HttpSession, _account: RemoteAccount, sub: RemoteSubmission): Promise<string> {
    const entry = this.languages[sub.language];
    if (!entry) throw new RemoteError(`LibreOJ: language ${sub.language} not supported`);
    const [language, compileAndRunOptions] = JSON.parse(entry) as [string, Json];
    const body = {
      problemId: Number(libreIds(sub.remoteId).real),
      content: { code: sub.code, language, compileAndRunOptions },
      uploadInfo: null,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const r = await this.call(s, 'submission/submit', body).catch(() => ({}) as Json);
      if (typeof r.submissionId === 'number' || typeof r.submissionId === 'string')
        return String(r.submissionId);
      if (attempt === 0) await sleep(3000 * (this.opts.waitScale ?? 1));
    }
    throw new RemoteError('LibreOJ: no submission id');
  }

  async fetchResult(s: HttpSession, account: RemoteAccount, runId: string): Promise<RemoteResult> {
    if (!s.bearer) await this.login(s, account);
    const r = await this.call(s, 'submission/getSubmissionDetail', { submissionId: runId, locale: 'en_US' });
    const meta = r.meta as Json | undefined;
    const status = LIBRE_STATUS[String(meta?.status)];
    if (!meta || status === undefined)
      throw new RemoteError(`LibreOJ: unknown status ${String(meta?.status)}`);
    if (status === S.PENDING) return { final: false, status, time: 0, memory: 0, errorMessage: null };
    const progress = r.progress as Json | undefined;
    const compile = progress?.compile as Json | undefined;
    const message = typeof compile?.message === 'string' ? stripAnsi(compile.message) : null;
    return {
      final: true,
      status,
      time: Number(meta.timeUsed ?? 0),
      memory: Number(meta.memoryUsed ?? 0),
      errorMessage: status === S.COMPILE_ERROR ? (message ?? '') : message,
    };
  }

  async fetchProblem(s: HttpSession, remoteId: string): Promise<CrawledProblem> {
    const r = await this.call(s, 'problem/getProblem', {
      displayId: Number(remoteId),
      localizedContentsOfLocale: 'en_US',
      tagsOfLocale: 'en_US',
      samples: true,
      judgeInfo: true,
    });
    const meta = r.meta as Json | undefined;
    const content = r.localizedContentsOfLocale as Json | undefined;
    const judgeInfo = r.judgeInfo as Json | undefined;
    if (!meta || !content) throw new RemoteError(`LibreOJ: problem ${remoteId} not found`);
    const sections =
      (content.contentSections as {
        sectionTitle: string;
        type: string;
        text?: string;
        sampleId?: number;
      }[]) ?? [];
    const samples = (r.samples as { inputData: string; outputData: string }[]) ?? [];
    const text = (title: RegExp) =>
      sections
        .filter((x) => x.type === 'Text' && title.test(x.sectionTitle))
        .map((x) => x.text ?? '')
        .join('\n\n');
    const realId = String(meta.id);
    const display = String(meta.displayId);
    return {
      problemId: `LIBRE-${display === realId ? display : `${display}(${realId})`}`,
      title: String(content.title ?? ''),
      timeLimit: Number(judgeInfo?.timeLimit ?? 1000),
      memoryLimit: Number(judgeInfo?.memoryLimit ?? 256),
      description: text(/^(Description|题目描述)$/i),
      input: text(/^(Input|输入格式)/i),
      output: text(/^(Output|输出格式)/i),
      examples: samples.map((x) => `<input>${x.inputData}</input><output>${x.outputData}</output>`).join(''),
      hint: text(/^(Hint|Note|数据范围与提示)/i),
      tags: ((r.tagsOfLocale as { name: string }[]) ?? []).map((x) => x.name),
      source: `https://loj.ac/p/${display}`,
      languages: Object.keys(LIBRE_LANGUAGES),
    };
  }
}
