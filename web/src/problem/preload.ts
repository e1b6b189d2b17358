// What a problem page needs, started by the entry on a problem URL (main.tsx) before the app's own
// modules have arrived, so the detail request and the route's chunk load in parallel with the app
// (issue #16: no spinners in series). The editor with its grammar and theme comes once the
// statement is painted (issue #29: the text first, see statement-first.ts); KaTeX's script only
// for a statement the server did not render. Light on purpose: the HTTP client, storage and
// dynamic imports only.
import type { ApiOperations } from '@oj/protocol/api-operations';
import type { QueryOf } from '@oj/protocol/operations';
import { http, prefetchGet } from '../api/client';
import { initialLanguage } from '../i18n/language';
import { readStorage, StorageKeys } from '../store/storage';
import type { Scope } from './CodePanel';
import { loadEditorTheme } from './editor-loaders';
import { loadKatex, preloadKatexFonts } from './katex-load';
import { hasMath } from './math';
import { afterStatement } from './statement-first';
import type { ProblemDetail } from './types';

export const loadEditor = () => import('./CodeEditor');

/** A problem page of the bank, a contest, a training or a group (also full screen). */
export function isProblemPage(pathname: string): boolean {
  return /^\/(problem|(contest|training|group)\/[^/]+\/(training\/[^/]+\/)?problem)\/[^/]+/.test(pathname);
}

/** The routes that draw ProblemDetailPage (shell/routes.tsx, and the contest shell's problem tab). */
const DETAIL_ROUTE =
  /^\/(?:problem\/([^/]+)|contest\/([^/]+)\/problem\/([^/]+)(?:\/full-screen)?|training\/([^/]+)\/problem\/([^/]+)(?:\/full-screen)?|group\/([^/]+)\/(?:training\/([^/]+)\/)?problem\/([^/]+)(?:\/full-screen)?)$/;

/** The problem and scope ProblemDetailPage reads from its route params, or null off those routes. */
export function problemRouteOf(pathname: string): { problemID: string; scope: Scope } | null {
  const m = DETAIL_ROUTE.exec(pathname);
  if (!m) return null;
  const [, bankPid, cid, contestPid, tid, trainingPid, gid, groupTid, groupPid] = m;
  const raw = bankPid ?? contestPid ?? trainingPid ?? groupPid;
  if (raw === undefined) return null;
  let problemID: string;
  try {
    problemID = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return { problemID, scope: { cid, gid, tid: tid ?? groupTid } };
}

type Ops = ApiOperations;
const CONTEST_DETAIL = '/api/get-contest-problem-details';
const BANK_DETAIL = '/api/get-problem-detail';

/** The detail request of a problem page, typed by the route table (the contest's or the bank's). */
export type DetailRequest =
  | { url: typeof CONTEST_DETAIL; params: QueryOf<Ops, 'GET', typeof CONTEST_DETAIL> }
  | { url: typeof BANK_DETAIL; params: QueryOf<Ops, 'GET', typeof BANK_DETAIL> };

/** The detail request of a problem page (ProblemDetailPage sends it; the entry may send it first). */
export function detailRequest(problemID: string, scope: Scope): DetailRequest {
  if (scope.cid)
    return {
      url: CONTEST_DETAIL,
      params: { cid: Number(scope.cid), displayId: problemID, containsEnd: true },
    };
  return {
    url: BANK_DETAIL,
    params: { problemId: problemID, ...(scope.gid ? { gid: Number(scope.gid) } : {}) },
  };
}

/** The page's detail: the entry may have sent this request already, the client then hands over its answer. */
export function loadProblemDetail(problemID: string, scope: Scope): Promise<ProblemDetail> {
  const request = detailRequest(problemID, scope);
  return request.url === CONTEST_DETAIL
    ? http.get(request.url, request.params)
    : http.get(request.url, request.params);
}

function requestOf(route: { problemID: string; scope: Scope }): [string, Record<string, unknown>] {
  const { url, params } = detailRequest(route.problemID, route.scope);
  return [url, { ...params }];
}

interface DetailBody {
  data?: { problem?: Record<string, unknown>; statementHtml?: unknown } | null;
}

/** Whether the answer carries the statement rendered by the server (then KaTeX's script is not needed). */
export function detailRendered(body: unknown): boolean {
  const html = (body as DetailBody | null)?.data?.statementHtml;
  return !!html && typeof html === 'object';
}

/** Whether a problem detail envelope's statement holds math (then KaTeX is worth fetching at once). */
export function detailHasMath(body: unknown): boolean {
  const problem = (body as DetailBody | null)?.data?.problem;
  if (!problem) return false;
  return ['description', 'input', 'output', 'hint', 'source'].some((key) => {
    const text = problem[key];
    return typeof text === 'string' && hasMath(text);
  });
}

/** The editor's chunks, asked for once the statement is up (or at once with `now`). */
export function preloadProblemChunks({ now = false }: { now?: boolean } = {}): void {
  if (!now) {
    afterStatement(() => preloadProblemChunks({ now: true }));
    return;
  }
  void loadEditor().catch(() => undefined);
  // C++ is the default language
  void import('@codemirror/lang-cpp').catch(() => undefined);
  // the preferences module (with the code templates) comes with the route; the theme follows it
  void import('./editor-prefs').then((m) => loadEditorTheme(m.loadPrefs().theme)).catch(() => undefined);
}

/**
 * Run by the entry on a problem URL before the app has loaded: sends the detail request (the
 * page takes its response, see prefetchGet), fetches the route's chunk, the editor after the
 * statement, and KaTeX's script once the answer shows math the server did not render, after the
 * editor (a statement without math never loads it; MathMarkdown asks for it too, so it comes in
 * any case when math is drawn there). Math the server rendered needs only KaTeX's fonts, which
 * are preloaded. Settles once that is decided (whether KaTeX was asked for), never with an error.
 */
export function startProblemPage(pathname: string): Promise<{ katex: boolean }> {
  const route = problemRouteOf(pathname);
  // the request first: over HTTP/1.1 it would otherwise queue behind the chunks' (6 connections)
  const answer = route
    ? prefetchGet(...requestOf(route), { token: readStorage(StorageKeys.token), language: initialLanguage() })
    : null;
  // the contest shell draws its problem tab itself; every other problem URL is this route
  if (!route?.scope.cid || pathname.endsWith('/full-screen'))
    void import('./detail-pages').catch(() => undefined);
  preloadProblemChunks();
  if (!answer) return Promise.resolve({ katex: false });
  return answer
    .then((copy) => copy.json())
    .then((body) => {
      const math = detailHasMath(body);
      if (math && detailRendered(body)) {
        preloadKatexFonts();
        return { katex: false };
      }
      const katex = math;
      // after the editor's chunks, which the page needs first (they share six connections)
      if (katex)
        void loadEditor()
          .catch(() => undefined)
          .then(() => loadKatex())
          .catch(() => undefined);
      return { katex };
    })
    .catch(() => ({ katex: false }));
}
