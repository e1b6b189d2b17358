// Public problem rules: lists, detail, tags, languages, templates, statuses (core.md §6).
import { makePage, type Page } from '@oj/protocol';
import type {
  CodeTemplate,
  FullScreenProblem,
  Language,
  ProblemCount,
  ProblemDetail,
  ProblemVO,
  Tag,
  TagsAndClassification,
} from '@oj/protocol/problem/schemas';
import type { AppContext } from '../platform/context';
import { hasRole, type AuthUser } from '../platform/http/access';
import { badRequest, denied, fail, notFound } from '../platform/http/errors';
import {
  toClassification,
  toCodeTemplate,
  toLanguage,
  toProblem,
  toProblemCount,
  toProblemVO,
  toTag,
  type TagRow,
} from './mappers';
import {
  defaultFullScreenPort,
  defaultGroupPort,
  defaultStatusPort,
  NOT_SUBMITTED,
  type ProblemPorts,
  type StatusScope,
} from './ports';
import {
  createProblemListCache,
  listCacheKey,
  type ListPage,
  type ListQuery,
  type ProblemListCache,
} from './list-cache';
import * as repo from './repository';
import { renderStatement } from './statement-html';
import { languageOjOf, LOCAL_OJ, ojFilter, pageArgs, parseTagIds, tagOj } from './rules';

export interface ProblemListParams {
  currentPage?: number | '';
  limit?: number | '';
  keyword?: string;
  tagId?: string[];
  difficulty?: number | '';
  oj?: string;
}

const intOrUndefined = (v: number | '' | undefined) => (typeof v === 'number' ? v : undefined);

/**
 * A contest problem (auth 3: a public problem borrowed by a running contest, or a contest's own)
 * stays open on the problem page to site admins and its author (issue #26 item 11; docs/compat.md E1).
 */
function mayOpenContestProblem(user: AuthUser | null, author: string | null): boolean {
  if (!user) return false;
  return hasRole(user, 'root', 'admin', 'problem_admin') || (!!author && author === user.username);
}

export function createProblemService(
  ctx: AppContext,
  ports: ProblemPorts = {},
  listCache: ProblemListCache = createProblemListCache({ pageTtlMs: 0 }),
) {
  const db = ctx.db;
  const statusPort = ports.status ?? defaultStatusPort;
  const groupPort = ports.groups ?? defaultGroupPort;
  const fullScreenPort = ports.fullScreen ?? defaultFullScreenPort;

  async function problemList(q: ProblemListParams): Promise<Page<ProblemVO>> {
    const { current, size, offset } = pageArgs(intOrUndefined(q.currentPage), intOrUndefined(q.limit), 10);
    const tagIds = parseTagIds(q.tagId);
    if (tagIds === null) throw fail('标签id格式错误，请使用数字id列表！');
    const keyword = q.keyword?.trim() || undefined;
    const wanted = intOrUndefined(q.difficulty);
    const difficulty = wanted != null && [0, 1, 2].includes(wanted) ? wanted : undefined;
    const query: ListQuery = { keyword, difficulty, oj: ojFilter(q.oj), tagIds, offset, size };
    const page = listCache.enabled
      ? await listCache.pages.get(listCacheKey(query), () => loadListPage(query))
      : await loadListPage(query);
    const pids = page.rows.map((r) => r.pid);
    const counts = listCache.enabled
      ? await listCache.counts.getMany(pids, loadCounts, (pid) => toProblemCount(pid, undefined))
      : await loadCounts(pids);
    const records = page.rows.map((r) => toProblemVO(r, counts.get(r.pid)));
    return makePage(records, page.total, size, current);
  }

  async function loadListPage(query: ListQuery): Promise<ListPage> {
    const { rows, total } = await repo.listPublicProblems(db, query);
    const tags = await repo.tagsOfProblems(
      db,
      rows.map((r) => r.id),
    );
    return {
      total,
      rows: rows.map((r) => ({
        pid: r.id,
        problemId: r.problem_id,
        title: r.title,
        difficulty: r.difficulty,
        type: r.type,
        tags: (tags.get(r.id) ?? []).map(toTag),
      })),
    };
  }

  async function loadCounts(pids: readonly number[]): Promise<Map<number, ProblemCount>> {
    const rows = await repo.countsOf(db, pids);
    return new Map(pids.map((pid) => [pid, toProblemCount(pid, rows.get(pid))]));
  }

  /** Public site problems (the list's total; cached with the list). */
  async function publicProblemCount(): Promise<number> {
    return (await problemList({ currentPage: 1, limit: 1 })).total;
  }

  async function randomProblem(): Promise<{ problemId: string }> {
    const problemId = await repo.randomPublicDisplayId(db);
    if (!problemId) throw fail('获取随机题目失败，题库暂无公开题目！');
    return { problemId };
  }

  async function problemDetail(
    user: AuthUser | null,
    problemId: string,
    gid?: number,
  ): Promise<ProblemDetail> {
    const row = await repo.findProblemByDisplayId(db, problemId.trim().toUpperCase());
    if (!row) throw notFound('该题号对应的题目不存在');
    if (row.auth !== 1 && !(row.auth === 3 && mayOpenContestProblem(user, row.author)))
      throw denied('该题号对应题目并非公开题目，不支持访问！');
    if (row.is_group && !hasRole(user, 'root')) {
      if (gid == null) throw denied('题目为团队所属，此处不支持访问，请前往团队查看！');
      const member = user != null && row.gid === gid && (await groupPort.isMember(user.uid, gid));
      if (!member) throw denied('对不起，您并非该题目所属的团队内成员，无权查看题目！');
    }
    const problem = { ...toProblem(row), spjCode: null, spjLanguage: null, judgeExtraFile: null };
    const [tags, languages, counts, templates, statementHtml] = await Promise.all([
      repo.tagsOfProblems(db, [row.id]),
      repo.problemLanguages(db, row.id),
      repo.countsOf(db, [row.id]),
      repo.enabledTemplates(db, row.id),
      renderStatement(problem),
    ]);
    return {
      problem,
      tags: (tags.get(row.id) ?? []).map(toTag),
      languages: languages.map((l) => l.name),
      problemCount: toProblemCount(row.id, counts.get(row.id)),
      codeTemplate: Object.fromEntries(templates.map((t) => [t.name, t.code])),
      statementHtml,
    };
  }

  /** Tags, allowed language names and enabled code templates of one problem (contest problem pages). */
  async function problemExtras(
    pid: number,
  ): Promise<{ tags: Tag[]; languages: string[]; codeTemplate: Record<string, string> }> {
    const [tags, languages, templates] = await Promise.all([
      repo.tagsOfProblems(db, [pid]),
      repo.problemLanguages(db, pid),
      repo.enabledTemplates(db, pid),
    ]);
    return {
      tags: (tags.get(pid) ?? []).map(toTag),
      languages: languages.map((l) => l.name),
      codeTemplate: Object.fromEntries(templates.map((t) => [t.name, t.code])),
    };
  }

  /**
   * Who may read a problem's extras by its id (templates, tags, languages; issue #23 item 10): a
   * hidden problem (auth 2) only problem staff and its author; a group's problem its members and
   * root. Public and contest problems as before (the contest page reads their extras).
   */
  async function extrasReadable(user: AuthUser | null, pid: number): Promise<void> {
    const row = await repo.findProblem(db, pid);
    if (!row || hasRole(user, 'root')) return;
    if (row.auth === 2 && !mayOpenContestProblem(user, row.author))
      throw denied('该题号对应题目并非公开题目，不支持访问！');
    if (row.is_group && row.gid !== null && !(user && (await groupPort.isMember(user.uid, row.gid))))
      throw denied('题目为团队所属，此处不支持访问，请前往团队查看！');
  }

  async function problemTags(pid: number | undefined, user: AuthUser | null = null): Promise<Tag[]> {
    if (pid == null) return [];
    await extrasReadable(user, pid);
    return ((await repo.tagsOfProblems(db, [pid])).get(pid) ?? []).map(toTag);
  }

  async function allTags(oj: string | undefined): Promise<Tag[]> {
    return (await repo.listTags(db, tagOj(oj))).map(toTag);
  }

  /** Classifications with their tags; unclassified tags last (core.md §6). */
  async function tagsAndClassification(oj: string | undefined): Promise<TagsAndClassification[]> {
    const which = tagOj(oj);
    const [classifications, tags] = await Promise.all([
      repo.listClassifications(db, which),
      repo.listTags(db, which),
    ]);
    if (which === 'ALL') {
      // ME first, then the other OJs alphabetically, each by rank.
      classifications.sort((a, b) => {
        if (a.oj !== b.oj) {
          if (a.oj === LOCAL_OJ) return -1;
          if (b.oj === LOCAL_OJ) return 1;
          return a.oj < b.oj ? -1 : 1;
        }
        return a.rank - b.rank || a.id - b.id;
      });
    }
    if (classifications.length === 0) return [{ classification: null, tagList: tags.map(toTag) }];
    const byClass = new Map<number, TagRow[]>();
    const unclassified: TagRow[] = [];
    const known = new Set(classifications.map((c) => c.id));
    for (const t of tags) {
      if (t.tcid != null && known.has(t.tcid)) byClass.set(t.tcid, [...(byClass.get(t.tcid) ?? []), t]);
      else unclassified.push(t);
    }
    const out: TagsAndClassification[] = classifications.map((c) => ({
      classification: toClassification(c),
      tagList: (byClass.get(c.id) ?? []).map(toTag),
    }));
    if (unclassified.length) out.push({ classification: null, tagList: unclassified.map(toTag) });
    return out;
  }

  async function codeTemplates(pid: number, user: AuthUser | null = null): Promise<CodeTemplate[]> {
    await extrasReadable(user, pid);
    return (await repo.codeTemplates(db, pid)).map(toCodeTemplate);
  }

  async function problemLanguages(pid: number, user: AuthUser | null = null): Promise<Language[]> {
    await extrasReadable(user, pid);
    return (await repo.problemLanguages(db, pid)).map(toLanguage);
  }

  /** `all` absent or true: every language; `all=false`: the OJ of the problem (or ME). */
  async function languages(pid: number | undefined, all: boolean | undefined): Promise<Language[]> {
    let oj: string | null = null;
    if (all === false) {
      oj = LOCAL_OJ;
      if (pid != null) {
        const problem = await repo.findProblem(db, pid);
        if (!problem) throw notFound('该题目不存在！');
        oj = languageOjOf(problem.problem_id, problem.is_remote);
      }
    }
    return (await repo.listLanguages(db, oj)).map(toLanguage);
  }

  async function fullScreenList(user: AuthUser, tid?: number, cid?: number): Promise<FullScreenProblem[]> {
    if (tid != null) return fullScreenPort.forTraining(user.uid, tid);
    if (cid != null && cid !== 0) return fullScreenPort.forContest(user.uid, cid);
    throw fail('请求参数错误：tid或cid不能为空');
  }

  async function userProblemStatus(
    user: AuthUser,
    body: {
      pidList?: number[] | null;
      isContestProblemList?: boolean | null;
      cid?: number | null;
      gid?: number | null;
      containsEnd?: boolean | null;
    },
  ): Promise<Record<string, { status: number; score?: number | null }>> {
    if (!body.pidList?.length) throw badRequest('查询的题目id列表不能为空');
    if (body.isContestProblemList == null) throw badRequest('是否为比赛题目提交判断不能为空');
    const pids = [...new Set(body.pidList)];
    const contest = body.isContestProblemList;
    const scope: StatusScope = {
      contest,
      cid: body.cid ?? null,
      gid: body.gid ?? null,
      containsEnd: body.containsEnd ?? false,
    };
    // Contest markers depend on the contest's clock and seal: always asked afresh.
    const found =
      listCache.enabled && !contest
        ? await listCache.statuses.get(listCache.statusKey(user.uid, scope, pids), () =>
            statusPort.statusFor(user.uid, pids, scope),
          )
        : await statusPort.statusFor(user.uid, pids, scope);
    const out: Record<string, { status: number; score?: number | null }> = {};
    for (const pid of pids) {
      const s = found.get(pid);
      out[String(pid)] = contest
        ? { status: s?.status ?? NOT_SUBMITTED, score: s?.score ?? null }
        : { status: s?.status ?? NOT_SUBMITTED };
    }
    return out;
  }

  return {
    problemList,
    randomProblem,
    problemDetail,
    publicProblemCount,
    problemTags,
    allTags,
    tagsAndClassification,
    problemExtras,
    codeTemplates,
    problemLanguages,
    languages,
    fullScreenList,
    userProblemStatus,
  };
}

export type ProblemService = ReturnType<typeof createProblemService>;
