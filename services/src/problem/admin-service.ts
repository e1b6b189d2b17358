// Back-office rules for problems, tags and classifications (groups-admin-files.md §4.6, §4.8, §5).
import { makePage, type Page } from '@oj/protocol';
import type {
  CaseInput,
  Problem,
  ProblemCase,
  ProblemDTO,
  ProblemInput,
  Tag,
  TagBody,
  TagClassification,
  TagClassificationBody,
} from '@oj/protocol/problem/schemas';
import type { AppContext } from '../platform/context';
import { hasRole, isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail } from '../platform/http/errors';
import { toClassification, toProblem, toProblemCase, toTag, type ProblemRow } from './mappers';
import { loadUploadManifest } from './casestore';
import { noChangeNotice, type ProblemsChanged } from './changes';
import * as repo from './repository';
import {
  caseListError,
  normalizeCaseMode,
  normalizeNewlines,
  ojFilter,
  pageArgs,
  problemValidationError,
  tagOj,
  totalScore,
} from './rules';
import { insertDraft, resolveTags } from './writer';
import { storedValidatorFlags, VALIDATOR_FLAGS_FILE } from './packages/icpc/default-validator';
import { parseExtraFiles } from './port';

const STAFF = ['root', 'problem_admin'];

/** A JSON object of name → content, as the extra-file fields must hold; null when absent. */
function checkExtraFiles(value: string | null | undefined, field: string): string | null {
  if (value == null || value.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return value;
  } catch {
    // fall through to the refusal
  }
  throw fail(`${field}格式错误，请使用 {"文件名": "文件内容"} 形式的JSON对象！`);
}

const FILE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** The Kattis default-validator flags kept among the judge extra files must be ones the runner knows. */
function checkValidatorFlags(judgeExtraFile: string | null | undefined): void {
  const words = parseExtraFiles(judgeExtraFile ?? null)[VALIDATOR_FLAGS_FILE];
  if (words !== undefined && !storedValidatorFlags(words))
    throw fail(`默认校验器参数无效：${words.trim().slice(0, 200)}`);
}

const CLASSIFICATION_MISSING = '该标签分类不存在！';

/** A foreign key lost to a concurrent delete reads as the missing classification. */
function foreignKeyToFail(err: unknown): never {
  if ((err as { code?: string }).code === '23503') throw fail(CLASSIFICATION_MISSING);
  throw err;
}

export function createProblemAdminService(ctx: AppContext, changed: ProblemsChanged = noChangeNotice) {
  const db = ctx.db;

  async function list(q: {
    currentPage?: number;
    limit?: number;
    keyword?: string;
    auth?: number;
    oj?: string;
  }): Promise<Page<Problem>> {
    const { current, size, offset } = pageArgs(q.currentPage, q.limit, 10);
    const { rows, total } = await repo.listAdminProblems(db, {
      keyword: q.keyword?.trim() || undefined,
      auth: q.auth || undefined,
      oj: ojFilter(q.oj),
      offset,
      size,
    });
    return makePage(rows.map(toProblem), total, size, current);
  }

  async function get(user: AuthUser, pid: number): Promise<Problem> {
    const row = await repo.findProblem(db, pid);
    if (!row) throw fail('查询失败！');
    if (!hasRole(user, ...STAFF) && row.author !== user.username) throw denied('对不起，你无权限查看题目！');
    return toProblem(row);
  }

  /** Test-case rows from the DTO samples, their data put in the blob store first. */
  /**
   * Files an upload-mode save may name: those of a new upload (`uploadTestcaseDir`), or when
   * editing without a new upload, the stored files of the problem's current cases.
   */
  async function uploadedFiles(dto: ProblemDTO, existingPid?: number): Promise<Map<string, string>> {
    if (dto.uploadTestcaseDir) return loadUploadManifest(ctx.blobs, dto.uploadTestcaseDir);
    if (existingPid == null) throw fail('请先上传评测数据压缩包！');
    const files = new Map<string, string>();
    for (const c of await repo.problemCases(db, existingPid)) {
      files.set(c.input, c.input_hash);
      files.set(c.output, c.output_hash);
    }
    return files;
  }

  /**
   * The stored cases' visible flags by input name: a case listed without the flag (a new zip's
   * list, an older client) keeps the one of the stored case of the same name (issue #26.3).
   */
  async function visibleFlags(existingPid?: number): Promise<Map<string, boolean>> {
    if (existingPid == null) return new Map();
    return new Map((await repo.problemCases(db, existingPid)).map((c) => [c.input, c.visible]));
  }

  async function casesFrom(
    dto: ProblemDTO,
    samples: CaseInput[],
    existingPid?: number,
  ): Promise<repo.CaseInsert[]> {
    const invalid = caseListError(samples);
    if (invalid) throw fail(invalid);
    const visible = await visibleFlags(existingPid);
    const upload = dto.isUploadTestCase ?? true;
    const put = (text: string) => ctx.blobs.put(Buffer.from(normalizeNewlines(text)));
    if (!upload) {
      const out: repo.CaseInsert[] = [];
      for (const s of samples) {
        const input = s.input ?? '';
        const output = s.output ?? '';
        out.push({
          input,
          output,
          input_hash: await put(input),
          output_hash: await put(output),
          score: s.score ?? 0,
          group_num: s.groupNum ?? 1,
          visible: s.visible ?? visible.get(input) ?? false,
        });
      }
      return out;
    }
    const files = await uploadedFiles(dto, existingPid);
    const out: repo.CaseInsert[] = [];
    for (const s of samples) {
      const input = s.input?.trim();
      if (!input || !files.has(input))
        throw fail(`评测数据文件 ${input ?? ''} 不存在，请重新上传评测数据压缩包！`);
      const output = s.output?.trim() || `${input.replace(/\.[^.]*$/, '')}.out`;
      out.push({
        input,
        output,
        input_hash: files.get(input)!,
        output_hash: files.get(output) ?? (await put('')),
        score: s.score ?? 0,
        group_num: s.groupNum ?? 1,
        visible: s.visible ?? visible.get(input) ?? false,
      });
    }
    return out;
  }

  /** Checks and normalises the DTO's problem; `base` is the stored row on update. */
  function checkedProblem(dto: ProblemDTO, base?: ProblemRow): ProblemInput & { judgeMode: string } {
    const p = dto.problem;
    if (!p) throw fail('题目的配置项不能为空！');
    const pick = <T>(value: T | null | undefined, stored: T | undefined): T | undefined => value ?? stored;
    const merged = {
      problemId: pick(p.problemId, base?.problem_id),
      type: pick(p.type, base?.type),
      auth: pick(p.auth, base?.auth),
      judgeMode: dto.judgeMode ?? pick(p.judgeMode, base?.judge_mode) ?? 'default',
      judgeCaseMode: pick(p.judgeCaseMode, base?.judge_case_mode),
      timeLimit: pick(p.timeLimit, base?.time_limit),
      memoryLimit: pick(p.memoryLimit, base?.memory_limit),
      stackLimit: pick(p.stackLimit, base?.stack_limit) ?? 128,
    };
    const error = problemValidationError(merged);
    if (error) throw fail(error);
    if (!base && !p.title?.trim()) throw fail('题目标题的内容不能为空！');
    if (merged.judgeMode !== 'default' && (!p.spjCode?.trim() || !p.spjLanguage?.trim()))
      throw fail('特殊判题或交互判题的程序代码与语言不能为空！');
    if (p.isFileIO && (!FILE_NAME.test(p.ioReadFileName ?? '') || !FILE_NAME.test(p.ioWriteFileName ?? '')))
      throw fail('文件IO的输入输出文件名不合法！');
    checkExtraFiles(p.userExtraFile, '用户程序额外文件');
    checkExtraFiles(p.judgeExtraFile, '评测程序额外文件');
    checkValidatorFlags(p.judgeExtraFile);
    return { ...p, ...merged, problemId: merged.problemId!.trim().toUpperCase() };
  }

  async function checkedLanguageIds(dto: ProblemDTO): Promise<number[]> {
    const ids = (dto.languages ?? []).map((l) => l.id).filter((id): id is number => id != null);
    const known = await repo.existingLanguageIds(db, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw fail(`语言不存在：${unknown.join(', ')}`);
    return ids;
  }

  async function checkedTemplates(dto: ProblemDTO) {
    const templates = (dto.codeTemplates ?? []).filter((t) => t.lid != null && t.code != null);
    const known = await repo.existingLanguageIds(
      db,
      templates.map((t) => t.lid!),
    );
    if (templates.some((t) => !known.has(t.lid!))) throw fail('代码模板的语言不存在！');
    return templates.map((t) => ({ lid: t.lid!, code: t.code!, status: t.status ?? true }));
  }

  function ioScoreOf(
    type: number,
    caseMode: string,
    cases: repo.CaseInsert[],
    given: number | null | undefined,
  ) {
    if (type !== 1) return given ?? null;
    return totalScore(
      cases.map((c) => ({ score: c.score ?? 0, groupNum: c.group_num ?? 1 })),
      caseMode,
    );
  }

  async function create(user: AuthUser, dto: ProblemDTO): Promise<void> {
    const p = checkedProblem(dto);
    if (await repo.findProblemByDisplayId(db, p.problemId!)) throw fail('该题目的Problem ID已存在，请更换！');
    const samples = dto.samples ?? [];
    if (samples.length === 0 && !p.isRemote) throw fail('题目的评测数据不能为空！');
    const [languageIds, templates, cases] = await Promise.all([
      checkedLanguageIds(dto),
      checkedTemplates(dto),
      casesFrom(dto, samples),
    ]);
    const caseMode = normalizeCaseMode(p.judgeCaseMode);
    const spj = p.judgeMode !== 'default';
    await db.transaction().execute((tx) =>
      insertDraft(tx, {
        values: {
          problem_id: p.problemId,
          title: p.title!.trim(),
          // The owner is the caller; only root may name another author (docs/compat.md X29).
          author: (isRoot(user) && p.author?.trim()) || user.username,
          type: p.type!,
          judge_mode: p.judgeMode,
          judge_case_mode: caseMode,
          time_limit: p.timeLimit!,
          memory_limit: p.memoryLimit!,
          stack_limit: p.stackLimit!,
          description: p.description ?? '',
          input: p.input ?? '',
          output: p.output ?? '',
          examples: p.examples ?? '',
          is_remote: p.isRemote ?? false,
          source: p.source ?? null,
          difficulty: p.difficulty ?? 0,
          hint: p.hint ?? null,
          auth: p.auth!,
          io_score: ioScoreOf(p.type!, caseMode, cases, p.ioScore),
          code_share: p.codeShare ?? true,
          spj_code: spj ? p.spjCode! : null,
          spj_language: spj ? p.spjLanguage! : null,
          user_extra_file: checkExtraFiles(p.userExtraFile, ''),
          judge_extra_file: checkExtraFiles(p.judgeExtraFile, ''),
          is_remove_end_blank: p.isRemoveEndBlank ?? true,
          open_case_result: p.openCaseResult ?? true,
          is_upload_case: dto.isUploadTestCase ?? true,
          case_version: String(Date.now()),
          is_group: p.isGroup ?? false,
          gid: p.gid ?? null,
          is_file_io: p.isFileIO ?? false,
          io_read_file_name: p.isFileIO ? p.ioReadFileName! : null,
          io_write_file_name: p.isFileIO ? p.ioWriteFileName! : null,
        },
        tags: dto.tags ?? [],
        languageIds,
        templates,
        cases,
      }),
    );
    await changed();
  }

  async function update(user: AuthUser, dto: ProblemDTO): Promise<void> {
    if (!dto.problem) throw fail('题目的配置项不能为空！');
    if (dto.problem.id == null) throw fail('题目的id不能为空！');
    const existing = await repo.findProblem(db, dto.problem.id);
    if (!existing) throw fail('修改失败');
    // Ownership from the stored row, never from the body's author (docs/compat.md X29).
    if (!hasRole(user, ...STAFF) && user.username !== existing.author)
      throw denied('对不起，你无权限修改题目！');
    const p = checkedProblem(dto, existing);
    const clash = await repo.findProblemByDisplayId(db, p.problemId!);
    if (clash && clash.id !== existing.id) throw fail('当前的Problem ID 已被使用，请重新更换新的！');
    const samples = dto.samples ?? [];
    const replaceCases = samples.length > 0 && !existing.is_remote;
    const [languageIds, templates, cases] = await Promise.all([
      checkedLanguageIds(dto),
      checkedTemplates(dto),
      replaceCases ? casesFrom(dto, samples, existing.id) : Promise.resolve(null),
    ]);
    const type = p.type!;
    const caseMode = normalizeCaseMode(p.judgeCaseMode);
    const spj = p.judgeMode !== 'default';
    const bump = replaceCases || !!dto.changeJudgeCaseMode || !!dto.changeModeCode || !!dto.uploadTestcaseDir;
    await db.transaction().execute(async (tx) => {
      const currentCases =
        cases ??
        (await repo.problemCases(tx, existing.id)).map(
          (c) => ({ score: c.score, group_num: c.group_num }) as repo.CaseInsert,
        );
      const values: repo.ProblemUpdate = {
        problem_id: p.problemId!,
        type,
        judge_mode: p.judgeMode,
        judge_case_mode: caseMode,
        time_limit: p.timeLimit!,
        memory_limit: p.memoryLimit!,
        stack_limit: p.stackLimit!,
        auth: p.auth!,
        io_score: ioScoreOf(type, caseMode, currentCases, p.ioScore ?? existing.io_score),
        // Overwritten even when absent (groups-admin-files.md §5.3).
        spj_code: spj ? p.spjCode! : null,
        spj_language: spj ? p.spjLanguage! : null,
        user_extra_file: checkExtraFiles(p.userExtraFile, ''),
        judge_extra_file: checkExtraFiles(p.judgeExtraFile, ''),
        modified_user: user.username,
      };
      const optional: [keyof repo.ProblemUpdate, unknown][] = [
        ['title', p.title?.trim() || null],
        // Only root may hand a problem to another author.
        ['author', isRoot(user) ? p.author : undefined],
        ['description', p.description],
        ['input', p.input],
        ['output', p.output],
        ['examples', p.examples],
        ['source', p.source],
        ['difficulty', p.difficulty],
        ['hint', p.hint],
        ['code_share', p.codeShare],
        ['is_remove_end_blank', p.isRemoveEndBlank],
        ['open_case_result', p.openCaseResult],
        ['is_upload_case', dto.isUploadTestCase],
        ['is_file_io', p.isFileIO],
        ['io_read_file_name', p.ioReadFileName],
        ['io_write_file_name', p.ioWriteFileName],
      ];
      for (const [key, value] of optional)
        if (value != null) (values as Record<string, unknown>)[key] = value;
      if (bump) values.case_version = String(Date.now());
      await repo.updateProblem(tx, existing.id, values);
      if (dto.tags) await repo.setProblemTags(tx, existing.id, await resolveTags(tx, dto.tags));
      if (dto.languages) await repo.setProblemLanguages(tx, existing.id, languageIds);
      if (dto.codeTemplates) await repo.replaceCodeTemplates(tx, existing.id, templates);
      if (cases) await repo.replaceCases(tx, existing.id, cases);
    });
    await changed();
  }

  async function remove(pid: number): Promise<void> {
    if (!(await repo.deleteProblem(db, pid))) throw fail('删除失败！');
    await changed();
  }

  async function cases(pid: number): Promise<ProblemCase[]> {
    return (await repo.problemCases(db, pid)).map(toProblemCase);
  }

  async function changeAuth(user: AuthUser, id: number, auth: number): Promise<void> {
    if (![1, 2, 3].includes(auth)) throw fail('题目的权限必须为公开题目(1), 隐藏题目(2), 比赛题目(3)！');
    if (auth === 1 && !hasRole(user, ...STAFF)) throw denied('修改失败！你无权限公开题目！');
    const row = await repo.findProblem(db, id);
    if (!row) throw fail('修改失败');
    await repo.updateProblem(db, id, { auth, modified_user: user.username });
    await changed();
  }

  // --- group problems asking to become public (§4.7) ---------------------------

  async function groupProblemsInReview(q: {
    currentPage?: number;
    limit?: number;
    keyword?: string;
    gid?: number;
  }) {
    const { current, size, offset } = pageArgs(q.currentPage, q.limit, 10);
    const { rows, total } = await repo.listGroupProblemsInReview(db, {
      keyword: q.keyword?.trim() || undefined,
      gid: q.gid,
      offset,
      size,
    });
    return makePage(rows.map(toProblem), total, size, current);
  }

  /** 1 applying / 3 refused keep the problem in its group; 2 accepted makes it a site problem (gid kept). */
  async function changeGroupProblemProgress(
    pid: number | null | undefined,
    progress: number | null | undefined,
  ) {
    if (pid == null || progress == null) throw fail('请求参数pid或者progress不能为空！');
    const row = await repo.findProblem(db, pid);
    if (!row) throw fail('错误：当前题目已不存在！');
    if (![1, 2, 3].includes(progress)) throw fail('请求参数错误：progress请使用1~3');
    await repo.updateProblem(db, pid, { apply_public_progress: progress, is_group: progress !== 2 });
    await changed();
  }

  /**
   * A group admin withdraws a pending publication request (docs/compat.md G15): only progress 1
   * (applying) goes back to none; the problem stays in its group. False when nothing was pending.
   */
  async function withdrawGroupProblemApplication(pid: number): Promise<boolean> {
    const row = await repo.findProblem(db, pid);
    if (!row || row.apply_public_progress !== 1) return false;
    await repo.updateProblem(db, pid, { apply_public_progress: null, is_group: true });
    await changed();
    return true;
  }

  // --- tags ---------------------------------------------------------------------

  /** A tag's classification must exist (a foreign key; the original answered HTTP 500). */
  async function classificationMustExist(tcid: number | null | undefined): Promise<void> {
    if (tcid == null) return;
    if (!(await repo.classificationExists(db, tcid))) throw fail(CLASSIFICATION_MISSING);
  }

  async function addTag(body: TagBody): Promise<Tag> {
    const name = body.name?.trim();
    if (!name) throw fail('标签名称不能为空！');
    const oj = tagOj(body.oj);
    if (await repo.findTagByName(db, name, oj, body.gid)) throw fail('该标签名称已存在！请勿重复添加！');
    await classificationMustExist(body.tcid);
    const tag = await repo
      .insertTag(db, { name, color: body.color, oj, gid: body.gid, tcid: body.tcid })
      .catch(foreignKeyToFail);
    await changed();
    return toTag(tag);
  }

  async function updateTag(body: TagBody): Promise<void> {
    if (body.id == null) throw fail('更新失败');
    const patch: {
      name?: string;
      color?: string | null;
      oj?: string;
      gid?: number | null;
      tcid: number | null;
    } = {
      tcid: body.tcid ?? null,
    };
    if (body.name?.trim()) patch.name = body.name.trim();
    if (body.color !== undefined) patch.color = body.color;
    if (body.oj) patch.oj = tagOj(body.oj);
    if (body.gid !== undefined) patch.gid = body.gid;
    await classificationMustExist(patch.tcid);
    if (!(await repo.updateTag(db, body.id, patch).catch(foreignKeyToFail))) throw fail('更新失败');
    await changed();
  }

  async function deleteTag(tid: number): Promise<void> {
    if (!(await repo.deleteTag(db, tid))) throw fail('删除失败');
    await changed();
  }

  async function classifications(oj: string | undefined): Promise<TagClassification[]> {
    return (await repo.listClassifications(db, tagOj(oj))).map(toClassification);
  }

  async function addClassification(body: TagClassificationBody): Promise<TagClassification> {
    const name = body.name?.trim();
    if (!name) throw fail('标签分类名称不能为空！');
    const oj = tagOj(body.oj);
    if (await repo.findClassificationByName(db, name, oj)) throw fail('该标签分类名称已存在！请勿重复！');
    return toClassification(await repo.insertClassification(db, { name, oj, rank: body.rank ?? 0 }));
  }

  async function updateClassification(body: TagClassificationBody): Promise<void> {
    if (body.id == null) throw fail('更新失败');
    const patch: { name?: string; oj?: string; rank?: number } = {};
    if (body.name?.trim()) patch.name = body.name.trim();
    if (body.oj) patch.oj = tagOj(body.oj);
    if (body.rank != null) patch.rank = body.rank;
    if (!(await repo.updateClassification(db, body.id, patch))) throw fail('更新失败');
  }

  async function deleteClassification(tcid: number): Promise<void> {
    if (!(await repo.deleteClassification(db, tcid))) throw fail('删除失败');
  }

  return {
    list,
    get,
    create,
    update,
    remove,
    cases,
    changeAuth,
    groupProblemsInReview,
    changeGroupProblemProgress,
    withdrawGroupProblemApplication,
    addTag,
    updateTag,
    deleteTag,
    classifications,
    addClassification,
    updateClassification,
    deleteClassification,
  };
}

export type ProblemAdminService = ReturnType<typeof createProblemAdminService>;
