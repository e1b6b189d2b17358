/** @oj/judge-runner: run it in-process (embedded default) or as its own process (main.ts). */
export { startRunner, RUNNER_VERSION, type Runner, type RunnerOptions } from './runner';
export { judgeTask, type JudgeDeps, type TestDataSource } from './judge/index';
export {
  detectLanguages,
  effectiveLimits,
  LANGUAGES,
  type LanguageDef,
  type LanguageSupport,
} from './languages/index';
export { Sandbox } from './sandbox/index';
