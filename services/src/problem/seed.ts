// Sample problems shipped with the platform (services/fixtures/problems): A+B (1000),
// a special-judge problem (1001), an interactive one (1002) and an OI problem with
// subtasks (1003). Idempotent: a display id that exists is left alone.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../platform/context';
import * as repo from './repository';
import { formatExamples, LOCAL_OJ, normalizeCaseMode, normalizeNewlines, totalScore } from './rules';
import { insertDraft } from './writer';

export const SAMPLE_PROBLEMS_DIR = fileURLToPath(new URL('../../fixtures/problems/', import.meta.url));

interface FixtureProblem {
  problemId: string;
  title: string;
  type: 0 | 1;
  judgeMode: string;
  judgeCaseMode: string;
  timeLimit: number;
  memoryLimit: number;
  difficulty: number;
  description: string;
  input: string;
  output: string;
  examples: { input: string; output: string }[];
  hint: string;
  source: string;
  tags: string[];
  checker?: { file: string; language: string };
  cases: { input: string; output: string; score?: number; groupNum?: number }[];
}

/** Inserts the sample problems that are missing; returns the display ids it inserted. */
export async function seedSampleProblems(
  ctx: AppContext,
  dir: string = SAMPLE_PROBLEMS_DIR,
): Promise<string[]> {
  const inserted: string[] = [];
  const folders = (await readdir(dir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const languages = await repo.listLanguages(ctx.db, LOCAL_OJ);
  for (const folder of folders.sort()) {
    const base = path.join(dir, folder);
    const meta = JSON.parse(await readFile(path.join(base, 'problem.json'), 'utf8')) as FixtureProblem;
    if (await repo.findProblemByDisplayId(ctx.db, meta.problemId)) continue;
    const cases: repo.CaseInsert[] = [];
    for (const c of meta.cases) {
      const input = normalizeNewlines(await readFile(path.join(base, 'data', c.input), 'utf8'));
      const output = normalizeNewlines(await readFile(path.join(base, 'data', c.output), 'utf8'));
      cases.push({
        input: c.input,
        output: c.output,
        input_hash: await ctx.blobs.put(Buffer.from(input)),
        output_hash: await ctx.blobs.put(Buffer.from(output)),
        score: c.score ?? 0,
        group_num: c.groupNum ?? 1,
      });
    }
    const checker = meta.checker ? await readFile(path.join(base, meta.checker.file), 'utf8') : null;
    const caseMode = normalizeCaseMode(meta.judgeCaseMode);
    try {
      await ctx.db.transaction().execute((tx) =>
        insertDraft(tx, {
          values: {
            problem_id: meta.problemId,
            title: meta.title,
            author: 'root',
            type: meta.type,
            judge_mode: meta.judgeMode,
            judge_case_mode: caseMode,
            time_limit: meta.timeLimit,
            memory_limit: meta.memoryLimit,
            stack_limit: 128,
            description: meta.description,
            input: meta.input,
            output: meta.output,
            examples: formatExamples(meta.examples),
            source: meta.source,
            difficulty: meta.difficulty,
            hint: meta.hint,
            auth: 1,
            io_score:
              meta.type === 1
                ? totalScore(
                    cases.map((c) => ({ score: c.score ?? 0, groupNum: c.group_num ?? 1 })),
                    caseMode,
                  )
                : null,
            spj_code: checker,
            spj_language: checker ? meta.checker!.language : null,
            is_upload_case: true,
            case_version: String(Date.now()),
          },
          tags: meta.tags.map((name) => ({ name })),
          languageIds: languages.map((l) => l.id),
          templates: [],
          cases,
        }),
      );
      inserted.push(meta.problemId);
    } catch (err) {
      // Another process seeded the same problem meanwhile: that is the idempotent outcome.
      if (await repo.findProblemByDisplayId(ctx.db, meta.problemId)) continue;
      throw err;
    }
  }
  return inserted;
}
