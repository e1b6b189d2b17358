// The one small interface every remote judge adapter implements (judge.md §6.3), and the shapes
// the worker and the import share.
import type { HttpOptions, HttpSession } from './http';

/** OJ names of problem ids (`CF-1234A`); GYM judges with CF's accounts. */
export const REMOTE_JUDGES = ['HDU', 'CF', 'GYM', 'POJ', 'SPOJ', 'AC', 'LIBRE'] as const;
export type RemoteJudgeName = (typeof REMOTE_JUDGES)[number];

export const isRemoteJudgeName = (s: string): s is RemoteJudgeName =>
  (REMOTE_JUDGES as readonly string[]).includes(s);

/** The account pool a judge draws from (GYM uses Codeforces accounts). */
export const accountPoolOf = (oj: RemoteJudgeName): string => (oj === 'GYM' ? 'CF' : oj);

export interface RemoteAccount {
  id: number;
  oj: string;
  username: string;
  password: string;
}

export interface RemoteSubmission {
  /** The id on the remote judge (`1234A`, `abc123_a`, `1000`). */
  remoteId: string;
  /** Our language name (one of the adapter's table). */
  language: string;
  code: string;
}

export interface RemoteCase {
  status: number;
  time: number;
  memory: number;
}

/** One look at a remote run. `final` false: still Pending/Compiling/Judging (`status`). */
export interface RemoteResult {
  final: boolean;
  status: number;
  /** ms */
  time: number;
  /** KB */
  memory: number;
  errorMessage: string | null;
  cases?: RemoteCase[];
}

/** What a problem page becomes (judge.md §6.3 "Problem crawling"). */
export interface CrawledProblem {
  /** `CF-1234A` */
  problemId: string;
  title: string;
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
  description: string;
  input: string;
  output: string;
  /** `<input>..</input><output>..</output>` repeated */
  examples: string;
  hint: string;
  tags: string[];
  /** Link to the problem on the remote judge. */
  source: string;
  /** Our language names this problem accepts. */
  languages: string[];
}

export interface RemoteAdapter {
  readonly oj: RemoteJudgeName;
  /** Our language name → the remote judge's id or name. */
  readonly languages: Readonly<Record<string, string>>;
  /** A fresh session (cookie jar) against this judge. */
  session(): HttpSession;
  login(s: HttpSession, account: RemoteAccount): Promise<void>;
  /** Submits and finds the run id (throws RemoteError when none can be found). */
  submit(s: HttpSession, account: RemoteAccount, sub: RemoteSubmission): Promise<string>;
  fetchResult(
    s: HttpSession,
    account: RemoteAccount,
    runId: string,
    sub: RemoteSubmission,
  ): Promise<RemoteResult>;
  fetchProblem(s: HttpSession, remoteId: string): Promise<CrawledProblem>;
}

/** `HDU-1000` → [`HDU`, `1000`]; null when not a remote id. */
export function splitRemoteProblemId(problemId: string): [RemoteJudgeName, string] | null {
  const dash = problemId.indexOf('-');
  if (dash <= 0) return null;
  const oj = problemId.slice(0, dash).toUpperCase();
  const id = problemId.slice(dash + 1);
  return isRemoteJudgeName(oj) && id ? [oj, id] : null;
}

/** Codeforces ids: `1234A` → contest 1234, index A; all digits → last two digits are the index. */
export function splitCodeforcesId(id: string): { contest: string; index: string } {
  const m = /^(\d+)([A-Za-z][A-Za-z0-9]*)$/.exec(id);
  if (m) return { contest: m[1]!, index: m[2]!.toUpperCase() };
  if (/^\d{3,}$/.test(id)) return { contest: id.slice(0, -2), index: id.slice(-2) };
  throw new Error(`not a Codeforces problem id: ${id}`);
}

/** HDU/POJ/CF: a random run of blanks after a newline, so a repeated code is not a duplicate. */
export function withRandomTail(code: string): string {
  const n = 1 + Math.floor(Math.random() * 20);
  let tail = '\n';
  for (let i = 0; i < n; i++) tail += Math.random() < 0.5 ? ' ' : '\t';
  return code + tail;
}

/** Minimal HTML entity decoding and tag stripping for status cells and titles. */
export function htmlText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();
}

/** Relative `src`/`href` links of a statement fragment made absolute against the judge's base. */
export function absoluteLinks(html: string, base: string): string {
  const abs = (link: string) => {
    try {
      return new URL(link, base).toString();
    } catch {
      return link;
    }
  };
  return html.replace(
    /(src|href)=(?:(["'])([^"']+)\2|([^\s>"']+))/gi,
    (_m, attr: string, q: string | undefined, quoted: string | undefined, bare: string | undefined) =>
      q ? `${attr}=${q}${abs(quoted!)}${q}` : `${attr}="${abs(bare!)}"`,
  );
}

export interface AdapterOptions {
  http?: HttpOptions;
  /** Wait before looking for the new run id on the status page (the reference's 2-3 s). */
  findDelayMs?: number;
  /** Scale of the judges' own retry waits (HDU "don't re-submit" 5 s, AtCoder "wait N s", LibreOJ 3 s); default 1. */
  waitScale?: number;
}
