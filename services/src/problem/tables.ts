// Kysely table types of the problem capability (migration 0003_problem).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type ModifiedAt = ColumnType<Date, Date | undefined, Date>;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface ProblemTable {
  id: Generated<number>;
  problem_id: string;
  title: string;
  author: Defaulted<string>;
  type: Defaulted<number>;
  judge_mode: Defaulted<string>;
  judge_case_mode: Defaulted<string>;
  time_limit: Defaulted<number>;
  memory_limit: Defaulted<number>;
  stack_limit: Defaulted<number>;
  description: Defaulted<string>;
  input: Defaulted<string>;
  output: Defaulted<string>;
  examples: Defaulted<string>;
  is_remote: Defaulted<boolean>;
  source: string | null;
  difficulty: Defaulted<number>;
  hint: string | null;
  auth: Defaulted<number>;
  io_score: number | null;
  code_share: Defaulted<boolean>;
  spj_code: string | null;
  spj_language: string | null;
  /** JSON object name → content, as a string (the wire keeps it a string). */
  user_extra_file: string | null;
  judge_extra_file: string | null;
  is_remove_end_blank: Defaulted<boolean>;
  open_case_result: Defaulted<boolean>;
  is_upload_case: Defaulted<boolean>;
  case_version: string | null;
  modified_user: string | null;
  is_group: Defaulted<boolean>;
  gid: number | null;
  apply_public_progress: number | null;
  is_file_io: Defaulted<boolean>;
  io_read_file_name: string | null;
  io_write_file_name: string | null;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface TagTable {
  id: Generated<number>;
  name: string;
  color: string | null;
  oj: Defaulted<string>;
  gid: number | null;
  tcid: number | null;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface TagClassificationTable {
  id: Generated<number>;
  name: string;
  oj: Defaulted<string>;
  rank: Defaulted<number>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface ProblemTagTable {
  pid: number;
  tid: number;
  gmt_create: CreatedAt;
}

export interface ProblemLanguageTable {
  pid: number;
  lid: number;
  gmt_create: CreatedAt;
}

export interface CodeTemplateTable {
  id: Generated<number>;
  pid: number;
  lid: number;
  code: string;
  status: Defaulted<boolean>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface ProblemCaseTable {
  id: Generated<number>;
  pid: number;
  /** 1-based order of the case in the problem's test data. */
  seq: number;
  /** File name (uploaded) or content (typed by hand). */
  input: string;
  output: string;
  /** sha256 of the data in the blob store. */
  input_hash: string;
  output_hash: string;
  score: Defaulted<number>;
  group_num: Defaulted<number>;
  status: Defaulted<number>;
  /** The setter shows this case's data on a judged submission, like a sample's (0032; issue #26.3). */
  visible: Defaulted<boolean>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface ProblemCountTable {
  pid: number;
  total: Defaulted<number>;
  ac: Defaulted<number>;
  wa: Defaulted<number>;
  tle: Defaulted<number>;
  mle: Defaulted<number>;
  re: Defaulted<number>;
  pe: Defaulted<number>;
  ce: Defaulted<number>;
  se: Defaulted<number>;
  pa: Defaulted<number>;
}

/** Migration 0020: one row per blob a test-case upload stored, per uploader and group (0: none). */
export interface TestcaseUploadTable {
  hash: string;
  uid: string;
  gid: Defaulted<number>;
  bytes: ColumnType<string | number, number, number>;
  gmt_claim: ColumnType<Date, Date | undefined, Date>;
}

export interface ProblemTables {
  problem: ProblemTable;
  tag: TagTable;
  tag_classification: TagClassificationTable;
  problem_tag: ProblemTagTable;
  problem_language: ProblemLanguageTable;
  code_template: CodeTemplateTable;
  problem_case: ProblemCaseTable;
  problem_count: ProblemCountTable;
  testcase_upload: TestcaseUploadTable;
  problem_verification: ProblemVerificationTable;
}

/** A shipped solution of an imported package and its verification verdict (migration 0025). */
export interface ProblemVerificationTable {
  id: Generated<number>;
  pid: number;
  verify_key: string;
  seq: number;
  path: string;
  language: string;
  code: string;
  /** Verdict names, a JSON array; write it through `jsonb()`. */
  expected: ColumnType<string[], unknown, unknown>;
  status: number | null;
  time: number | null;
  memory: number | null;
  message: string | null;
  /** The Kattis rule the time limit is derived by, as JSON (migration 0031); null: none. */
  time_limit_rule: ColumnType<{ multiplier: number; resolution: number | null } | null, unknown, unknown>;
  created_by: string;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}
