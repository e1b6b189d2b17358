// The checks a submission and a self-test both pass before anything is stored: the feature
// switch of its kind, the code, the language, and the user's frequency window.
import { denied, fail } from '../platform/http/errors';
import * as repo from './repository';
import { JUDGE_LANGUAGES, JudgeMessages as M, languageError } from './messages';
import type { JudgeProblem } from './ports';
import type { JudgeContext } from './service-context';

const MAX_CODE_LENGTH = 65_535;

export function checkCode(code: string) {
  if (code.trim() === '') throw fail(M.CODE_EMPTY);
  if (code.length > MAX_CODE_LENGTH) throw fail(M.CODE_TOO_LONG);
}

/** A problem's own languages when it lists some, the judge's otherwise (and when no problem yet). */
export function checkLanguage(language: string, problem: JudgeProblem | null) {
  const allowed: readonly string[] =
    problem && problem.languages.length ? problem.languages : JUDGE_LANGUAGES;
  if (!allowed.includes(language)) throw fail(languageError(allowed));
}

export function createSubmitGates(ctx: Pick<JudgeContext, 'db' | 'switches'>) {
  const { db, switches } = ctx;

  async function checkSwitch(kind: 'public' | 'group' | 'contest') {
    const sw = await switches();
    if (kind === 'group' && !sw.openGroupJudge) throw denied(M.GROUP_JUDGE_OFF);
    if (kind === 'contest' && !sw.openContestJudge) throw denied(M.CONTEST_JUDGE_OFF);
    if (kind === 'public' && !sw.openPublicJudge) throw denied(M.PUBLIC_JUDGE_OFF);
    return sw;
  }

  async function takeWindow(kind: 'submit' | 'test', uid: string, seconds: number, msg: string) {
    if (seconds <= 0) return;
    if (!(await repo.takeRateWindow(db, `${kind}:${uid}`, seconds))) throw denied(msg);
  }

  return { checkSwitch, takeWindow };
}

export type SubmitGates = ReturnType<typeof createSubmitGates>;
