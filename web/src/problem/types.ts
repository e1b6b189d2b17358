// Shapes of the problem endpoints the screens read (reference/api/core.md §6), derived from protocol's
// schemas (issue #30): type-only imports, no schema reaches the bundle.
import type { Static } from '@sinclair/typebox';
import type { ContestProblemInfoVO } from '@oj/protocol/contest/responses';
import type {
  ProblemDetail as ProblemDetailSchema,
  ProblemVO,
  StatementHtml,
  Tag,
  TagsAndClassification,
} from '@oj/protocol/problem/schemas';

export type TagVO = Static<typeof Tag>;
export type TagGroup = Static<typeof TagsAndClassification>;
export type ProblemRow = Static<typeof ProblemVO>;

/** The bank's detail, with the statement's sections rendered by the server (issue #29). */
export type BankProblemDetail = Static<typeof ProblemDetailSchema>;
/** A contest problem's detail: no rendered statement; author and difficulty null before the end. */
export type ContestProblemDetail = Static<typeof ContestProblemInfoVO>;
/** What the problem page draws: either answer. */
export type ProblemDetail = BankProblemDetail | ContestProblemDetail;
/** The statement's markdown sections (each may come rendered in statementHtml). */
export type StatementSection = keyof Static<typeof StatementHtml>;

// View model of the statistics pie (the count fields of ProblemCount and ProblemVO).
export const COUNT_FIELDS = ['ac', 'wa', 'tle', 'mle', 're', 'pe', 'ce', 'se', 'pa'] as const;
export type CountField = (typeof COUNT_FIELDS)[number];
export type Counts = Record<CountField, number> & { total: number };
