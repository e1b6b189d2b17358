// Adapts the problem capability's judge port (services/src/problem/port.ts) to the
// ProblemPort this capability codes against.
import type { Kysely } from 'kysely';
import { sha256Hex } from '@oj/protocol/bus';
import type { Database } from '../platform/db/schema';
import { createProblemJudgePort, type ProblemForJudge } from '../problem/port';
import { findProblem, findProblemByDisplayId } from '../problem/repository';
import type { JudgeProblem, ProblemPort, ProblemSummary } from './ports';

/** The statement's example pairs of a stored `examples` (`<input>..</input><output>..</output>` repeated). */
export function parseExamples(examples: string): { input: string; output: string }[] {
  const out: { input: string; output: string }[] = [];
  for (const m of examples.matchAll(/<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g))
    out.push({ input: m[1]!, output: m[2]! });
  return out;
}

/**
 * Hashes a case's data could have if it is this example text: test data is stored with LF line
 * ends, and an example is often typed without the final line end the data file has (or with it).
 */
function exampleHashes(text: string): string[] {
  const lf = text.replace(/\r\n?/g, '\n');
  const bare = lf.replace(/\s+$/, '');
  return [...new Set([lf, bare, `${bare}\n`])].map((t) => sha256Hex(Buffer.from(t, 'utf8')));
}

/**
 * The sample cases (issue #26.3): those whose input and output are one of the statement's
 * examples, compared by the blob hashes the cases are stored under.
 */
export function sampleKeys(examples: string): Set<string> {
  const keys = new Set<string>();
  for (const e of parseExamples(examples))
    for (const i of exampleHashes(e.input)) for (const o of exampleHashes(e.output)) keys.add(`${i}:${o}`);
  return keys;
}

export function toJudgeProblem(p: ProblemForJudge): JudgeProblem {
  const samples = p.examples ? sampleKeys(p.examples) : new Set<string>();
  const nonEmpty = (files: Record<string, string>) => (Object.keys(files).length ? files : undefined);
  const userExtraFiles = nonEmpty(p.userExtraFiles);
  const judgeExtraFiles = nonEmpty(p.judgeExtraFiles);
  return {
    id: p.pid,
    problemId: p.problemId,
    title: p.title,
    type: p.type,
    difficulty: p.difficulty,
    auth: p.auth,
    isRemote: p.isRemote,
    gid: p.isGroup ? p.gid : null,
    codeShare: p.codeShare,
    openCaseResult: p.openCaseResult,
    judgeMode: p.judgeMode,
    judgeCaseMode: p.judgeCaseMode,
    limits: { timeLimit: p.timeLimit, memoryLimit: p.memoryLimit, stackLimit: p.stackLimit },
    ioScore: p.ioScore,
    isRemoveEndBlank: p.isRemoveEndBlank,
    ...(p.fileIO ? { fileIO: p.fileIO } : {}),
    ...(userExtraFiles ? { userExtraFiles } : {}),
    ...(judgeExtraFiles ? { judgeExtraFiles } : {}),
    ...(p.checker ? { checker: p.checker } : {}),
    ...(p.outputValidatorFlags ? { outputValidatorFlags: p.outputValidatorFlags } : {}),
    languages: p.languages,
    testCases: [...p.cases]
      .sort((a, b) => a.seq - b.seq)
      .map((c) => ({
        caseId: c.caseId,
        inputHash: c.inputHash,
        outputHash: c.outputHash,
        score: c.score,
        groupNum: c.groupNum,
        ...(samples.has(`${c.inputHash}:${c.outputHash}`) ? { sample: true } : {}),
        ...(c.visible ? { visible: true } : {}),
      })),
  };
}

/** The problem bank as the judge capability sees it, over the problem capability's own port. */
export function problemPortFromProblemCapability(db: Kysely<Database>): ProblemPort {
  const port = createProblemJudgePort(db);
  return {
    async getProblemForJudge(pid) {
      const p = await port.getProblemForJudge(pid);
      return p ? toJudgeProblem(p) : null;
    },
    async findPidByDisplayId(problemId) {
      return (await findProblemByDisplayId(db, problemId))?.id ?? null;
    },
    async summariesOf(pids) {
      const rows = await Promise.all(pids.map((pid) => findProblem(db, pid)));
      const out = new Map<number, ProblemSummary>();
      for (const r of rows)
        if (r) out.set(r.id, { problemId: r.problem_id, title: r.title, difficulty: r.difficulty });
      return out;
    },
    async recentProblems() {
      const rows = await db
        .selectFrom('problem')
        .select(['id', 'problem_id', 'title', 'type', 'gmt_create', 'gmt_modified'])
        .where('auth', '=', 1)
        .where('is_group', '=', false)
        .orderBy('gmt_create', 'desc')
        .orderBy('id', 'desc')
        .limit(10)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        problemId: r.problem_id,
        title: r.title,
        type: r.type,
        gmtCreate: r.gmt_create,
        gmtModified: r.gmt_modified,
      }));
    },
    // The counters move inside the verdict transaction: the problem port is built on it.
    recordVerdict: (pid, previousStatus, newStatus, trx) =>
      createProblemJudgePort(trx).recordVerdict(pid, previousStatus, newStatus),
  };
}
