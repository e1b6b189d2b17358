/** Problem rule type. */
export const ProblemType = { ACM: 0, OI: 1 } as const;
export type ProblemType = (typeof ProblemType)[keyof typeof ProblemType];

export const Difficulty = { EASY: 0, MID: 1, HARD: 2 } as const;
export type Difficulty = (typeof Difficulty)[keyof typeof Difficulty];

/** 1 public, 2 private, 3 contest-only. */
export const ProblemAuth = { PUBLIC: 1, PRIVATE: 2, CONTEST: 3 } as const;
export type ProblemAuth = (typeof ProblemAuth)[keyof typeof ProblemAuth];

export const JudgeMode = { DEFAULT: 'default', SPJ: 'spj', INTERACTIVE: 'interactive' } as const;
export type JudgeMode = (typeof JudgeMode)[keyof typeof JudgeMode];

export const JudgeCaseMode = {
  DEFAULT: 'default',
  SUBTASK_LOWEST: 'subtask_lowest',
  SUBTASK_AVERAGE: 'subtask_average',
  ERGODIC_WITHOUT_ERROR: 'ergodic_without_error',
} as const;
export type JudgeCaseMode = (typeof JudgeCaseMode)[keyof typeof JudgeCaseMode];

/** Remote problem banks, as display-id prefixes. */
export const REMOTE_OJS = ['HDU', 'CF', 'POJ', 'GYM', 'AC', 'SPOJ', 'LIBRE'] as const;

export const Gender = { MALE: 'male', FEMALE: 'female', SECRECY: 'secrecy' } as const;
