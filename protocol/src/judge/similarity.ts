/**
 * Wire shapes of the code similarity reports (issue #28): starting an analysis, its progress push,
 * the report (pairs, fragments), review marks. Browser-safe; `clusterPairs` is shared by the
 * report screen and the tests.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';

/** Durable work queue of analyses (consumed by the similarity worker). */
export const SIMILARITY_QUEUE = 'oj.queue.similarity';
/** Progress of one analysis: `oj.similarity.progress.<uid>` (the starter's user room). */
export const similarityProgressSubject = (uid: string): string => `oj.similarity.progress.${uid}`;
export const SIMILARITY_PROGRESS_ALL = 'oj.similarity.progress.>';
/** Socket event relayed to the starter's user room. */
export const SIMILARITY_PROGRESS_EVENT = 'similarity:progress';

export const SIMILARITY_SCOPES = ['contest', 'problem', 'training'] as const;
export type SimilarityScope = (typeof SIMILARITY_SCOPES)[number];
export const SIMILARITY_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type SimilarityState = (typeof SIMILARITY_STATES)[number];

export const StartSimilarityBody = Type.Object({
  scope: Type.Union(SIMILARITY_SCOPES.map((s) => Type.Literal(s))),
  /** The contest id, problem id or training id. */
  scopeId: Type.Integer({ minimum: 1 }),
  /** Every accepted submission instead of each user's last one. */
  allAccepted: Type.Optional(Type.Boolean()),
  /** Template code whose fragments do not count as matches. */
  baseCode: Type.Optional(Type.String({ maxLength: 65536 })),
});
export type StartSimilarityBody = Static<typeof StartSimilarityBody>;

export const SimilarityAnalysis = Type.Object({
  id: Type.Integer(),
  scope: Type.String(),
  scopeId: Type.Integer(),
  allAccepted: Type.Boolean(),
  state: Type.String(),
  /** Groups (problem × language) analysed so far, of `total`. */
  done: Type.Integer(),
  total: Type.Integer(),
  submissions: Type.Integer(),
  pairs: Type.Integer(),
  error: Nullable(Type.String()),
  createdBy: Type.String(),
  createdAt: Type.String(),
  finishedAt: Nullable(Type.String()),
});
export type SimilarityAnalysis = Static<typeof SimilarityAnalysis>;

export const SimilarityProgress = Type.Object({
  id: Type.Integer(),
  state: Type.String(),
  done: Type.Integer(),
  total: Type.Integer(),
});
export type SimilarityProgress = Static<typeof SimilarityProgress>;

/** A matched fragment: 0-based rows/columns of both sides (end column exclusive). */
export const SimilarityFragment = Type.Object({
  left: Type.Tuple([Type.Integer(), Type.Integer(), Type.Integer(), Type.Integer()]),
  right: Type.Tuple([Type.Integer(), Type.Integer(), Type.Integer(), Type.Integer()]),
  /** Matched fingerprints (k-grams) in the fragment. */
  kgrams: Type.Integer(),
});
export type SimilarityFragment = Static<typeof SimilarityFragment>;

export const SimilarityPair = Type.Object({
  id: Type.Integer(),
  pid: Type.Integer(),
  displayPid: Type.String(),
  language: Type.String(),
  leftSubmitId: Type.Integer(),
  rightSubmitId: Type.Integer(),
  leftUid: Type.String(),
  rightUid: Type.String(),
  leftUsername: Type.String(),
  rightUsername: Type.String(),
  /** 0..1: the share of both sides' fingerprints in common. */
  similarity: Type.Number(),
  /** Tokens of the longest common fragment. */
  longest: Type.Integer(),
  reviewed: Type.Boolean(),
});
export type SimilarityPair = Static<typeof SimilarityPair>;

export const SimilarityReport = Type.Object({
  analysis: SimilarityAnalysis,
  pairs: Type.Array(SimilarityPair),
});
export type SimilarityReport = Static<typeof SimilarityReport>;

export const SimilarityPairDetail = Type.Object({
  pair: SimilarityPair,
  leftCode: Type.String(),
  rightCode: Type.String(),
  fragments: Type.Array(SimilarityFragment),
});
export type SimilarityPairDetail = Static<typeof SimilarityPairDetail>;

export const SimilarityIdQuery = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const SimilarityListQuery = Type.Object({
  scope: Type.Optional(Type.Union(SIMILARITY_SCOPES.map((s) => Type.Literal(s)))),
  scopeId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export const SimilarityReviewBody = Type.Object({
  pairId: Type.Integer({ minimum: 1 }),
  reviewed: Type.Boolean(),
});
export const SimilarityCheatBody = Type.Object({
  analysisId: Type.Integer({ minimum: 1 }),
  uid: Type.String({ minLength: 1, maxLength: 64 }),
});
export const SimilarityCheatResult = Type.Object({
  cancelled: Type.Array(Type.Integer()),
  skipped: Type.Array(Type.Integer()),
});
export type SimilarityCheatResult = Static<typeof SimilarityCheatResult>;

export interface SimilarityCluster {
  /** Users linked by pairs at or above the threshold (sorted). */
  users: string[];
  pairs: number;
  /** Highest similarity inside the cluster. */
  top: number;
}

/** Users joined by pairs at or above `threshold` into connected groups (union-find), largest first. */
export function clusterPairs(
  pairs: readonly Pick<SimilarityPair, 'leftUsername' | 'rightUsername' | 'similarity'>[],
  threshold: number,
): SimilarityCluster[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    let c = x;
    while (c !== r) {
      const n = parent.get(c)!;
      parent.set(c, r);
      c = n;
    }
    return r;
  };
  const kept = pairs.filter((p) => p.similarity >= threshold && p.leftUsername !== p.rightUsername);
  for (const p of kept) {
    for (const u of [p.leftUsername, p.rightUsername]) if (!parent.has(u)) parent.set(u, u);
    const a = find(p.leftUsername);
    const b = find(p.rightUsername);
    if (a !== b) parent.set(a, b);
  }
  const groups = new Map<string, SimilarityCluster>();
  for (const p of kept) {
    const root = find(p.leftUsername);
    const g = groups.get(root) ?? { users: [], pairs: 0, top: 0 };
    g.pairs += 1;
    g.top = Math.max(g.top, p.similarity);
    groups.set(root, g);
  }
  for (const u of parent.keys()) groups.get(find(u))!.users.push(u);
  return [...groups.values()]
    .map((g) => ({ ...g, users: g.users.sort() }))
    .sort((a, b) => b.users.length - a.users.length || b.top - a.top);
}

/** The report rows as CSV (RFC 4180 quoting), the export of the report screen. */
export function similarityCsv(pairs: readonly SimilarityPair[]): string {
  const q = (v: string | number | boolean) => {
    const s = String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const head = [
    'problem',
    'language',
    'similarity',
    'longest',
    'user_a',
    'submission_a',
    'user_b',
    'submission_b',
    'reviewed',
  ];
  const rows = pairs.map((p) =>
    [
      p.displayPid,
      p.language,
      p.similarity.toFixed(4),
      p.longest,
      p.leftUsername,
      p.leftSubmitId,
      p.rightUsername,
      p.rightSubmitId,
      p.reviewed,
    ]
      .map(q)
      .join(','),
  );
  return [head.join(','), ...rows].join('\r\n') + '\r\n';
}
