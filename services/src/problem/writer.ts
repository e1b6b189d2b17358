// Saving a whole problem (row, tags, languages, templates, cases) inside one transaction.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { ProblemRow } from './mappers';
import * as repo from './repository';
import { LOCAL_OJ } from './rules';

type Db = Kysely<Database>;

export interface TagRef {
  id?: number | null;
  name?: string | null;
  color?: string | null;
}

export interface ProblemDraft {
  /** problem_id absent: the display id becomes `P{id}`. */
  values: Omit<repo.ProblemInsert, 'problem_id'> & { problem_id?: string | null };
  tags: TagRef[];
  languageIds: number[];
  templates: { lid: number; code: string; status: boolean }[];
  cases: repo.CaseInsert[];
}

/** Tag ids for the given refs: ids as given, names reused among ME tags (case-insensitive) or created. */
export async function resolveTags(db: Db, refs: readonly TagRef[], oj = LOCAL_OJ): Promise<number[]> {
  const ids: number[] = [];
  const byName = refs.filter((t) => t.id == null && t.name?.trim());
  const existing = await repo.findLocalTagsByNames(
    db,
    byName.map((t) => t.name!.trim()),
  );
  const known = new Map(existing.filter((t) => t.oj === oj).map((t) => [t.name.toLowerCase(), t.id]));
  for (const ref of refs) {
    if (ref.id != null) {
      ids.push(ref.id);
      continue;
    }
    const name = ref.name?.trim();
    if (!name) continue;
    let id = known.get(name.toLowerCase());
    if (id == null) {
      id = (await repo.insertTag(db, { name, color: ref.color ?? null, oj })).id;
      known.set(name.toLowerCase(), id);
    }
    ids.push(id);
  }
  return ids;
}

/** Inserts a draft (call inside a transaction). */
export async function insertDraft(db: Db, draft: ProblemDraft): Promise<ProblemRow> {
  const wanted = draft.values.problem_id?.trim().toUpperCase();
  let row = await repo.insertProblem(db, { ...draft.values, problem_id: wanted || `TMP-${randomUUID()}` });
  if (!wanted) {
    await repo.updateProblem(db, row.id, { problem_id: `P${row.id}` });
    row = { ...row, problem_id: `P${row.id}` };
  }
  await repo.setProblemTags(db, row.id, await resolveTags(db, draft.tags));
  await repo.setProblemLanguages(db, row.id, draft.languageIds);
  await repo.replaceCodeTemplates(db, row.id, draft.templates);
  await repo.replaceCases(db, row.id, draft.cases);
  return row;
}
