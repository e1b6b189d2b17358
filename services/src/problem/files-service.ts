// Test-data archives and problem packages (groups-admin-files.md §6, §7): upload and
// download of test cases, import of this platform's zip, FPS, QDUOJ and Hydro, export.
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../platform/context';
import type { TestCaseZipConfig, TestDataQuotaConfig } from '../platform/config';
import { hasRole, type AuthUser } from '../platform/http/access';
import { badRequest, denied, fail } from '../platform/http/errors';
import { startUploadSweeper } from '../platform/http/upload';
import {
  caseFileNames,
  caseFiles,
  infoManifest,
  storeTestCaseZipFile,
  testCaseZip,
  type UploadAccounting,
  type UploadedCaseList,
} from './casestore';
import { noChangeNotice, type ProblemsChanged } from './changes';
import { exportJson, parseHojPackage } from './packages/hoj';
import { parseFps } from './packages/fps';
import { parseHydroPackage } from './packages/hydro';
import { parsePolygonPackage } from './packages/polygon';
import { parseIcpcPackageChecked } from './packages/icpc';
import { parseQduojPackage } from './packages/qduoj';
import { PackageError, type ImportedProblem } from './packages/types';
import { defaultGroupPort, type ProblemPorts } from './ports';
import * as repo from './repository';
import { caseListError, clampLimit, LOCAL_OJ, MAX_LIMITS, normalizeCaseMode, totalScore } from './rules';
import { insertDraft } from './writer';
import { DEFAULT_ZIP_LIMITS, readZipAsync, writeZip, ZipError, type ZipLimits } from './zip';
import type { VerificationService } from './verification/service';
import type { TestGenerationService } from './generation';
import { DERIVE_CAP_MS } from './packages/icpc/time-limit';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** A test-case zip streamed to a temp file by the route (which removes it afterwards). */
export interface UploadedZipFile {
  filename: string;
  path: string;
}

/** Test-case zip limits when the configuration names none (tests, tools): as config.ts's defaults. */
export const DEFAULT_TESTCASE_ZIP: TestCaseZipConfig = {
  maxZipBytes: 512 * 1048576,
  maxEntries: 5000,
  maxUnzippedBytes: 2048 * 1048576,
};

/** Test data quotas and collection when the configuration names none: as config.ts's defaults. */
export const DEFAULT_TEST_DATA_QUOTA: TestDataQuotaConfig = {
  userBytes: 4096 * 1048576,
  groupBytes: 8192 * 1048576,
  gcGraceMs: 24 * 3_600_000,
  gcEveryMs: 60 * 60_000,
};

const MB = 1048576;
/** The quota refusal: which quota, its size, what is held and what this upload would add (MB, one decimal). */
const mb = (bytes: number) => Number((bytes / MB).toFixed(1));
export const quotaExceeded = (kind: '用户' | '团队', limit: number, used: number, adding: number) =>
  `测试数据超出${kind}配额（${mb(limit)} MB）：已用 ${mb(used)} MB，本次上传 ${mb(adding)} MB，请删除不再使用的评测数据后重试！`;

export type PackageKind = 'hoj' | 'fps' | 'qduoj' | 'hydro' | 'polygon' | 'icpc';

/** Upload folders untouched this long (and held by no request) are what a killed request left. */
const STALE_UPLOAD_MS = 5 * 60 * 1000;

const extOf = (name: string) =>
  name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';

export function createProblemFilesService(
  ctx: AppContext,
  ports: ProblemPorts = {},
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  changed: ProblemsChanged = noChangeNotice,
  verification?: VerificationService,
  generation?: TestGenerationService,
) {
  const db = ctx.db;
  const groups = ports.groups ?? defaultGroupPort;
  const zipConfig = ctx.config.testCaseZip ?? DEFAULT_TESTCASE_ZIP;
  const quota = ctx.config.testDataQuota ?? DEFAULT_TEST_DATA_QUOTA;
  /** What the upload route needs before the body is read: the byte cap and where temp files go. */
  const testCaseUpload = {
    maxBytes: zipConfig.maxZipBytes,
    tempDir: path.join(ctx.config.dataDir ?? os.tmpdir(), 'tmp', 'uploads'),
  };
  // Uploads a killed request or process left behind, swept every minute (issue #23.5): untouched
  // for OJ_UPLOAD_STALE_MINUTES and held by no request (a held one is touched every minute).
  startUploadSweeper(
    testCaseUpload.tempDir,
    (ctx.config.reliability?.uploadStaleMinutes ?? 0) * 60_000 || STALE_UPLOAD_MS,
    ctx.log,
  );

  /** Who may upload test data: problem staff, or members of the group named (before the body is read). */
  async function checkTestCaseUploader(user: AuthUser, gid: number | undefined): Promise<void> {
    const staff = hasRole(user, 'root', 'admin', 'problem_admin');
    // Group admins (not plain members) may upload for their group; the group capability answers through the port.
    if (!staff && !(gid != null && (await groups.isAdmin(user.uid, gid))))
      throw denied('对不起，您无权限操作！');
  }

  async function uploadTestCaseZip(
    user: AuthUser,
    file: UploadedZipFile | null,
    mode: string | undefined,
    gid: number | undefined,
  ): Promise<UploadedCaseList> {
    await checkTestCaseUploader(user, gid);
    if (!file || extOf(file.filename) !== 'zip') throw fail('请上传zip格式的测试数据压缩包！');
    return storeTestCaseZipFile(
      ctx.blobs,
      file.path,
      normalizeCaseMode(mode),
      { maxEntries: zipConfig.maxEntries, maxTotalBytes: zipConfig.maxUnzippedBytes },
      uploadAccounting(user, gid ?? null),
    );
  }

  /**
   * Quotas before anything is stored (the declared sizes against what the uploader, and the group
   * uploaded for, already hold; root has none), then a claim per blob for the collector.
   */
  function uploadAccounting(user: AuthUser, gid: number | null): UploadAccounting {
    return {
      async beforeStore(total) {
        if (hasRole(user, 'root')) return;
        const checks: [kind: '用户' | '团队', used: () => Promise<number>, quota: number][] = [
          ['用户', () => repo.uploadedBytes(db, { uid: user.uid }), quota.userBytes],
        ];
        if (gid !== null) checks.push(['团队', () => repo.uploadedBytes(db, { gid }), quota.groupBytes]);
        for (const [kind, usedOf, limit] of checks) {
          const used = await usedOf();
          if (used + total > limit) throw fail(quotaExceeded(kind, limit, used, total));
        }
      },
      claim: (hash, bytes) => repo.claimUploadBlob(db, { hash, uid: user.uid, gid, bytes }),
    };
  }

  /** Errors here are HTTP 400, as the original's download endpoints answer. */
  async function downloadTestCases(
    user: AuthUser,
    pid: number,
  ): Promise<{ filename: string; data: Uint8Array }> {
    const problem = await repo.findProblem(db, pid);
    if (!problem) throw badRequest('对不起，该题目不存在！');
    const author = problem.author === user.username;
    const allowed = problem.is_group
      ? hasRole(user, 'root') ||
        author ||
        (problem.gid != null && (await groups.isMember(user.uid, problem.gid)))
      : hasRole(user, 'root', 'problem_admin') || author;
    if (!allowed) throw badRequest('对不起，您无权限操作！');
    const cases = await repo.problemCases(db, pid);
    if (cases.length === 0) throw badRequest('对不起，该题目的评测数据为空！');
    return {
      filename: `problem_${pid}_testcase_${Date.now()}.zip`,
      data: await testCaseZip(ctx.blobs, problem, cases),
    };
  }

  async function parsePackage(kind: PackageKind, file: UploadedFile | null): Promise<ImportedProblem[]> {
    if (kind === 'fps') {
      if (!file || extOf(file.filename) !== 'xml') throw fail('请上传xml后缀格式的fps题目文件！');
      return parseFps(file.data.toString('utf8'));
    }
    if (!file || extOf(file.filename) !== 'zip') throw fail('请上传zip格式的题目文件压缩包！');
    const entries = await readZipAsync(file.data, limits);
    if (kind === 'hoj') return parseHojPackage(entries);
    if (kind === 'qduoj') return parseQduojPackage(entries);
    if (kind === 'polygon') return parsePolygonPackage(entries);
    if (kind === 'icpc') return parseIcpcPackageChecked(entries, file.data, ports.compiler);
    return parseHydroPackage(entries);
  }

  /**
   * Imports every problem of a package, or none: the package is read completely first,
   * then all rows are written in one transaction. Test data goes to the blob store before
   * the transaction; a refused import can leave unreferenced blobs, which are harmless
   * because blobs are content-addressed and only reachable through problem_case rows.
   */
  async function importPackage(
    user: AuthUser,
    kind: PackageKind,
    file: UploadedFile | null,
    opts: { verify?: boolean } = {},
  ): Promise<{ count: number; problemIds: string[]; verifying?: number; pids?: number[] }> {
    let problems: ImportedProblem[];
    try {
      problems = await parsePackage(kind, file);
    } catch (err) {
      if (err instanceof PackageError || err instanceof ZipError) throw fail(err.message);
      throw err;
    }
    for (const p of problems) {
      // Tests made by the package's generators (Polygon, PV4): by the judge runner, before any write.
      if (p.generation) {
        if (!generation)
          throw fail(`[${p.values.title}] 本站未开启测试点生成，无法导入由生成器生成测试点的 Polygon 包！`);
        p.values.time_limit = clampLimit(p.values.time_limit ?? 1000, MAX_LIMITS.timeLimit);
        p.values.memory_limit = clampLimit(p.values.memory_limit ?? 256, MAX_LIMITS.memoryLimit);
        p.cases = await generation.generate(p);
      }
      const invalid = caseListError(p.cases);
      if (invalid) throw fail(`[${p.values.title}] ${invalid}`);
      p.values.time_limit = clampLimit(p.values.time_limit ?? 1000, MAX_LIMITS.timeLimit);
      p.values.memory_limit = clampLimit(p.values.memory_limit ?? 256, MAX_LIMITS.memoryLimit);
      p.values.stack_limit = clampLimit(p.values.stack_limit ?? 128, MAX_LIMITS.stackLimit);
      // Verified before it is made visible (issue #25 item 3): imported private.
      if (opts.verify && verification) p.values.auth = 2;
      // No time limit in a Kattis package (docs/compat.md K6): with verification and an accepted
      // solution it is derived from the accepted ones, which run under a generous cap first;
      // otherwise the judge's default for a new problem stays.
      if (p.timeLimitFromAccepted) {
        const derive =
          opts.verify &&
          verification &&
          p.solutions?.some((s) => s.expected.length === 1 && s.expected[0] === 'AC');
        if (derive) p.values.time_limit = DERIVE_CAP_MS;
        else delete p.timeLimitFromAccepted;
      }
    }
    const wanted = problems
      .map((p) => p.values.problem_id?.trim().toUpperCase())
      .filter((id): id is string => !!id);
    const repeated = wanted.filter((id, i) => wanted.indexOf(id) !== i);
    const taken = await repo.displayIdsTaken(db, wanted);
    const clashes = [...new Set([...repeated, ...taken])];
    if (clashes.length)
      throw fail(`导入失败：以下题目ID已存在或在包内重复：[${clashes.join(', ')}]，本次未导入任何题目。`);

    const localLanguages = await repo.listLanguages(db, LOCAL_OJ);
    const languageId = new Map(localLanguages.map((l) => [l.name.toLowerCase(), l.id]));
    const hashed: { p: ImportedProblem; cases: repo.CaseInsert[] }[] = [];
    for (const p of problems) {
      const cases: repo.CaseInsert[] = [];
      for (const c of p.cases) {
        cases.push({
          input: c.inputName,
          output: c.outputName,
          input_hash: await ctx.blobs.put(Buffer.from(c.input)),
          output_hash: await ctx.blobs.put(Buffer.from(c.output)),
          score: c.score,
          group_num: c.groupNum,
        });
      }
      hashed.push({ p, cases });
    }
    const pids: number[] = [];
    const ids = await db.transaction().execute(async (tx) => {
      const out: string[] = [];
      for (const { p, cases } of hashed) {
        const names = p.languages ?? localLanguages.map((l) => l.name);
        let languageIds = names
          .map((n) => languageId.get(n.toLowerCase()))
          .filter((id): id is number => id != null);
        if (languageIds.length === 0) languageIds = localLanguages.map((l) => l.id);
        const caseMode = normalizeCaseMode(p.values.judge_case_mode);
        const row = await insertDraft(tx, {
          values: {
            ...p.values,
            author: p.values.author || user.username,
            case_version: String(Date.now()),
            io_score:
              p.values.type === 1
                ? totalScore(
                    cases.map((c) => ({ score: c.score ?? 0, groupNum: c.group_num ?? 1 })),
                    caseMode,
                  )
                : (p.values.io_score ?? null),
          },
          tags: p.tags.map((name) => ({ name })),
          languageIds: [...new Set(languageIds)],
          templates: p.templates
            .map((t) => ({ lid: languageId.get(t.language.toLowerCase()), code: t.code, status: true }))
            .filter((t): t is { lid: number; code: string; status: boolean } => t.lid != null),
          cases,
        });
        out.push(row.problem_id);
        pids.push(row.id);
      }
      return out;
    });
    await changed();
    if (!opts.verify || !verification) return { count: ids.length, problemIds: ids };
    let verifying = 0;
    for (const [i, { p }] of hashed.entries())
      if (p.solutions?.length)
        verifying += await verification.start(user.uid, pids[i]!, p.solutions, p.timeLimitFromAccepted);
    return { count: ids.length, problemIds: ids, verifying, pids };
  }

  async function exportProblems(pids: number[]): Promise<{ filename: string; data: Uint8Array }> {
    if (pids.length === 0) throw badRequest('请选择要导出的题目！');
    const files: Record<string, Uint8Array | string> = {};
    for (const pid of [...new Set(pids)]) {
      const problem = await repo.findProblem(db, pid);
      if (!problem) throw badRequest(`对不起，题目 ${pid} 不存在！`);
      const [cases, languages, tags, templates] = await Promise.all([
        repo.problemCases(db, pid),
        repo.problemLanguages(db, pid),
        repo.tagsOfProblems(db, [pid]),
        repo.enabledTemplates(db, pid),
      ]);
      const names = caseFileNames(problem, cases);
      const key = `problem_${pid}`;
      for (const [name, bytes] of Object.entries(await caseFiles(ctx.blobs, cases, names)))
        files[`${key}/${name}`] = bytes;
      files[`${key}/info`] = JSON.stringify(infoManifest(problem, cases, names));
      files[`${key}.json`] = exportJson(problem, {
        languages: languages.map((l) => l.name),
        tags: (tags.get(pid) ?? []).map((t) => t.name),
        templates: templates.map((t) => ({ language: t.name, code: t.code })),
        samples: cases.map((c, i) => ({
          input: names[i]!.input,
          output: names[i]!.output,
          score: c.score,
          groupNum: c.group_num,
        })),
      });
    }
    return { filename: `problem_export_${Date.now()}.zip`, data: writeZip(files) };
  }

  return {
    testCaseUpload,
    checkTestCaseUploader,
    uploadTestCaseZip,
    downloadTestCases,
    importPackage,
    exportProblems,
  };
}

export type ProblemFilesService = ReturnType<typeof createProblemFilesService>;
