// Database rows → wire shapes (camelCase, DateStr dates, every field present).
import type { Selectable } from 'kysely';
import { toDateStr } from '@oj/protocol';
import type {
  CodeTemplate,
  Language,
  Problem,
  ProblemCase,
  ProblemCount,
  ProblemVO,
  Tag,
  TagClassification,
} from '@oj/protocol/problem/schemas';
import type { LanguageTable } from '../site/tables';
import type {
  CodeTemplateTable,
  ProblemCaseTable,
  ProblemCountTable,
  ProblemTable,
  TagClassificationTable,
  TagTable,
} from './tables';

export type ProblemRow = Selectable<ProblemTable>;
export type TagRow = Selectable<TagTable>;
export type TagClassificationRow = Selectable<TagClassificationTable>;
export type LanguageRow = Selectable<LanguageTable>;
export type CodeTemplateRow = Selectable<CodeTemplateTable>;
export type ProblemCaseRow = Selectable<ProblemCaseTable>;
export type ProblemCountRow = Selectable<ProblemCountTable>;

const date = (d: Date) => toDateStr(d)!;

export function toProblem(r: ProblemRow): Problem {
  return {
    id: r.id,
    problemId: r.problem_id,
    title: r.title,
    author: r.author,
    type: r.type,
    judgeMode: r.judge_mode,
    judgeCaseMode: r.judge_case_mode,
    timeLimit: r.time_limit,
    memoryLimit: r.memory_limit,
    stackLimit: r.stack_limit,
    description: r.description,
    input: r.input,
    output: r.output,
    examples: r.examples,
    isRemote: r.is_remote,
    source: r.source,
    difficulty: r.difficulty,
    hint: r.hint,
    auth: r.auth,
    ioScore: r.io_score,
    codeShare: r.code_share,
    spjCode: r.spj_code,
    spjLanguage: r.spj_language,
    userExtraFile: r.user_extra_file,
    judgeExtraFile: r.judge_extra_file,
    isRemoveEndBlank: r.is_remove_end_blank,
    openCaseResult: r.open_case_result,
    isUploadCase: r.is_upload_case,
    caseVersion: r.case_version,
    modifiedUser: r.modified_user,
    isGroup: r.is_group,
    gid: r.gid,
    applyPublicProgress: r.apply_public_progress,
    isFileIO: r.is_file_io,
    ioReadFileName: r.io_read_file_name,
    ioWriteFileName: r.io_write_file_name,
    gmtCreate: date(r.gmt_create),
    gmtModified: date(r.gmt_modified),
  };
}

export function toTag(r: TagRow): Tag {
  return {
    id: r.id,
    name: r.name,
    color: r.color,
    oj: r.oj,
    gid: r.gid,
    tcid: r.tcid,
    gmtCreate: date(r.gmt_create),
    gmtModified: date(r.gmt_modified),
  };
}

export function toClassification(r: TagClassificationRow): TagClassification {
  return {
    id: r.id,
    name: r.name,
    oj: r.oj,
    rank: r.rank,
    gmtCreate: date(r.gmt_create),
    gmtModified: date(r.gmt_modified),
  };
}

export function toLanguage(r: LanguageRow): Language {
  return {
    id: r.id,
    contentType: r.content_type,
    description: r.description,
    name: r.name,
    compileCommand: r.compile_command,
    template: r.template,
    codeTemplate: r.code_template,
    isSpj: r.is_spj,
    oj: r.oj,
    seq: r.seq,
    gmtCreate: date(r.gmt_create),
    gmtModified: date(r.gmt_modified),
  };
}

export function toCodeTemplate(r: CodeTemplateRow): CodeTemplate {
  return {
    id: r.id,
    pid: r.pid,
    lid: r.lid,
    code: r.code,
    status: r.status,
    gmtCreate: date(r.gmt_create),
    gmtModified: date(r.gmt_modified),
  };
}

export function toProblemCase(r: ProblemCaseRow): ProblemCase {
  return {
    id: r.id,
    pid: r.pid,
    input: r.input,
    output: r.output,
    score: r.score,
    groupNum: r.group_num,
    status: r.status,
    visible: r.visible,
    gmtCreate: date(r.gmt_create),
    gmtModified: date(r.gmt_modified),
  };
}

const ZERO_COUNTS = { total: 0, ac: 0, mle: 0, tle: 0, re: 0, pe: 0, ce: 0, wa: 0, se: 0, pa: 0 };

export function toProblemCount(pid: number, r: ProblemCountRow | undefined): ProblemCount {
  if (!r) return { pid, ...ZERO_COUNTS };
  return {
    pid,
    total: r.total,
    ac: r.ac,
    mle: r.mle,
    tle: r.tle,
    re: r.re,
    pe: r.pe,
    ce: r.ce,
    wa: r.wa,
    se: r.se,
    pa: r.pa,
  };
}

/**
 * A public list row with its counters. Written out field by field: object rest/spread here
 * cost ~8 µs a row (V8 runtime path), most of a cached list request.
 */
export function toProblemVO(
  r: { pid: number; problemId: string; title: string; difficulty: number; type: number; tags: Tag[] },
  c: ProblemCount | undefined,
): ProblemVO {
  const n = c ?? ZERO_COUNTS;
  return {
    pid: r.pid,
    problemId: r.problemId,
    title: r.title,
    difficulty: r.difficulty,
    type: r.type,
    tags: r.tags,
    total: n.total,
    ac: n.ac,
    mle: n.mle,
    tle: n.tle,
    re: n.re,
    pe: n.pe,
    ce: n.ce,
    wa: n.wa,
    se: n.se,
    pa: n.pa,
    score: null,
  };
}
