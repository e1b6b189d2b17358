/**
 * Wire shapes of the problem capability: problems, tags, classifications, languages,
 * code templates and test cases (reference/api/core.md §2 and §6,
 * groups-admin-files.md §2, §4.6, §4.8, §6, §7).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../nullable';
import { PageOf } from '../envelope';

const DateStr = Type.String({ description: 'ISO-8601 UTC, e.g. 2023-05-01T08:30:00.000+0000' });

export const Tag = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Nullable(Type.String()),
  oj: Type.String(),
  gid: Nullable(Type.Integer()),
  tcid: Nullable(Type.Integer()),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type Tag = Static<typeof Tag>;

export const TagClassification = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  oj: Type.String(),
  rank: Type.Integer(),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type TagClassification = Static<typeof TagClassification>;

export const TagsAndClassification = Type.Object({
  classification: Nullable(TagClassification),
  tagList: Type.Array(Tag),
});
export type TagsAndClassification = Static<typeof TagsAndClassification>;

/** A `language` row as the problem endpoints return it (core.md §2 Language). */
export const Language = Type.Object({
  id: Type.Integer(),
  contentType: Type.String(),
  description: Type.String(),
  name: Type.String(),
  compileCommand: Nullable(Type.String()),
  template: Nullable(Type.String()),
  codeTemplate: Nullable(Type.String()),
  isSpj: Type.Boolean(),
  oj: Type.String(),
  seq: Type.Integer(),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type Language = Static<typeof Language>;

export const CodeTemplate = Type.Object({
  id: Type.Integer(),
  pid: Type.Integer(),
  lid: Type.Integer(),
  code: Type.String(),
  status: Type.Boolean(),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type CodeTemplate = Static<typeof CodeTemplate>;

const JudgeModeLiteral = Type.Union([
  Type.Literal('default'),
  Type.Literal('spj'),
  Type.Literal('interactive'),
]);

export const Problem = Type.Object({
  id: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  author: Type.String(),
  type: Type.Integer(),
  judgeMode: Type.String(),
  judgeCaseMode: Type.String(),
  timeLimit: Type.Integer(),
  memoryLimit: Type.Integer(),
  stackLimit: Type.Integer(),
  description: Type.String(),
  input: Type.String(),
  output: Type.String(),
  examples: Type.String(),
  isRemote: Type.Boolean(),
  source: Nullable(Type.String()),
  difficulty: Type.Integer(),
  hint: Nullable(Type.String()),
  auth: Type.Integer(),
  ioScore: Nullable(Type.Integer()),
  codeShare: Type.Boolean(),
  spjCode: Nullable(Type.String()),
  spjLanguage: Nullable(Type.String()),
  userExtraFile: Nullable(Type.String()),
  judgeExtraFile: Nullable(Type.String()),
  isRemoveEndBlank: Type.Boolean(),
  openCaseResult: Type.Boolean(),
  isUploadCase: Type.Boolean(),
  caseVersion: Nullable(Type.String()),
  modifiedUser: Nullable(Type.String()),
  isGroup: Type.Boolean(),
  gid: Nullable(Type.Integer()),
  applyPublicProgress: Nullable(Type.Integer()),
  isFileIO: Type.Boolean(),
  ioReadFileName: Nullable(Type.String()),
  ioWriteFileName: Nullable(Type.String()),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type Problem = Static<typeof Problem>;

const CountFields = {
  total: Type.Integer(),
  ac: Type.Integer(),
  mle: Type.Integer(),
  tle: Type.Integer(),
  re: Type.Integer(),
  pe: Type.Integer(),
  ce: Type.Integer(),
  wa: Type.Integer(),
  se: Type.Integer(),
  pa: Type.Integer(),
};

export const ProblemCount = Type.Object({ pid: Type.Integer(), ...CountFields });
export type ProblemCount = Static<typeof ProblemCount>;

/** A row of GET /api/get-problem-list. */
export const ProblemVO = Type.Object({
  pid: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  difficulty: Type.Integer(),
  type: Type.Integer(),
  tags: Type.Array(Tag),
  ...CountFields,
  score: Type.Null(),
});
export type ProblemVO = Static<typeof ProblemVO>;
export const ProblemVOPage = PageOf(ProblemVO);

/**
 * Addition (issue #29): the statement's markdown sections rendered on the server (sanitised HTML
 * with KaTeX markup), so the page shows them without loading marked and KaTeX first.
 */
export const StatementHtml = Type.Object({
  description: Type.Optional(Type.String()),
  input: Type.Optional(Type.String()),
  output: Type.Optional(Type.String()),
  hint: Type.Optional(Type.String()),
  source: Type.Optional(Type.String()),
});
export type StatementHtml = Static<typeof StatementHtml>;

export const ProblemDetail = Type.Object({
  problem: Problem,
  tags: Type.Array(Tag),
  languages: Type.Array(Type.String()),
  problemCount: ProblemCount,
  codeTemplate: Type.Record(Type.String(), Type.String()),
  statementHtml: Type.Optional(StatementHtml),
});
export type ProblemDetail = Static<typeof ProblemDetail>;

export const ProblemCase = Type.Object({
  id: Type.Integer(),
  pid: Type.Integer(),
  input: Type.String(),
  output: Type.String(),
  score: Nullable(Type.Integer()),
  groupNum: Nullable(Type.Integer()),
  status: Type.Integer(),
  /** Added field (not in HOJ): the setter shows this case's data on a judged submission (issue #26.3). */
  visible: Type.Boolean(),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type ProblemCase = Static<typeof ProblemCase>;

export const FullScreenProblem = Type.Object({
  pid: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  status: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
});
export type FullScreenProblem = Static<typeof FullScreenProblem>;

// --- requests -----------------------------------------------------------------

export const OjQuery = Type.Object({ oj: Type.Optional(Type.String()) });

/** An integer query parameter that may also arrive empty (`difficulty=`), meaning absent. */
const LooseInt = Type.Optional(Type.Union([Type.Integer(), Type.Literal('')]));

export const ProblemListQuery = Type.Object({
  currentPage: LooseInt,
  limit: LooseInt,
  keyword: Type.Optional(Type.String()),
  /** `1,2`, `[1,2]` or repeated `tagId=1&tagId=2`: a problem must carry all of them. */
  tagId: Type.Optional(Type.Array(Type.String())),
  difficulty: LooseInt,
  oj: Type.Optional(Type.String()),
});
export type ProblemListQuery = Static<typeof ProblemListQuery>;

export const ProblemDetailQuery = Type.Object({
  problemId: Type.String(),
  gid: Type.Optional(Type.Integer()),
});

export const PidQuery = Type.Object({ pid: Type.Integer() });
export const OptionalPidQuery = Type.Object({ pid: Type.Optional(Type.Integer()) });
export const LanguagesQuery = Type.Object({
  pid: Type.Optional(Type.Integer()),
  all: Type.Optional(Type.Boolean()),
});
export const FullScreenQuery = Type.Object({
  tid: Type.Optional(Type.Integer()),
  cid: Type.Optional(Type.Integer()),
});

/** Presence of pidList / isContestProblemList is checked by the service (reference texts, HTTP 400). */
export const UserProblemStatusBody = Type.Object({
  pidList: Type.Optional(Nullable(Type.Array(Type.Integer()))),
  isContestProblemList: Type.Optional(Nullable(Type.Boolean())),
  cid: Type.Optional(Nullable(Type.Integer())),
  gid: Type.Optional(Nullable(Type.Integer())),
  containsEnd: Type.Optional(Nullable(Type.Boolean())),
});
export type UserProblemStatusBody = Static<typeof UserProblemStatusBody>;

export const AdminProblemListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  keyword: Type.Optional(Type.String()),
  auth: Type.Optional(Type.Integer()),
  oj: Type.Optional(Type.String()),
});
export type AdminProblemListQuery = Static<typeof AdminProblemListQuery>;

export const ProblemCasesQuery = Type.Object({
  pid: Type.Integer(),
  isUpload: Type.Optional(Type.Boolean()),
});

/** One `samples` entry of a ProblemDTO: file names (upload mode) or contents (hand mode). */
export const CaseInput = Type.Object({
  id: Type.Optional(Nullable(Type.Integer())),
  input: Type.Optional(Nullable(Type.String())),
  output: Type.Optional(Nullable(Type.String())),
  score: Type.Optional(Nullable(Type.Integer())),
  groupNum: Type.Optional(Nullable(Type.Integer())),
  /** Added field: show the case's data on a judged submission; absent keeps the flag of the stored case of that name. */
  visible: Type.Optional(Nullable(Type.Boolean())),
});
export type CaseInput = Static<typeof CaseInput>;

const Opt = <T extends TSchema>(s: T) => Type.Optional(Nullable(s));

/** The `problem` of a ProblemDTO: every field optional, checked by the service (reference messages). */
export const ProblemInput = Type.Object({
  id: Opt(Type.Integer()),
  problemId: Opt(Type.String()),
  title: Opt(Type.String()),
  author: Opt(Type.String()),
  type: Opt(Type.Integer()),
  judgeMode: Opt(Type.String()),
  judgeCaseMode: Opt(Type.String()),
  timeLimit: Opt(Type.Integer()),
  memoryLimit: Opt(Type.Integer()),
  stackLimit: Opt(Type.Integer()),
  description: Opt(Type.String()),
  input: Opt(Type.String()),
  output: Opt(Type.String()),
  examples: Opt(Type.String()),
  isRemote: Opt(Type.Boolean()),
  source: Opt(Type.String()),
  difficulty: Opt(Type.Integer()),
  hint: Opt(Type.String()),
  auth: Opt(Type.Integer()),
  ioScore: Opt(Type.Integer()),
  codeShare: Opt(Type.Boolean()),
  spjCode: Opt(Type.String()),
  spjLanguage: Opt(Type.String()),
  userExtraFile: Opt(Type.String()),
  judgeExtraFile: Opt(Type.String()),
  isRemoveEndBlank: Opt(Type.Boolean()),
  openCaseResult: Opt(Type.Boolean()),
  isUploadCase: Opt(Type.Boolean()),
  isGroup: Opt(Type.Boolean()),
  gid: Opt(Type.Integer()),
  isFileIO: Opt(Type.Boolean()),
  ioReadFileName: Opt(Type.String()),
  ioWriteFileName: Opt(Type.String()),
});
export type ProblemInput = Static<typeof ProblemInput>;

/** The Compile button's body (admin and group compile-spj / compile-interactive). */
export const CompileBody = Type.Object({
  code: Type.Optional(Nullable(Type.String())),
  language: Type.Optional(Nullable(Type.String())),
  pid: Type.Optional(Nullable(Type.Integer())),
  extraFiles: Type.Optional(Nullable(Type.Record(Type.String(), Type.String()))),
});
export type CompileBody = Static<typeof CompileBody>;

export const ProblemDTO = Type.Object({
  problem: Opt(ProblemInput),
  samples: Opt(Type.Array(CaseInput)),
  isUploadTestCase: Opt(Type.Boolean()),
  uploadTestcaseDir: Opt(Type.String()),
  judgeMode: Opt(JudgeModeLiteral),
  changeModeCode: Opt(Type.Boolean()),
  changeJudgeCaseMode: Opt(Type.Boolean()),
  languages: Opt(Type.Array(Type.Object({ id: Opt(Type.Integer()), name: Opt(Type.String()) }))),
  tags: Opt(
    Type.Array(Type.Object({ id: Opt(Type.Integer()), name: Opt(Type.String()), color: Opt(Type.String()) })),
  ),
  codeTemplates: Opt(
    Type.Array(
      Type.Object({
        id: Opt(Type.Integer()),
        lid: Opt(Type.Integer()),
        code: Opt(Type.String()),
        status: Opt(Type.Boolean()),
      }),
    ),
  ),
});
export type ProblemDTO = Static<typeof ProblemDTO>;

export const ChangeProblemAuthBody = Type.Object({
  id: Type.Integer({ errorMessage: 'id must not be null' }),
  auth: Type.Integer({ errorMessage: 'auth must not be null' }),
});

export const TagBody = Type.Object({
  id: Opt(Type.Integer()),
  name: Opt(Type.String()),
  color: Opt(Type.String()),
  oj: Opt(Type.String()),
  gid: Opt(Type.Integer()),
  tcid: Opt(Type.Integer()),
});
export type TagBody = Static<typeof TagBody>;

export const TagClassificationBody = Type.Object({
  id: Opt(Type.Integer()),
  name: Opt(Type.String()),
  oj: Opt(Type.String()),
  rank: Opt(Type.Integer()),
});
export type TagClassificationBody = Static<typeof TagClassificationBody>;

/** POST /api/file/upload-testcase-zip */
export const TestCaseUpload = Type.Object({
  fileList: Type.Array(
    Type.Object({ input: Type.String(), output: Type.String(), groupNum: Type.Optional(Type.Integer()) }),
  ),
  /** Pass back as ProblemDTO.uploadTestcaseDir: here the sha256 of the upload's manifest blob. */
  fileListDir: Type.String(),
});
export type TestCaseUpload = Static<typeof TestCaseUpload>;
