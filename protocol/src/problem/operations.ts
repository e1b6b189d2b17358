// The problem capability's operations (issue #30): request schemas and success envelope per route.
import { Type } from '@sinclair/typebox';
import { EmptyEnvelope, EnvelopeOf, FileBytes, PageOf } from '../envelope';
import type { OperationTable } from '../operations';
import {
  AdminProblemListQuery,
  ChangeProblemAuthBody,
  CodeTemplate,
  CompileBody,
  FullScreenProblem,
  FullScreenQuery,
  Language,
  LanguagesQuery,
  OjQuery,
  OptionalPidQuery,
  PidQuery,
  Problem,
  ProblemCase,
  ProblemCasesQuery,
  ProblemDetail,
  ProblemDetailQuery,
  ProblemDTO,
  ProblemListQuery,
  ProblemVOPage,
  Tag,
  TagBody,
  TagClassification,
  TagClassificationBody,
  TagsAndClassification,
  TestCaseUpload,
  UserProblemStatusBody,
} from './schemas';
import {
  ClassificationIdQuery,
  ExportProblemQuery,
  GroupProblemProgressBody,
  GroupProblemReviewQuery,
  ImportPackageQuery,
  ProblemImportResult,
  RandomProblem,
  TagIdQuery,
  TestCaseZipQuery,
  UserProblemStatusMap,
  VerificationBody,
  VerificationQuery,
  VerificationRerun,
} from './responses';
import { ProblemVerificationSchema } from './verify';

export const ProblemListEnvelope = EnvelopeOf(ProblemVOPage);
export const ProblemDetailEnvelope = EnvelopeOf(ProblemDetail);
export const TagListEnvelope = EnvelopeOf(Type.Array(Tag));
export const LanguageListEnvelope = EnvelopeOf(Type.Array(Language));
export const ProblemPageEnvelope = EnvelopeOf(PageOf(Problem));
export const ProblemImportEnvelope = EnvelopeOf(ProblemImportResult);

const compile = { body: CompileBody, response: EmptyEnvelope };
const importPackage = { querystring: ImportPackageQuery, response: ProblemImportEnvelope };

export const problemOperations = {
  // public (core.md §6)
  'GET /api/get-all-problem-tags': { querystring: OjQuery, response: TagListEnvelope },
  'GET /api/get-problem-tags-and-classification': {
    querystring: OjQuery,
    response: EnvelopeOf(Type.Array(TagsAndClassification)),
  },
  'GET /api/get-problem-tags': { querystring: OptionalPidQuery, response: TagListEnvelope },
  'GET /api/get-problem-list': { querystring: ProblemListQuery, response: ProblemListEnvelope },
  'GET /api/get-random-problem': { response: EnvelopeOf(RandomProblem) },
  'GET /api/get-problem-detail': { querystring: ProblemDetailQuery, response: ProblemDetailEnvelope },
  'GET /api/get-problem-code-template': {
    querystring: PidQuery,
    response: EnvelopeOf(Type.Array(CodeTemplate)),
  },
  'GET /api/languages': { querystring: LanguagesQuery, response: LanguageListEnvelope },
  'GET /api/get-problem-languages': { querystring: PidQuery, response: LanguageListEnvelope },
  'GET /api/get-full-screen-problem-list': {
    querystring: FullScreenQuery,
    response: EnvelopeOf(Type.Array(FullScreenProblem)),
  },
  'POST /api/get-user-problem-status': {
    body: UserProblemStatusBody,
    response: EnvelopeOf(UserProblemStatusMap),
  },

  // back office (groups-admin-files.md §4.6, §4.8)
  'POST /api/admin/problem/compile-spj': compile,
  'POST /api/admin/problem/compile-interactive': compile,
  'GET /api/admin/problem/get-problem-list': {
    querystring: AdminProblemListQuery,
    response: ProblemPageEnvelope,
  },
  'GET /api/admin/problem': { querystring: PidQuery, response: EnvelopeOf(Problem) },
  'POST /api/admin/problem': { body: ProblemDTO, response: EmptyEnvelope },
  'PUT /api/admin/problem': { body: ProblemDTO, response: EmptyEnvelope },
  'DELETE /api/admin/problem': { querystring: PidQuery, response: EmptyEnvelope },
  'GET /api/admin/problem/get-problem-cases': {
    querystring: ProblemCasesQuery,
    response: EnvelopeOf(Type.Array(ProblemCase)),
  },
  'PUT /api/admin/problem/change-problem-auth': { body: ChangeProblemAuthBody, response: EmptyEnvelope },
  'GET /api/admin/group-problem/list': {
    querystring: GroupProblemReviewQuery,
    response: ProblemPageEnvelope,
  },
  'PUT /api/admin/group-problem/change-progress': { body: GroupProblemProgressBody, response: EmptyEnvelope },
  'POST /api/admin/tag': { body: TagBody, response: EnvelopeOf(Tag) },
  'PUT /api/admin/tag': { body: TagBody, response: EmptyEnvelope },
  'DELETE /api/admin/tag': { querystring: TagIdQuery, response: EmptyEnvelope },
  'GET /api/admin/tag/classification': {
    querystring: OjQuery,
    response: EnvelopeOf(Type.Array(TagClassification)),
  },
  'POST /api/admin/tag/classification': {
    body: TagClassificationBody,
    response: EnvelopeOf(TagClassification),
  },
  'PUT /api/admin/tag/classification': { body: TagClassificationBody, response: EmptyEnvelope },
  'DELETE /api/admin/tag/classification': { querystring: ClassificationIdQuery, response: EmptyEnvelope },

  // import verification (issue #25 item 3)
  'GET /api/admin/problem/verification': {
    querystring: VerificationQuery,
    response: EnvelopeOf(ProblemVerificationSchema),
  },
  'POST /api/admin/problem/verification/rerun': {
    body: VerificationBody,
    response: EnvelopeOf(VerificationRerun),
  },

  // test data and packages (groups-admin-files.md §6)
  'POST /api/file/upload-testcase-zip': {
    querystring: TestCaseZipQuery,
    response: EnvelopeOf(TestCaseUpload),
  },
  'GET /api/file/download-testcase': { querystring: PidQuery, response: FileBytes },
  'GET /api/file/export-problem': { querystring: ExportProblemQuery, response: FileBytes },
  'POST /api/file/import-problem': importPackage,
  'POST /api/file/import-fps-problem': importPackage,
  'POST /api/file/import-qdoj-problem': importPackage,
  'POST /api/file/import-hydro-problem': importPackage,
  // Polygon full packages and ICPC/Kattis problem packages (issue #15; not in the reference)
  'POST /api/file/import-polygon-problem': importPackage,
  'POST /api/file/import-icpc-problem': importPackage,
} as const satisfies Partial<OperationTable>;
